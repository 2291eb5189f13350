// Form and API schemas: used by the React forms, the Fastify routes and the tests.
import { z } from 'zod';
import {
  BLOG_EXCERPT_LENGTH,
  BLOG_IMAGE_ALT_LENGTH,
  BLOG_MESSAGES,
  BLOG_SEO_DESCRIPTION_LENGTH,
  BLOG_SEO_TITLE_LENGTH,
  BLOG_SLUG_LENGTH,
  BLOG_SLUG_PATTERN,
  BLOG_TAG_LENGTH,
  BLOG_TAGS_MAX,
  isImageAddress,
} from './blog-options.ts';
import { BlogTagsSchema } from './blog.ts';
import { optionMessage, requiredMessage } from './errors.ts';
import { INVALID_EMAIL_MESSAGE, labelOf } from './fields.ts';
import { LENGTH } from './limits.ts';
import { boundedString } from './text.ts';
import {
  BLOG_STATUSES,
  BUDGETS_GBP,
  BUDGETS_NPR,
  CAREER_POSITIONS,
  COMPANY_SIZES,
  CONTACT_METHODS,
  CURRENCIES,
  NOT_SPECIFIED,
  REGION_SETTINGS,
  REGIONS,
  ROLES,
  SERVICES,
  SOURCES,
} from './options.ts';
import { HONEYPOT_FIELD, QUOTE_MODAL_REQUIRED, QUOTE_REGIONAL_REQUIRED } from './native-forms.ts';

const text = (field: string, max: number) => boundedString(field, max).trim();

const requiredText = (field: string, max: number) => text(field, max).min(1, requiredMessage(field));
/** Optional text: left out, null or empty all mean empty. */
const optionalText = (field: string, max: number) =>
  text(field, max)
    .nullish()
    .transform((value) => value ?? '');

const email = text('email', LENGTH.email).min(1, requiredMessage('email')).pipe(z.email(INVALID_EMAIL_MESSAGE));
/** An email address field (required, trimmed, at most LENGTH.email). */
export const EmailSchema = email;

/** A select value: empty, one of the options, or 'Not Specified' (which counts as filled). */
const choice = <T extends readonly [string, ...string[]]>(field: string, options: T) =>
  z
    .string()
    .max(LENGTH.short, optionMessage(field))
    .trim()
    .optional()
    .default('')
    .refine((value) => !value || value === NOT_SPECIFIED || options.includes(value), optionMessage(field));

const honeypot = boundedString(HONEYPOT_FIELD, LENGTH.long).optional().default('');

/**
 * POST /api/request-quote. Without `region` it is the quote modal, where every
 * field of QUOTE_MODAL_REQUIRED is required; with `region` it is a regional form,
 * where only name, email, phone and company are. Empty choices are stored as
 * 'Not Specified'.
 */
