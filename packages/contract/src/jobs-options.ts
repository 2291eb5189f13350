// Job openings' option lists, labels, limits, path and messages (issue 12). No zod here.
import { NATIVE_LEAD_FORMS } from './native-forms.ts';

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

/**
 * Paths under /career that are pages of their own (the application form's thank-you page, prerendered and
 * served before any route): an opening never takes them. Derived from the paths the page list is built from;
 * apps/web's page-list test checks that every /career/… page is here.
 */
export const RESERVED_JOB_SLUGS: readonly string[] = [
  ...new Set(
    Object.values(NATIVE_LEAD_FORMS)
      .flatMap((form) => [form.page, form.thanks])
      .filter((path) => path.startsWith('/career/'))
      .map((path) => path.slice('/career/'.length)),
  ),
];

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
