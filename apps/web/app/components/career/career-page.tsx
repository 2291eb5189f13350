// The Careers page's body from its document and the open job openings, the route's (routes/career.tsx) and the
// editor's preview's.
import { CAREER_POSITIONS, JOB_MESSAGES, type CareerDocument, type Job, type NativeFormAnswer } from '@agency/contract';
import { CareerForm } from '~/components/forms/career-form';
import { Prose } from '~/components/ui/prose';
import { Island } from '~/public-runtime/island';
import { JobList } from './job-list';

const isCareerPosition = (position: string | undefined) =>
  (CAREER_POSITIONS as readonly (string | undefined)[]).includes(position);

/** `answered`: the server's answer to the application form posted without JavaScript, when the page shows it. */
export function CareerPage({
  content,
  jobs,
  answered,
}: {
  content: CareerDocument;
  jobs: readonly Job[];
  answered: NativeFormAnswer | null;
}) {
  const {
    apply: CAREER_APPLY,
    intro: CAREER_INTRO,
    locationsNote: CAREER_LOCATIONS_NOTE,
    reasons: CAREER_REASONS,
    positionSummaries: POSITION_SUMMARIES,
  } = content;
  // An opening's form posts to the opening's page (/career/<slug>) and comes back there; it comes here only
  // when the opening closed meanwhile: its title (not one of the general positions) is kept in words, and
  // the position is to be chosen again for a general application.
  const closedOpening =
    answered?.values.jobId && !isCareerPosition(answered.values.position) ? answered.values.position : undefined;
  const formAnswer =
    answered && closedOpening ? { ...answered, values: { ...answered.values, position: '' } } : answered;
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-4xl px-6 py-16 text-center md:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">Careers</p>
          <h1 className="mt-3 text-4xl font-bold md:text-5xl">{CAREER_INTRO.heading}</h1>
          <p className="mt-6 text-lg text-slate-200">{CAREER_INTRO.lead}</p>
          <Prose html={CAREER_INTRO.body} className="mt-4 text-slate-200" />
        </div>
      </section>

      <section aria-labelledby="why-work-heading" className="mx-auto max-w-7xl px-6 py-16">
        <h2 id="why-work-heading" className="text-center text-3xl font-bold">
          Why Work With Us
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CAREER_REASONS.map((reason) => (
            <li key={reason.title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-brand-700">{reason.title}</h3>
              <p className="mt-2 text-slate-700">{reason.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="positions-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-6 py-16">
          <h2 id="positions-heading" className="text-center text-3xl font-bold">
            Open Positions
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-center text-slate-700">{CAREER_LOCATIONS_NOTE}</p>
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {CAREER_POSITIONS.map((position) => (
              <li key={position} className="rounded-xl border border-slate-200 bg-white p-6">
                <h3 className="text-lg font-semibold">{position}</h3>
                <p className="mt-2 text-slate-700">{POSITION_SUMMARIES[position]}</p>
                <p className="mt-3 text-sm font-medium text-slate-600">United Kingdom · Nepal</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="openings-heading" className="mx-auto max-w-7xl px-6 pt-16">
        <h2 id="openings-heading" className="text-3xl font-bold">
          Current Openings
        </h2>
        {jobs.length > 0 ? (
          <div className="mt-8">
            <JobList jobs={jobs} />
          </div>
        ) : (
          <p className="mt-4 text-slate-700">
            No specific openings right now. We still read every general application sent with the form below.
          </p>
        )}
      </section>

      <section aria-labelledby="apply-heading" className="mx-auto max-w-3xl px-6 py-16">
        <h2 id="apply-heading" className="text-3xl font-bold">
          {CAREER_APPLY.heading}
        </h2>
        {closedOpening ? (
          <p className="mt-4 text-slate-700">
            Your application for <strong>{closedOpening}</strong>: {JOB_MESSAGES.gone.toLowerCase()}. Choose a position
            below to send it as a general application.
          </p>
        ) : (
          <p className="mt-4 text-slate-700">{CAREER_APPLY.body}</p>
        )}
        <div className="mt-8">
          <Island name="career-form" component={CareerForm} props={{ answered: formAnswer }} />
        </div>
      </section>
    </>
  );
}
