// The open job openings as cards linking to their pages (/career and the 410 page of a closed one).
import { EMPLOYMENT_TYPE_LABELS, JOB_LOCATION_LABELS, SALARY_UNIT_LABELS, jobPath, type Job } from '@agency/contract';
import { Link } from '~/lib/navigation';

const amount = (value: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);

/** "£40,000 – £55,000 a year" */
export const salaryText = (job: Job) =>
  `${amount(job.salaryMin, job.salaryCurrency)} – ${amount(job.salaryMax, job.salaryCurrency)} ${SALARY_UNIT_LABELS[job.salaryUnit]}`;

/** "London · Full time" */
export const jobFacts = (job: Job) =>
  `${JOB_LOCATION_LABELS[job.location]} · ${EMPLOYMENT_TYPE_LABELS[job.employmentType]}`;

export function JobList({ jobs }: { jobs: readonly Job[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {jobs.map((job) => (
        <li key={job.id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold">
            <Link to={jobPath(job.slug)} className="text-brand-700 hover:underline">
              {job.title}
            </Link>
          </h3>
          <p className="mt-2 text-slate-700">{jobFacts(job)}</p>
          <p className="mt-1 text-slate-700">{salaryText(job)}</p>
        </li>
      ))}
    </ul>
  );
}
