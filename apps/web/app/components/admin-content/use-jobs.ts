// Every job opening, closed and expired ones too, read from GET /api/jobs?status=all: the Jobs section
// lists them and the Leads inbox filters applications by them (one read, shared).
import { JOB_MESSAGES, JobSchema } from '@agency/contract';
import { useApiQuery } from '~/lib/api-query';

const JobListSchema = JobSchema.array();

/** `enabled` false reads nothing (e.g. the inbox showing quotes). */
export const useJobs = (enabled = true) =>
  useApiQuery(enabled ? '/jobs?status=all' : null, JobListSchema, { failure: JOB_MESSAGES.fetchFailed });