export const QuoteRequestSchema = z
  .object({
    fullName: optionalText('fullName', LENGTH.name),
    email,
    phone: optionalText('phone', LENGTH.phone),
    companyName: optionalText('companyName', LENGTH.short),
    size: choice('size', COMPANY_SIZES),
    contactMethod: choice('contactMethod', CONTACT_METHODS),
    services: choice('services', SERVICES),
    description: optionalText('description', LENGTH.long),
    budget: choice('budget', [...BUDGETS_GBP, ...BUDGETS_NPR]),
    deadline: optionalText('deadline', LENGTH.short),
    source: choice('source', SOURCES),
    additionalDetails: optionalText('additionalDetails', LENGTH.long),
    region: z.enum(REGIONS, { error: optionMessage('region') }).optional(),
    currency: z.enum(CURRENCIES, { error: optionMessage('currency') }).optional(),
    [HONEYPOT_FIELD]: honeypot,
  })
  .superRefine((quote, ctx) => {
    const required = quote.region ? QUOTE_REGIONAL_REQUIRED : QUOTE_MODAL_REQUIRED;
    for (const field of required) {
      if (!quote[field]) ctx.addIssue({ code: 'custom', path: [field], message: requiredMessage(field) });
    }
    // A quote's budget and currency are those its form offers: the modal's and the UK form's are in pounds,
    // the Nepal form's in rupees (docs/product.md section 3), so a stored lead never contradicts itself.
    const offered = REGION_SETTINGS[quote.region ?? 'uk'];
    if (
      quote.budget &&
      quote.budget !== NOT_SPECIFIED &&
      !(offered.budgets as readonly string[]).includes(quote.budget)
    ) {
      ctx.addIssue({ code: 'custom', path: ['budget'], message: optionMessage('budget') });
    }
    if (quote.currency && quote.currency !== offered.currency) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: optionMessage('currency') });
    }
  })
  .transform((quote) => {
    const filled = (value: string) => value || NOT_SPECIFIED;
    return {
      ...quote,
      size: filled(quote.size),
      contactMethod: filled(quote.contactMethod),
      services: filled(quote.services),
      budget: filled(quote.budget),
      deadline: filled(quote.deadline),
      source: filled(quote.source),
      currency: REGION_SETTINGS[quote.region ?? 'uk'].currency,
    };
  });
export type QuoteRequestInput = z.input<typeof QuoteRequestSchema>;
export type QuoteRequest = z.output<typeof QuoteRequestSchema>;

/** POST /api/contact. */
export const ContactSchema = z.object({
  name: requiredText('name', LENGTH.name),
  email,
  subject: requiredText('subject', LENGTH.short),
  phone: optionalText('phone', LENGTH.phone),
  message: optionalText('message', LENGTH.long),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactInput = z.input<typeof ContactSchema>;
export type Contact = z.output<typeof ContactSchema>;

/**
 * POST /api/jobs/apply (text parts; the `resume` file is checked separately). With `jobId` (an open
 * posting) the position is the posting's title, set by the server; without it, one of CAREER_POSITIONS.
 */
export const JobApplicationSchema = z
  .object({
    name: requiredText('name', LENGTH.name),
    contact: requiredText('contact', LENGTH.phone),
    email,
    town: requiredText('town', LENGTH.short),
    country: requiredText('country', LENGTH.short),
    position: optionalText('position', LENGTH.short),
    salary: requiredText('salary', LENGTH.short),
    currency: z.enum(CURRENCIES, {
      error: (issue) => (issue.input ? optionMessage('currency') : requiredMessage('currency')),
    }),
    info: optionalText('info', LENGTH.long),
    jobId: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.uuid({ error: optionMessage('jobId') }).optional()),
    [HONEYPOT_FIELD]: honeypot,
  })
  .superRefine(
    (application, ctx) => {
      if (application.jobId) return;
      const position = typeof application.position === 'string' ? application.position : '';
      if (!(CAREER_POSITIONS as readonly string[]).includes(position))
        ctx.addIssue({
          code: 'custom',
          path: ['position'],
          message: position ? optionMessage('position') : requiredMessage('position'),
        });
    },
    // Also when other fields failed, so the position's message is not missing from the list.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type JobApplicationInput = z.input<typeof JobApplicationSchema>;
export type JobApplication = z.output<typeof JobApplicationSchema>;

const password = boundedString('password', LENGTH.password.max);

/** A password being chosen (registration, reset, change): the length rules live here only. */
export const newPassword = (field: string) =>
  boundedString(field, LENGTH.password.max).min(
    LENGTH.password.min,
    `${labelOf(field)} must be at least ${LENGTH.password.min} characters`,
  );

export const RegisterSchema = z.object({
  name: requiredText('name', LENGTH.name),
  email,
  password: newPassword('password'),
});
export type RegisterInput = z.input<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: requiredText('email', LENGTH.email),
  password: password.min(1, requiredMessage('password')),
});
export type LoginInput = z.input<typeof LoginSchema>;

