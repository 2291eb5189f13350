// The blog's schemas (issue 12): tags, list query, revisions, preview links.
import { z } from 'zod';
import { BLOG_MESSAGES, BLOG_TAG_LENGTH, BLOG_TAGS_MAX, normalizeTag } from './blog-options.ts';
import { tooLongMessage } from './errors.ts';
import { MESSAGES } from './messages.ts';

const TAG = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;

/** Up to five distinct tags; a comma-separated string (the admin's field) is accepted too. */
export const BlogTagsSchema = z
  .union([z.array(z.string()), z.string()], { error: BLOG_MESSAGES.tagFormat })
  .optional()
  .transform((value) => {
    const list = typeof value === 'string' ? value.split(',') : (value ?? []);
    return [...new Set(list.map(normalizeTag).filter(Boolean))];
  })
  .pipe(
    z
      .array(
        z.string().max(BLOG_TAG_LENGTH, tooLongMessage('tags', BLOG_TAG_LENGTH)).regex(TAG, BLOG_MESSAGES.tagFormat),
      )
      .max(BLOG_TAGS_MAX, BLOG_MESSAGES.tooManyTags),
  );

/** One earlier version of a post (GET /api/blogs/:id/revisions). */
export const BlogRevisionSchema = z.object({
  id: z.string(),
  blogId: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
  /** A hand-written excerpt; null when it was taken from the content. */
  excerpt: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  socialImageUrl: z.string().nullable(),
  socialImageAlt: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.string(),
  publishedAt: z.string().nullable(),
  /** Who replaced this version. */
  editor: z.object({ username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type BlogRevision = z.infer<typeof BlogRevisionSchema>;

/** POST /api/blogs/:id/revisions/:revisionId/restore: malformed ids name nothing (404). */
export const BlogRevisionParamsSchema = z.object({
  id: z.uuid(MESSAGES.blog.notFound).toLowerCase().describe('The post id (UUID)'),
  revisionId: z.uuid(BLOG_MESSAGES.revisionNotFound).toLowerCase().describe('The revision id (UUID)'),
});

/** POST /api/blogs/:id/preview */
export const BlogPreviewSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type BlogPreview = z.infer<typeof BlogPreviewSchema>;
