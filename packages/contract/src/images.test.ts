import { describe, expect, it } from 'vitest';
import { imageSrcSet, uploadedImageId, uploadedImageUrl } from './images.ts';

const id = '0b6c5f7e-1234-4abc-8def-0123456789ab';

describe('uploaded image naming', () => {
  it('derives the srcset of an uploaded image from its URL', () => {
    expect(uploadedImageUrl(id, 1600)).toBe(`/api/uploads/images/${id}-1600.webp`);
    expect(imageSrcSet(`/api/uploads/images/${id}-1600.webp`)).toBe(
      `/api/uploads/images/${id}-480.webp 480w, /api/uploads/images/${id}-960.webp 960w, /api/uploads/images/${id}-1600.webp 1600w`,
    );
    expect(imageSrcSet(`https://site.example/api/uploads/images/${id}-1600.webp`)).toMatch(
      /^https:\/\/site\.example\/api\/uploads\/images\/.+-480\.webp 480w, /,
    );
  });

  it('gives null for images hosted elsewhere or malformed names', () => {
    for (const url of [
      null,
      undefined,
      '',
      'https://cdn.example/a.png',
      '/api/uploads/images/abc-1600.webp',
      `/other/${id}-1600.webp`,
    ]) {
      expect(imageSrcSet(url)).toBeNull();
      expect(uploadedImageId(url)).toBeNull();
    }
  });
});