/**
 * POST /api/auth/refresh-token and /api/auth/logout: an API client sends its refresh token; a browser sends none
 * (no body at all) and its session cookie (SESSION_COOKIE) instead.
 */
export const RefreshTokenSchema = z.object({
  refreshToken: boundedString('refreshToken', LENGTH.token)
    .min(1, requiredMessage('refreshToken'))
    .optional()
    .describe('The refresh token of an API client; a browser leaves it out and sends its session cookie'),
});

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z
    .string()
    .optional()
    .describe(
      'For API clients; left out when the request said `X-Session: cookie` (a browser: its refresh token is in the session cookie only)',
    ),
  user: UserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RoleChangeSchema = z.object({
  role: z.enum(ROLES, { error: optionMessage('role') }),
});

export const BlogInputSchema = z
  .object({
    title: requiredText('title', LENGTH.blogTitle),
    content: requiredText('content', LENGTH.blogContent),
    imageUrl: text('imageUrl', LENGTH.url)
      .refine((value) => !value || isImageAddress(value), BLOG_MESSAGES.imageUrlInvalid)
      .nullish()
      .transform((value) => value || null),
    imageAlt: text('imageAlt', BLOG_IMAGE_ALT_LENGTH)
      .nullish()
      // Left out (docs/product.md's payload has no such field): the post's title describes its image.
      // Sent empty with an image (the admin's form): refused, the editor is asked for a description.
      .transform((value) => (value === undefined ? undefined : value || null))
      .describe(
        'What the image shows, for people who cannot see it. Sent empty with an image: 400. Left out: the title describes a new image, an existing description is kept',
      ),
    status: z.enum(BLOG_STATUSES, { error: optionMessage('status') }).optional(),
    /** When the post goes (or went) public; required with status `scheduled`. */
    publishedAt: z.iso
      .datetime({ offset: true, error: BLOG_MESSAGES.publishedAtInvalid })
      .nullish()
      .transform((value) => (value ? new Date(value) : null)),
    tags: BlogTagsSchema,
    // Issue 23, item 6. Each is optional. The slug, left out or empty, follows the title as before; the
    // excerpt, left out, stays hand-written if it was, else follows the content; the others, left out, keep
    // their value, and sent empty are removed.
    slug: text('slug', BLOG_SLUG_LENGTH)
      .toLowerCase()
      .refine((value) => !value || BLOG_SLUG_PATTERN.test(value), BLOG_MESSAGES.slugFormat)
      .nullish()
      .describe('The address /blog/<slug>; empty: taken from the title. Another post’s or a reserved one: 400'),
    excerpt: text('excerpt', BLOG_EXCERPT_LENGTH)
      .nullish()
      .describe('Written by hand; empty: the beginning of the content'),
    seoTitle: text('seoTitle', BLOG_SEO_TITLE_LENGTH).nullish().describe('The page title; empty: the post’s title'),
    seoDescription: text('seoDescription', BLOG_SEO_DESCRIPTION_LENGTH)
      .nullish()
      .describe('The meta description; empty: the excerpt'),
    socialImageUrl: text('socialImageUrl', LENGTH.url)
      .refine((value) => !value || isImageAddress(value), BLOG_MESSAGES.imageUrlInvalid)
      .nullish()
      .describe('The image shared with links to the post (og:image); empty: the post’s image'),
    socialImageAlt: text('socialImageAlt', BLOG_IMAGE_ALT_LENGTH).nullish().describe('Required with a social image'),
    version: z
      .number({ error: 'Version must be a number.' })
      .int()
      .min(0)
      .optional()
      .describe('On an update: the version the editor opened; another one → 409 naming who changed the post'),
  })
  .superRefine((blog, ctx) => {
    if (blog.imageUrl && blog.imageAlt === null)
      ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: BLOG_MESSAGES.imageAltRequired });
    if (blog.socialImageUrl && !blog.socialImageAlt)
      ctx.addIssue({ code: 'custom', path: ['socialImageAlt'], message: BLOG_MESSAGES.socialImageAltRequired });
    if (blog.status === 'scheduled' && !blog.publishedAt)
      ctx.addIssue({ code: 'custom', path: ['publishedAt'], message: BLOG_MESSAGES.publishedAtRequired });
  });
