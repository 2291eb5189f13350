// Blog images: the type is read from the bytes (never the name or the declared type), then every
// upload is re-encoded by sharp to WebP in IMAGE_WIDTHS, which also drops metadata and any payload.
import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, IMAGE_WIDTHS, MESSAGES, uploadedImageUrl } from '@agency/contract';
import sharp from 'sharp';
import { Invalid, WrongType } from '../lib/domain-errors.ts';
import type { Storage } from './storage.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The image format from its magic bytes, or null when it is not one we accept. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: [size]["ftyp"][major brand][minor version][compatible brands…]
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

/** A refused upload: not an image we accept (`WrongType`), or dimensions we cannot store (`Invalid`). */
function imageRejected(reason: 'type' | 'dimensions'): Invalid {
  if (reason === 'dimensions')
    return new Invalid(MESSAGES.blog.imageDimensions, { file: MESSAGES.blog.imageDimensions });
  return new WrongType(MESSAGES.blog.imageWrongType, { file: MESSAGES.blog.imageWrongType });
}

/** Refuses decompression bombs: no accepted upload needs more pixels than this. */
const MAX_INPUT_PIXELS = IMAGE_MAX_PIXELS;

/** Height of the largest variant (never wider than the original): WebP cannot store a side over IMAGE_MAX_SIDE. */
const largestVariantHeight = (width: number, height: number) =>
  Math.round((height * Math.min(width, Math.max(...IMAGE_WIDTHS))) / width);

const storageKey = (id: string, width: number) => `images/${id}-${width}.webp`;

/**
 * Stores one WebP per width of IMAGE_WIDTHS (never wider than the original) and returns the URL
 * of the largest. Throws WrongType (or Invalid, for its dimensions) when the bytes are not an image we accept.
 */
export async function storeImage(storage: Storage, bytes: Buffer): Promise<{ id: string; url: string }> {
  if (!detectImageKind(bytes)) throw imageRejected('type');
  // Read without the pixel limit: the header alone says how large the image is.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw imageRejected('type');
  if (meta.width * meta.height > MAX_INPUT_PIXELS || largestVariantHeight(meta.width, meta.height) > IMAGE_MAX_SIDE) {
    throw imageRejected('dimensions');
  }
  const id = randomUUID();
  const variants = await Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      try {
        const data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        return { width, data };
      } catch {
        throw imageRejected('type');
      }
    }),
  );
  for (const variant of variants) await storage.put(storageKey(id, variant.width), variant.data);
  return { id, url: uploadedImageUrl(id, Math.max(...IMAGE_WIDTHS)) };
}

/** Pixel size of a stored variant, or null when it does not exist. Cached: variants never change. */
const sizeCache = new Map<string, { width: number; height: number } | null>();
const SIZE_CACHE_MAX = 500;

export async function storedImageSize(
  storage: Storage,
  id: string,
  width: number,
): Promise<{ width: number; height: number } | null> {
  const key = storageKey(id, width);
  if (sizeCache.has(key)) return sizeCache.get(key) ?? null;
  const file = await storage.get(key);
  let size: { width: number; height: number } | null = null;
  if (file) {
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks))
      .metadata()
      .catch(() => null);
    if (meta?.width && meta.height) size = { width: meta.width, height: meta.height };
  }
  if (sizeCache.size >= SIZE_CACHE_MAX) sizeCache.clear();
  // A missing file is not cached: it may be stored by another instance a moment later.
  if (size) sizeCache.set(key, size);
  return size;
}

export const imageStorageKey = storageKey;
