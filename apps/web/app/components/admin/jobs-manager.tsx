// Jobs (admins and editors): the job openings shown on /career, and a drawer that creates or edits
// one. A failed save keeps the drawer open with the server's message next to the field.
import {
  CURRENCIES,
  EMPLOYMENT_TYPES,
  EMPLOYMENT_TYPE_LABELS,
  JOB_LOCATIONS,
  JOB_LOCATION_LABELS,
  JOB_MESSAGES,
  JOB_STATUSES,
  SALARY_UNITS,
  SALARY_UNIT_LABELS,
  TEXTAREA_ROWS,
  jobPath,
  type Job,
  type JobInput,
} from '@agency/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '~/components/ui/toast';
import { deleteJob, fetchJobs, saveJob } from '~/state/jobs';
import { toLocalInput, type SaveFailure } from './blog-drawer';
import { confirmAction } from './confirm-dialog';
import { inputClass, labelClass, primaryButton, secondaryButton } from './form-styles';
import { useModal } from './use-modal';

type Drawer = { open: false } | { open: true; job: Job | null };

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function JobsManager() {
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<Drawer>({ open: false });

  useEffect(() => {
    let live = true;
    void fetchJobs().then((result) => {
      if (!live) return;
      if (result.ok) setJobs(result.value);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, []);

  async function submit(values: JobInput): Promise<SaveFailure | null> {
    if (!drawer.open) return null;
    const editing = drawer.job;
    const result = await saveJob(values, editing?.id ?? null);
    if (!result.ok) {
      toast.error(result.error);
      return { error: result.error, fields: result.fields };
    }
    setDrawer({ open: false });
    setJobs((old) =>
      editing ? (old ?? []).map((job) => (job.id === editing.id ? result.value : job)) : [result.value, ...(old ?? [])],
    );
    toast.success(editing ? JOB_MESSAGES.updated : JOB_MESSAGES.created);
    return null;
  }

  async function remove(job: Job) {
    if (!(await confirmAction(`Delete the job opening “${job.title}”? This cannot be undone.`))) return;
    const result = await deleteJob(job.id);
    if (!result.ok) {
      toast.error(result.error);
      return;
    }
    setJobs((old) => (old ?? []).filter((candidate) => candidate.id !== job.id));
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
      {error ? (
        <p className="mt-6 text-red-800">{error}</p>
      ) : !jobs ? (
        <p role="status" className="mt-6">
          Loading...
        </p>
      ) : jobs.length === 0 ? (
        <p className="mt-6 text-slate-700">No job openings yet.</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {jobs.map((job) => (
            <li key={job.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
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
              <div className="mt-auto flex gap-2 pt-2">
                <button
                  type="button"
                  onClick={() => setDrawer({ open: true, job })}
                  aria-label={`Edit “${job.title}”`}
                  className={secondaryButton}
                >
                  Edit
                </button>
                <button
                  type="button"
                  onClick={() => void remove(job)}
                  aria-label={`Delete “${job.title}”`}
                  className="rounded-md border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50"
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
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

/** Four weeks from now, at the minute: a sensible default closing time. */
const defaultValidThrough = () => toLocalInput(new Date(Date.now() + 28 * 24 * 60 * 60 * 1000).toISOString());

function JobDrawer({
  job,
  onClose,
  onSubmit,
}: {
  job: Job | null;
  onClose: () => void;
  onSubmit: (values: JobInput) => Promise<SaveFailure | null>;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, true, onClose);
  const [values, setValues] = useState({
    title: job?.title ?? '',
    location: job?.location ?? '',
    employmentType: job?.employmentType ?? 'FULL_TIME',
    salaryMin: job ? String(job.salaryMin) : '',
    salaryMax: job ? String(job.salaryMax) : '',
    salaryCurrency: job?.salaryCurrency ?? 'GBP',
    salaryUnit: job?.salaryUnit ?? 'YEAR',
    description: job?.description ?? '',
    validThrough: job ? toLocalInput(job.validThrough) : defaultValidThrough(),
    status: job?.status ?? 'open',
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // After a failed save, focus the first field the server blamed: keyboard and screen reader users land on it.
  useEffect(() => {
    if (failure?.fields) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);
  const heading = job ? 'Edit Job Opening' : 'Create Job Opening';
  const set = (name: keyof typeof values) => (value: string) => setValues((old) => ({ ...old, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const validThrough = values.validThrough ? new Date(values.validThrough) : null;
    const result = await onSubmit({
      ...values,
      location: values.location as JobInput['location'],
      validThrough:
        validThrough && !Number.isNaN(validThrough.getTime()) ? validThrough.toISOString() : values.validThrough,
    } as JobInput);
    setSaving(false);
    setFailure(result);
  }

  const field = (name: keyof typeof values, label: string, control: (props: ControlProps) => ReactNode) => {
    const error = failure?.fields?.[name];
    const controlId = `${id}-${name}`;
    return (
      <div>
        <label htmlFor={controlId} className={labelClass}>
          {label}
        </label>
        {control({
          id: controlId,
          className: `${inputClass}${error ? ' border-red-700' : ''}`,
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? `${controlId}-error` : undefined,
          value: values[name],
          onChange: (event) => set(name)(event.target.value),
        })}
        {error && (
          <p id={`${controlId}-error`} className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
    );
  };
  const select = (options: readonly string[], labels?: Record<string, string>, placeholder?: string) =>
    function Select(props: ControlProps) {
      return (
        <select {...props}>
          {placeholder && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option} value={option}>
              {labels?.[option] ?? option}
            </option>
          ))}
        </select>
      );
    };

  return (
    <div
      className="fixed inset-0 z-50 flex items-end bg-slate-950/50"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-heading`}
        className="max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl"
      >
        <div className="mx-auto max-w-3xl">
          <div className="flex items-center justify-between">
            <h2 id={`${id}-heading`} className="text-2xl font-bold">
              {heading}
            </h2>
            <button type="button" onClick={onClose} className={secondaryButton} aria-label="Close">
              ×
            </button>
          </div>
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 grid gap-5 md:grid-cols-2">
            {failure && !failure.fields && (
              <p
                role="alert"
                className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900 md:col-span-2"
              >
                {failure.error}
              </p>
            )}
            <div className="md:col-span-2">
              {field('title', 'Title', (props) => (
                <input {...props} data-autofocus />
              ))}
            </div>
            {field('location', 'Location', select(JOB_LOCATIONS, JOB_LOCATION_LABELS, 'Choose a location'))}
            {field('employmentType', 'Employment type', select(EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS))}
            {field('salaryMin', 'Lowest salary', (props) => (
              <input {...props} type="number" min={0} step={1} />
            ))}
            {field('salaryMax', 'Highest salary', (props) => (
              <input {...props} type="number" min={0} step={1} />
            ))}
            {field('salaryCurrency', 'Salary currency', select(CURRENCIES))}
            {field('salaryUnit', 'Salary period', select(SALARY_UNITS, SALARY_UNIT_LABELS))}
            <div className="md:col-span-2">
              {field('description', 'Description (Markdown)', (props) => (
                <textarea {...props} rows={TEXTAREA_ROWS * 2} />
              ))}
            </div>
            {field('validThrough', 'Open until', (props) => (
              <input {...props} type="datetime-local" />
            ))}
            {field('status', 'Status', select(JOB_STATUSES, { open: 'Open', closed: 'Closed' }))}
            <div className="md:col-span-2">
              <button type="submit" className={primaryButton} disabled={saving}>
                {job ? 'Update Job Opening' : 'Create Job Opening'}
              </button>
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}

interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}
