// The blog's addresses, tags and revisions (issue 12): written once for the API, the web and the tests.
import { z } from 'zod';
import { tooLongMessage } from './errors.ts';

/** The built-in articles' slugs (/blog/aws…): database posts never take them. */
export const BUILT_IN_BLOG_SLUGS = ['aws', 'vpn', 'network-design'] as const;

/** Paths under /blog that are not posts: a post never takes them either. */
export const RESERVED_BLOG_SLUGS = ['rss.xml', 'rss', 'feed', 'preview', 'tag', 'tags', 'search', 'page'] as const;

/** Where the public reads a post. */
export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
/** The blog list filtered by one tag. */
export const blogTagPath = (tag: string) => `/blog?tag=${encodeURIComponent(tag)}`;
/** A draft or scheduled post as the public will see it; the token is the permission. */
export const blogPreviewPath = (token: string) => `/blog/preview/${encodeURIComponent(token)}`;

export const BLOG_TAGS_MAX = 5;
export const BLOG_TAG_LENGTH = 32;
export const BLOG_IMAGE_ALT_LENGTH = 300;
/** How long a preview link works. */
export const BLOG_PREVIEW_TTL_SECONDS = 60 * 60;

export const BLOG_MESSAGES = {
  tooManyTags: `A post has at most ${BLOG_TAGS_MAX} tags`,
  tagFormat: 'A tag is made of letters, digits, spaces and hyphens',
  imageAltRequired: 'Describe the image for people who cannot see it',
  publishedAtRequired: 'A scheduled post needs a publication date and time',
  publishedAtInvalid: 'The publication time must be a date and time',
  revisionNotFound: 'This revision does not exist',
  previewExpired: 'This preview link has expired or is not valid',
} as const;

/** "  Cloud   Security " → "cloud security": tags compare and link in lower case. */
export const normalizeTag = (tag: string) => tag.trim().replace(/\s+/g, ' ').toLowerCase();

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

/** GET /api/blogs query. */
export const BlogListQuerySchema = z.object({
  status: z.enum(['published', 'all'], { error: 'Status must be published or all' }).optional().default('published'),
  q: z.string().trim().max(200, tooLongMessage('q', 200)).optional().default(''),
  tag: z
    .string()
    .max(BLOG_TAG_LENGTH * 2)
    .optional()
    .transform((value) => (value ? normalizeTag(value) : '')),
});
export type BlogListQuery = z.output<typeof BlogListQuerySchema>;

/** One earlier version of a post (GET /api/blogs/:id/revisions). */
export const BlogRevisionSchema = z.object({
  id: z.string(),
  blogId: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.string(),
  publishedAt: z.string().nullable(),
  /** Who replaced this version. */
  editor: z.object({ username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type BlogRevision = z.infer<typeof BlogRevisionSchema>;

/** POST /api/blogs/:id/preview */
export const BlogPreviewSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type BlogPreview = z.infer<typeof BlogPreviewSchema>;
