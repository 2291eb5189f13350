// Naming of uploaded blog images, shared so the web can derive a srcset from a post's imageUrl.
import { IMAGE_WIDTHS } from './limits.ts';

/** Public path of the uploaded image variants (served by the API). */
export const UPLOADED_IMAGES_PATH = '/api/uploads/images';

/** `<uuid>-<width>.webp`: one WebP file per width of IMAGE_WIDTHS. */
export const UPLOADED_IMAGE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d+)\.webp$/;

/** URL of one variant of an uploaded image. */
export const uploadedImageUrl = (id: string, width: number) => `${UPLOADED_IMAGES_PATH}/${id}-${width}.webp`;

/**
 * The image id when `url` (path-absolute or absolute) points at an uploaded variant, else null
 * (an image hosted elsewhere has no variants).
 */
export function uploadedImageId(url: string | null | undefined): string | null {
  if (!url) return null;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const prefix = `${UPLOADED_IMAGES_PATH}/`;
  if (!pathname.startsWith(prefix)) return null;
  const match = UPLOADED_IMAGE_NAME.exec(pathname.slice(prefix.length));
  return match?.[1] ?? null;
}

/**
 * `srcset` for an uploaded image ("…-480.webp 480w, …-960.webp 960w, …-1600.webp 1600w"),
 * or null for an image hosted elsewhere. Variants are never upscaled, so for a small original
 * the larger names hold the original size.
 */
export function imageSrcSet(url: string | null | undefined): string | null {
  const id = uploadedImageId(url);
  if (!id) return null;
  const origin = url && /^https?:\/\//i.test(url) ? new URL(url).origin : '';
  return IMAGE_WIDTHS.map((width) => `${origin}${uploadedImageUrl(id, width)} ${width}w`).join(', ');
}
