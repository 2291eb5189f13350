// /career/<slug>: one job opening with its JobPosting JSON-LD and the application form for it,
// rendered per request. Once closed or past validThrough it answers 410 with the open ones instead.
// Its form posted without JavaScript and refused comes back here with its answer (lib/native-form.ts).
import { JOB_MESSAGES, jobPath } from '@agency/contract';
import { data } from 'react-router';
import { Link } from '~/lib/navigation';
import { JobList, jobFacts, salaryText } from '~/components/career/job-list';
import { CareerForm } from '~/components/forms/career-form';
import { pathOf } from '~/content/pages';
import { jobPostingJsonLd } from '~/lib/jsonld';
import { nativeAnswerLoader } from '~/lib/native-form';
import { jsonLd, seo } from '~/lib/seo';
import type { Route } from './+types/career-job';
import { loadSite } from '~/lib/content-loader';
import { Island } from '~/public-runtime/island';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { site } = await loadSite({ context, request });
  const job = await context.jobs.findBySlug(params.slug);
  if (!job) throw data('Not found', { status: 404 });
  if (job.open) {
    const answered = nativeAnswerLoader({ context });
    return { site, job, gone: false as const, openJobs: [], siteUrl: context.siteUrl, answered };
  }
  return data(
    { site, job, gone: true as const, openJobs: await context.jobs.listOpen(), siteUrl: context.siteUrl },
    { status: 410 },
  );
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

export const meta = ({ data: loaded }: Route.MetaArgs) => {
  if (!loaded) return [];
  const { job, siteUrl } = loaded;
  const description = `${job.title}: ${jobFacts(job)}, ${salaryText(job)}.`;
  if (loaded.gone) {
    return [
      ...seo({ title: `${job.title} (closed)`, description, path: jobPath(job.slug), origin: siteUrl }),
      { name: 'robots', content: 'noindex' },
    ];
  }
  return [
    ...seo({ title: job.title, description, path: jobPath(job.slug), origin: siteUrl }),
    jsonLd(jobPostingJsonLd(job, siteUrl)),
  ];
};

/** Styles for the sanitized description HTML. */
const DESCRIPTION_CLASSES = [
  'mt-8 text-lg leading-8 text-slate-700',
  '[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline',
].join(' ');

export default function CareerJob({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  if (loaderData.gone) {
    return (
      <section className="mx-auto max-w-4xl px-6 py-16">
        <h1 className="text-4xl font-bold tracking-tight">{job.title}</h1>
        <p className="mt-6 text-lg text-slate-700">{JOB_MESSAGES.gone}. Thank you for your interest.</p>
        <h2 className="mt-12 text-2xl font-bold">Open positions</h2>
        {loaderData.openJobs.length > 0 ? (
          <div className="mt-6">
            <JobList jobs={loaderData.openJobs} />
          </div>
        ) : (
          <p className="mt-4 text-slate-700">There are no other openings right now.</p>
        )}
        <p className="mt-8">
          <Link to={pathOf('career')} className="font-semibold text-brand-700 underline hover:text-brand-900">
            See all careers and send a general application
          </Link>
        </p>
      </section>
    );
  }
  return (
    <>
      <article className="mx-auto max-w-3xl px-6 py-16">
        <p>
          <Link to={pathOf('career')} className="text-sm font-semibold text-brand-700 hover:underline">
            ← All careers
          </Link>
        </p>
        <h1 className="mt-6 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{job.title}</h1>
        <dl className="mt-6 grid gap-x-6 gap-y-2 text-slate-700 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Location and type</dt>
          <dd>{jobFacts(job)}</dd>
          <dt className="font-semibold">Salary</dt>
          <dd>{salaryText(job)}</dd>
          <dt className="font-semibold">Apply by</dt>
          <dd>
            <time dateTime={job.validThrough}>{dateFormat.format(new Date(job.validThrough))}</time>
          </dd>
        </dl>
        {/* Rendered from Markdown and sanitized with an allow-list on the server (services/markdown.ts). */}
        <div className={DESCRIPTION_CLASSES} dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} />
      </article>
      <section aria-labelledby="apply-heading" className="mx-auto max-w-3xl px-6 pb-16">
        <h2 id="apply-heading" className="text-3xl font-bold">
          Apply for this position
        </h2>
        <div className="mt-8">
          <Island
            name="career-form"
            component={CareerForm}
            props={{ job: { id: job.id, slug: job.slug, title: job.title }, answered: loaderData.answered }}
          />
        </div>
      </section>
    </>
  );
}
