import { IMAGE_MAX_BYTES, IMAGE_WIDTHS, MESSAGES, imageSrcSet } from '@agency/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, type Caller } from '../../../test/auth-fixtures.ts';
import { detectImageKind } from '../../services/images.ts';
import { createWebLoadContext } from '../../services/web-context.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  who = await callers(t.app);
  png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** A multipart body like the original client's image-host upload: `file` and `upload_preset`. */
function multipart(file: { name: string; type: string; data: Buffer }, preset = 'blog_images') {
  const boundary = '----agency-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\n${preset}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (
  file: { name: string; type: string; data: Buffer },
  headers: Record<string, string> = who.headers.editor,
) => {
  const form = multipart(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
};

describe('authorization matrix of the image upload', () => {
  const expected: Record<Caller, number> = {
    'no token': 401,
    garbage: 401,
    expired: 401,
    'alg none': 401,
    'other key': 401,
    pending: 403,
    editor: 201,
    admin: 201,
  };
  it.each(Object.keys(expected) as Caller[])('%s', async (caller) => {
    const res = await upload({ name: 'a.png', type: 'image/png', data: png }, who.headers[caller]);
    expect(res.statusCode).toBe(expected[caller]);
  });
});

describe('POST /api/uploads/images', () => {
  it('converts a real PNG to WebP variants served with a long immutable cache', async () => {
    const res = await upload({ name: 'photo.png', type: 'image/png', data: png });
    expect(res.statusCode).toBe(201);
    const { secure_url: url } = res.json();
    expect(url).toMatch(/^\/api\/uploads\/images\/[0-9a-f-]{36}-1600\.webp$/);

    const srcset = imageSrcSet(url);
    expect(srcset).not.toBeNull();
    const variants = srcset!.split(', ').map((entry) => entry.split(' ')[0]!);
    expect(variants).toHaveLength(IMAGE_WIDTHS.length);
    for (const [i, variant] of variants.entries()) {
      const file = await t.app.inject({ method: 'GET', url: variant });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(IMAGE_WIDTHS[i]);
      expect(meta.height).toBe(IMAGE_WIDTHS[i]! / 2);
    }
  });

  it("gives the post page the uploaded image's pixel size", async () => {
    const { secure_url: imageUrl } = (await upload({ name: 'photo.png', type: 'image/png', data: png })).json();
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: who.headers.editor,
      payload: { title: 'With a picture', content: 'x', imageUrl, imageAlt: 'A test pattern' },
    });
    const context = createWebLoadContext(t.app, { siteUrl: 'http://localhost', jwtSecret: 'test-secret' })();
    const found = await context.blogs.findPublishedBySlug(post.json().slug);
    expect(found).toMatchObject({ imageUrl, image: { width: 1600, height: 800 } });
  });

  it('never upscales a small image', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const res = await upload({ name: 'small.jpg', type: 'image/jpeg', data: small });
    expect(res.statusCode).toBe(201);
    const file = await t.app.inject({ method: 'GET', url: res.json().secure_url });
    expect((await sharp(file.rawPayload).metadata()).width).toBe(300);
  });

  it('accepts GIF, WebP and AVIF by content, whatever the name', async () => {
    const base = sharp({ create: { width: 40, height: 40, channels: 3, background: '#0f0' } });
    for (const data of [
      await base.clone().gif().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      const res = await upload({ name: 'no-extension', type: 'application/octet-stream', data });
      expect(res.statusCode).toBe(201);
    }
  });

  it('refuses a .png name with text content, and broken image bytes, with 415', async () => {
    const text = await upload({ name: 'evil.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(MESSAGES.blog.imageWrongType);
    const svg = await upload({
      name: 'x.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(svg.statusCode).toBe(415);
    const truncated = await upload({ name: 'cut.png', type: 'image/png', data: png.subarray(0, 40) });
    expect(truncated.statusCode).toBe(415);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1024, 0);
    png.copy(big);
    const res = await upload({ name: 'huge.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(MESSAGES.blog.imageTooLarge);
  });

  it('says when the dimensions are what is wrong, not the type', async () => {
    const strip = await sharp({ create: { width: 1, height: 40_000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await upload({ name: 'strip.png', type: 'image/png', data: strip });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: MESSAGES.blog.imageDimensions,
      fields: { file: MESSAGES.blog.imageDimensions },
    });
    // A decompression bomb: 10,000 × 10,000 pixels in a few kilobytes.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    const refused = await upload({ name: 'bomb.png', type: 'image/png', data: bomb });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(MESSAGES.blog.imageDimensions);
  });

  it('answers 400 without a file and 415 for a non-multipart body', async () => {
    const boundary = 'b';
    const onlyPreset = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: { ...who.headers.editor, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\nblog\r\n--${boundary}--\r\n`,
    });
    expect(onlyPreset.statusCode).toBe(400);
    expect(onlyPreset.json().error).toBe(MESSAGES.blog.imageMissing);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/images',
      headers: who.headers.editor,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 404 for unknown or unsafe image names', async () => {
    for (const name of ['00000000-0000-4000-8000-000000000000-1600.webp', '..%2F..%2Fjwt-secret', 'x.webp']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/uploads/images/${name}` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('detectImageKind', () => {
  it('reads the type from magic bytes', () => {
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectImageKind(Buffer.from('GIF89a...'))).toBe('gif');
    expect(detectImageKind(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });
});
