// Jobs (admins and editors): the job openings shown on /career, and a drawer that creates or edits
// one. A failed save keeps the drawer open with the server's message next to the field.
import {
  EMPLOYMENT_TYPE_LABELS,
  JOB_LOCATION_LABELS,
  JOB_MESSAGES,
  jobPath,
  type Job,
  type JobInput,
} from '@agency/contract';
import { useState } from 'react';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate } from '~/lib/api-query';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { saveFailure, type SaveFailure } from './editor-drawer';
import { CardActions } from '~/components/admin/card-actions';
import { primaryButton } from '~/components/admin/form-styles';
import { JobDrawer } from './job-drawer';
import { QueryView } from '~/components/admin/query-view';
import { useJobs } from './use-jobs';

type Drawer = { open: false } | { open: true; job: Job | null };

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function JobsManager() {
  const jobs = useJobs();
  const [drawer, setDrawer] = useState<Drawer>({ open: false });

  async function submit(values: JobInput): Promise<SaveFailure | null> {
    if (!drawer.open) return null;
    const editing = drawer.job;
    try {
      await mutate(editing ? `/jobs/${encodeURIComponent(editing.id)}` : '/jobs', {
        method: editing ? 'PUT' : 'POST',
        body: values,
        invalidates: ['/jobs'],
      });
    } catch (error) {
      const failure = saveFailure(error, JOB_MESSAGES.saveFailed);
      toast.error(failure.error);
      return failure;
    }
    setDrawer({ open: false });
    toast.success(editing ? JOB_MESSAGES.updated : JOB_MESSAGES.created);
    return null;
  }

  async function remove(job: Job) {
    if (!(await confirmAction(`Delete the job opening “${job.title}”? This cannot be undone.`))) return;
    try {
      await mutate(`/jobs/${encodeURIComponent(job.id)}`, { method: 'DELETE', invalidates: ['/jobs'] });
    } catch (error) {
      toast.error(errorMessage(error, JOB_MESSAGES.deleteFailed));
      return;
    }
    toast.success(JOB_MESSAGES.deleted);
  }

  return (
    <section aria-labelledby="jobs-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="jobs-heading" className="text-2xl font-bold">
          Job openings
        </h2>
        <button type="button" onClick={() => setDrawer({ open: true, job: null })} className={primaryButton}>
          Create Job Opening
        </button>
      </div>
      <div className="mt-6">
        <QueryView query={jobs}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-slate-700">No job openings yet.</p>
            ) : (
              <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
                {list.map((job) => (
                  <li
                    key={job.id}
                    className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                  >
                    <h3 className="font-semibold text-slate-900">{job.title}</h3>
                    <p className="text-sm text-slate-700">
                      {JOB_LOCATION_LABELS[job.location]} · {EMPLOYMENT_TYPE_LABELS[job.employmentType]}
                    </p>
                    <p className="text-sm">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${job.open ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-900'}`}
                      >
                        {job.open ? 'open' : job.status === 'closed' ? 'closed' : 'expired'}
                      </span>
                      <span className="ml-2 text-slate-700">
                        until <time dateTime={job.validThrough}>{DATE_TIME.format(new Date(job.validThrough))}</time>
                      </span>
                    </p>
                    {job.open && (
                      <a href={jobPath(job.slug)} className="text-sm font-medium text-brand-700 underline">
                        View “{job.title}” on the site
                      </a>
                    )}
                    <CardActions
                      title={job.title}
                      actions={[
                        { label: 'Edit', onClick: () => setDrawer({ open: true, job }) },
                        { label: 'Delete', onClick: () => void remove(job), danger: true },
                      ]}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </div>
      {drawer.open && (
        <JobDrawer
          key={drawer.job?.id ?? 'new'}
          job={drawer.job}
          onClose={() => setDrawer({ open: false })}
          onSubmit={submit}
        />
      )}
    </section>
  );
}
