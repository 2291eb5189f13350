// The calls behind the admin's Jobs section; each resolves to a result, the caller shows the toast.
import { JOB_MESSAGES, JobSchema, type Job, type JobInput } from '@agency/contract';
import { apiJson } from '~/lib/api';
import { failure, type Result } from './blog';

/** Every opening, closed and expired ones too (editors and admins). */
export async function fetchJobs(): Promise<Result<Job[]>> {
  try {
    return { ok: true, value: JobSchema.array().parse(await apiJson<unknown>('/jobs?status=all', { auth: true })) };
  } catch {
    return { ok: false, error: JOB_MESSAGES.fetchFailed };
  }
}

export async function saveJob(values: JobInput, id: string | null): Promise<Result<Job>> {
  try {
    const data = await apiJson<unknown>(id ? `/jobs/${encodeURIComponent(id)}` : '/jobs', {
      method: id ? 'PUT' : 'POST',
      body: values,
      auth: true,
    });
    return { ok: true, value: JobSchema.parse(data) };
  } catch (error) {
    return failure(error, JOB_MESSAGES.saveFailed);
  }
}

export async function deleteJob(id: string): Promise<Result<string>> {
  try {
    await apiJson<unknown>(`/jobs/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
    return { ok: true, value: id };
  } catch {
    return { ok: false, error: JOB_MESSAGES.deleteFailed };
  }
}
