// The media library (issue 23, item 5): images uploaded once, described once, picked by the page and
// blog editors, and listed with where each is used.
import { z } from 'zod';
import { BLOG_IMAGE_ALT_LENGTH } from './blog-options.ts';
import { requiredMessage } from './errors.ts';
import { boundedString } from './text.ts';

export const MEDIA_MESSAGES = {
  notFound: 'This image is not in the media library',
  altRequired: 'Describe the image for people who cannot see it',
  uploaded: 'Image added to the library',
  uploadFailed: 'The image could not be added',
  deleted: 'Image removed from the library',
  deleteFailed: 'The image could not be removed',
  fetchFailed: 'The media library could not be loaded',
  /** 409: the sentence is followed by the pages and posts that show it. */
  inUse: 'This image is still used by',
} as const;

/** The `alt` field of an upload: what the image shows, required (sent as a multipart field). */
export const MediaAltSchema = boundedString('alt', BLOG_IMAGE_ALT_LENGTH)
  .trim()
  .min(1, requiredMessage('alt'))
  .describe('What the image shows, for people who cannot see it (required)');

/** A page or post that shows an image. */
export const MediaUseSchema = z.object({
  kind: z.enum(['page', 'post']),
  /** The content document's key (`packages`) or the post's id. */
  id: z.string(),
  title: z.string(),
  /** Where the public sees it (the page's or post's path). */
  path: z.string().nullable(),
});
export type MediaUse = z.infer<typeof MediaUseSchema>;

/** 201 of POST /api/admin/media. */
export const MediaCreatedSchema = z.object({ id: z.string(), url: z.string(), alt: z.string() });
export type MediaCreated = z.infer<typeof MediaCreatedSchema>;

/** One image of GET /api/admin/media. */
export const MediaItemSchema = MediaCreatedSchema.extend({
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
  uploadedBy: z.object({ username: z.string() }).nullable(),
  usedBy: z.array(MediaUseSchema),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaListSchema = z.object({ items: z.array(MediaItemSchema) });
export type MediaList = z.infer<typeof MediaListSchema>;

export const MediaIdParamsSchema = z.object({
  id: z.uuid(MEDIA_MESSAGES.notFound).toLowerCase().describe('The image id (UUID)'),
});

/** 409 of DELETE /api/admin/media/{id}: the sentence names them, `usedBy` lists them. */
export const MediaInUseSchema = z.object({ error: z.string(), usedBy: z.array(MediaUseSchema) });

/** "This image is still used by: page “Packages” (/packages), post “Hello”." */
export const mediaInUseMessage = (uses: readonly MediaUse[]) =>
  `${MEDIA_MESSAGES.inUse}: ${uses.map((use) => `${use.kind} “${use.title}”${use.path ? ` (${use.path})` : ''}`).join(', ')}.`;