export type BlogInput = z.input<typeof BlogInputSchema>;

/**
 * A post's autosaved draft (issue 23, item 6): the editor's form as it stood, kept on the server and never shown
 * to the public. Every field is optional (a half-written post), with the limits of the post's own fields.
 */
export const BlogDraftDataSchema = z.object({
  title: text('title', LENGTH.blogTitle).optional(),
  content: text('content', LENGTH.blogContent).optional(),
  published: z.boolean().optional().describe('The Published switch'),
  publishAt: text('publishAt', 40).optional().describe('The publication time as typed (local), or empty'),
  tags: text('tags', BLOG_TAGS_MAX * (BLOG_TAG_LENGTH + 2))
    .optional()
    .describe('Comma-separated, as typed'),
  imageUrl: text('imageUrl', LENGTH.url).nullable().optional(),
  imageAlt: text('imageAlt', BLOG_IMAGE_ALT_LENGTH).optional(),
  slug: text('slug', BLOG_SLUG_LENGTH).optional(),
  excerpt: text('excerpt', BLOG_EXCERPT_LENGTH).optional(),
  seoTitle: text('seoTitle', BLOG_SEO_TITLE_LENGTH).optional(),
  seoDescription: text('seoDescription', BLOG_SEO_DESCRIPTION_LENGTH).optional(),
  socialImageUrl: text('socialImageUrl', LENGTH.url).nullable().optional(),
  socialImageAlt: text('socialImageAlt', BLOG_IMAGE_ALT_LENGTH).optional(),
});
export type BlogDraftData = z.output<typeof BlogDraftDataSchema>;

/** PUT /api/blogs/{id}/draft. */
export const BlogDraftBodySchema = z.object({
  version: z
    .number({ error: 'Version must be a number.' })
    .int()
    .min(0)
    .describe('The version the editor opened (the post’s `version`)'),
  data: BlogDraftDataSchema,
});

/**
 * POST /api/blogs/draft: the first autosave of a new post, which creates it as an unpublished draft holding
 * `data` (at least a title or some content: an empty post is never kept).
 */
export const BlogNewDraftBodySchema = z.object({
  data: BlogDraftDataSchema.refine((data) => Boolean(data.title?.trim() || data.content?.trim()), {
    message: BLOG_MESSAGES.draftEmpty,
    path: ['title'],
  }),
});

/** A blog post as the API returns it: docs/product.md's shape plus the fields the blog's later changes add. */
export const BlogSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
  author: z.object({ username: z.string() }).nullable(),
  slug: z.string(),
  excerpt: z.string(),
  /** The excerpt was written by hand (else it is the beginning of the content). */
  excerptWritten: z.boolean(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  socialImageUrl: z.string().nullable(),
  socialImageAlt: z.string().nullable(),
  /** A scheduled post whose time has come reads `published`. */
  status: z.enum(BLOG_STATUSES),
  publishedAt: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  // Editors only (GET /api/blogs?status=all, PUT /api/blogs/{id}/draft, POST /api/blogs/draft): never in a public answer.
  version: z.number().int().optional().describe('Editors only: send it back with the next draft save or update'),
  draft: z
    .object({ data: BlogDraftDataSchema, savedAt: z.string(), savedBy: z.string().nullable() })
    .nullable()
    .optional()
    .describe('Editors only: the autosaved draft, or null'),
  neverSaved: z
    .boolean()
    .optional()
    .describe(
      'Editors only: made by the first autosave of a new post (POST /api/blogs/draft) and not saved by anyone yet; its first save makes no revision',
    ),
});
export type Blog = z.infer<typeof BlogSchema>;
