// Job openings (issue 12): option lists, limits, messages and the API's shapes, written once.
import { z } from 'zod';
import { optionMessage, requiredMessage, tooLongMessage } from './errors.ts';
import { CURRENCIES } from './options.ts';

export const JOB_LOCATIONS = ['london', 'kent', 'kathmandu', 'remote'] as const;
export type JobLocation = (typeof JOB_LOCATIONS)[number];
export const JOB_LOCATION_LABELS: Record<JobLocation, string> = {
  london: 'London',
  kent: 'Kent',
  kathmandu: 'Kathmandu',
  remote: 'Remote',
};

/** schema.org / Google employmentType values. */
export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  FULL_TIME: 'Full time',
  PART_TIME: 'Part time',
  CONTRACTOR: 'Contract',
  TEMPORARY: 'Temporary',
  INTERN: 'Internship',
};

/** schema.org QuantitativeValue unitText of a salary. */
export const SALARY_UNITS = ['YEAR', 'MONTH', 'HOUR'] as const;
export type SalaryUnit = (typeof SALARY_UNITS)[number];
export const SALARY_UNIT_LABELS: Record<SalaryUnit, string> = { YEAR: 'a year', MONTH: 'a month', HOUR: 'an hour' };

export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_LENGTH = { title: 200, description: 20_000, salaryMax: 100_000_000 } as const;

/** Where the public reads an opening. */
export const jobPath = (slug: string) => `/career/${encodeURIComponent(slug)}`;

export const JOB_MESSAGES = {
  notFound: 'This job opening does not exist',
  gone: 'This position has been filled or is no longer open',
  notOpen: 'This job opening is no longer open',
  descriptionRequired: 'Description is required',
  salaryOrder: 'The highest salary must not be below the lowest',
  salaryNumber: 'Salary must be a whole number',
  validThroughInvalid: 'Open until must be a date and time',
  created: 'Job opening created',
  updated: 'Job opening updated',
  deleted: 'Job opening deleted',
  saveFailed: 'Failed to save the job opening',
  fetchFailed: 'Failed to fetch job openings',
  deleteFailed: 'Failed to delete the job opening',
} as const;

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
