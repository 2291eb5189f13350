// Path parameters and answers of the API routes, so each route declares its whole shape from here and
// the OpenAPI document (GET /api/openapi.json) is generated from the same schemas.
import { z } from 'zod';
import { BLOG_TAG_LENGTH, normalizeTag } from './blog-options.ts';
import { MESSAGES } from './messages.ts';
import { LEAD_KINDS } from './options.ts';
import { LeadDetailExtrasSchema } from './lead-timeline.ts';
import { LeadWorkSchema } from './lead-work.ts';
import { BlogSchema, UserSchema } from './schemas.ts';
import { LENGTH } from './limits.ts';
import { boundedString, isCleanText } from './text.ts';

/**
 * `{ id }` in a path. A malformed id names no resource, so it is answered like a missing one:
 * 404 with `notFound` (the API turns a bad path parameter into a 404 with the schema's message).
 */
export const idParams = (notFound: string) =>
  z.object({ id: z.uuid(notFound).toLowerCase().describe('The resource id (UUID)') });

export const UserIdParamsSchema = idParams(MESSAGES.users.notFound);
export const BlogIdParamsSchema = idParams(MESSAGES.blog.notFound);

/**
 * GET /api/blogs/:id: an id or a slug; NUL, invalid text or a huge value can name no post. The parameter is
 * named `id` like the other /api/blogs/:id routes (one name per path, for typed clients).
 */
export const BlogIdOrSlugParamsSchema = z.object({
  id: z
    .string()
    .max(LENGTH.pathSegment, MESSAGES.blog.notFound)
    .refine(isCleanText, MESSAGES.blog.notFound)
    .describe('The post id (UUID) or its slug'),
});

/** GET /api/blogs query. */
export const BlogListQuerySchema = z.object({
  status: z
    .enum(['published', 'all'], { error: 'Status must be published or all' })
    .optional()
    .default('published')
    .describe('`all` (editors and admins) adds drafts and scheduled posts'),
  q: boundedString('q', 200)
    .trim()
    .optional()
    .default('')
    .describe('full-text search of title and content, best match first'),
  tag: boundedString('tag', BLOG_TAG_LENGTH * 2)
    .optional()
    .transform((value) => (value ? normalizeTag(value) : ''))
    .describe('only posts with this tag'),
});

export const LeadKindParamsSchema = z.object({
  kind: z.enum(LEAD_KINDS, { error: MESSAGES.http.notFound }),
});
export const LeadParamsSchema = z.object({
  kind: z.enum(LEAD_KINDS, { error: MESSAGES.http.notFound }),
  id: z.uuid(MESSAGES.http.notFound).toLowerCase(),
});

/** GET /api/uploads/images/:name: `<uuid>-<width>.webp`; the route answers 404 for any other name. */
export const ImageNameParamsSchema = z.object({
  name: z.string().max(LENGTH.pathSegment, MESSAGES.http.notFound).describe('`<uuid>-<width>.webp`'),
});

export const CreatedIdSchema = z.object({ id: z.uuid() });
/** POST /api/auth/refresh-token: the refresh token comes back in the body only when it was sent in the body. */
export const TokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z
    .string()
    .optional()
    .describe('The new refresh token of an API client; a browser’s is in the session cookie only'),
});
export const UserListSchema = z.array(UserSchema);
export const BlogListSchema = z.array(BlogSchema);
export const UploadedImageSchema = z.object({
  secure_url: z.string().describe('Path of the 1600 px WebP variant; 480 and 960 sit beside it'),
});

/** GET /api/health; the failure answer may carry details about what is failing. */
export const HealthSchema = z.looseObject({ status: z.string() });

const leadFile = {
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  fileType: z.string().nullable(),
};
// Loose: the inbox shows every column of a lead row (except the storage key, which the API drops).
export const QuoteLeadSchema = LeadWorkSchema.extend({
  ...leadFile,
  fullName: z.string(),
  services: z.string(),
}).loose();
export const ContactLeadSchema = LeadWorkSchema.extend({ name: z.string(), subject: z.string() }).loose();
export const ApplicationLeadSchema = LeadWorkSchema.extend({ ...leadFile, name: z.string(), town: z.string() }).loose();
export const LeadItemSchema = z.union([QuoteLeadSchema, ContactLeadSchema, ApplicationLeadSchema]);
export type LeadItem = z.output<typeof LeadItemSchema>;
/** GET /api/admin/{kind}/{id}: the item with its timeline and notifications. */
export const LeadDetailSchema = z.union([
  QuoteLeadSchema.extend(LeadDetailExtrasSchema.shape),
  ContactLeadSchema.extend(LeadDetailExtrasSchema.shape),
  ApplicationLeadSchema.extend(LeadDetailExtrasSchema.shape),
]);
export const LeadListSchema = z.object({
  items: z.array(LeadItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Answers that are files or text rather than JSON, for the OpenAPI document. */
export const FileResponseSchema = z.string().describe('The file’s bytes');
