// Job openings' schemas (issue 12): the API's input and output shapes.
import { z } from 'zod';
import { isCleanText } from './text.ts';
import { optionMessage, requiredMessage, tooLongMessage } from './errors.ts';
import {
  EMPLOYMENT_TYPES,
  JOB_LENGTH,
  JOB_LOCATIONS,
  JOB_MESSAGES,
  JOB_STATUSES,
  SALARY_UNITS,
} from './jobs-options.ts';
import { CURRENCIES } from './options.ts';

const salary = (field: string) =>
  z.coerce
    .number({ error: JOB_MESSAGES.salaryNumber })
    .int(JOB_MESSAGES.salaryNumber)
    .min(0, JOB_MESSAGES.salaryNumber)
    .max(JOB_LENGTH.salaryMax, `${field === 'salaryMin' ? 'Lowest' : 'Highest'} salary is too large`);

const choice = <T extends readonly [string, ...string[]]>(field: string, options: T) =>
  z.enum(options, { error: (issue) => (issue.input ? optionMessage(field) : requiredMessage(field)) });

/** POST /api/jobs, PUT /api/jobs/:id */
export const JobInputSchema = z
  .object({
    title: z
      .string({ error: requiredMessage('title') })
      .trim()
      .min(1, requiredMessage('title'))
      .max(JOB_LENGTH.title, tooLongMessage('title', JOB_LENGTH.title)),
    location: choice('location', JOB_LOCATIONS),
    employmentType: choice('employmentType', EMPLOYMENT_TYPES),
    salaryMin: salary('salaryMin'),
    salaryMax: salary('salaryMax'),
    salaryCurrency: choice('salaryCurrency', CURRENCIES),
    salaryUnit: z
      .enum(SALARY_UNITS, { error: optionMessage('salaryUnit') })
      .optional()
      .default('YEAR'),
    description: z
      .string({ error: JOB_MESSAGES.descriptionRequired })
      .trim()
      .min(1, JOB_MESSAGES.descriptionRequired)
      .max(JOB_LENGTH.description, tooLongMessage('description', JOB_LENGTH.description)),
    validThrough: z.iso
      .datetime({
        offset: true,
        error: (issue) => (issue.input ? JOB_MESSAGES.validThroughInvalid : requiredMessage('validThrough')),
      })
      .transform((value) => new Date(value)),
    status: z
      .enum(JOB_STATUSES, { error: optionMessage('status') })
      .optional()
      .default('open'),
  })
  .superRefine((job, ctx) => {
    if (job.salaryMax < job.salaryMin)
      ctx.addIssue({ code: 'custom', path: ['salaryMax'], message: JOB_MESSAGES.salaryOrder });
  });
export type JobInput = z.input<typeof JobInputSchema>;

/** A job opening as the API returns it. */
export const JobSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  location: z.enum(JOB_LOCATIONS),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  salaryMin: z.number(),
  salaryMax: z.number(),
  salaryCurrency: z.enum(CURRENCIES),
  salaryUnit: z.enum(SALARY_UNITS),
  /** Markdown as written. */
  description: z.string(),
  /** Sanitized HTML of `description`. */
  descriptionHtml: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Open, and `validThrough` still ahead. */
  open: z.boolean(),
  validThrough: z.string(),
  datePosted: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof JobSchema>;

/** GET /api/jobs query: `status=all` (editors, admins) adds closed and expired openings. */
export const JobListQuerySchema = z.object({
  status: z.enum(['open', 'all'], { error: 'Status must be open or all' }).optional().default('open'),
});

/**
 * GET /api/jobs/:id: a slug or id; invalid text or a huge value can name no opening. The parameter is named
 * `id` like PUT and DELETE /api/jobs/:id (one name per path, for typed clients).
 */
export const JobSlugParamsSchema = z.object({
  id: z
    .string()
    .max(200, JOB_MESSAGES.notFound)
    .refine(isCleanText, JOB_MESSAGES.notFound)
    .describe('The opening’s slug (or id)'),
});
/** PUT, DELETE /api/jobs/:id: a malformed id names nothing (404). */
export const JobIdParamsSchema = z.object({
  id: z.uuid(JOB_MESSAGES.notFound).toLowerCase().describe('The opening id (UUID)'),
});
/** 410 Gone: the opening as it was, so a client can still say what it was. */
export const JobGoneSchema = z.object({ error: z.string(), job: JobSchema });
