// "Areas of expertise": six service cards, each description cut to TRUNCATE.homeCard characters.
import { TRUNCATE } from '@agency/contract';
import { Link } from '~/lib/navigation';
import type { HomeDocument } from '@agency/contract';
import { serviceByPath } from '@agency/contract/content/services.ts';
import { truncate } from '~/lib/text';

export function ExpertiseCards({
  expertise: EXPERTISE_INTRO,
  descriptions,
}: {
  expertise: HomeDocument['expertise'];
  /** Each service's description as the services document has it, by slug. */
  descriptions?: Record<string, string>;
}) {
  // A path that names no service is left out (the publish checks refuse such a link).
  const EXPERTISE = EXPERTISE_INTRO.paths.flatMap((path) => {
    const service = serviceByPath(path);
    return service ? [{ ...service, description: descriptions?.[service.slug] ?? service.description }] : [];
  });
  return (
    <section className="mx-auto max-w-7xl px-6 py-20" aria-labelledby="expertise-title">
      <h2 id="expertise-title" className="text-3xl font-bold tracking-tight">
        {EXPERTISE_INTRO.title}
      </h2>
      <p className="mt-3 max-w-2xl text-slate-600">{EXPERTISE_INTRO.lead}</p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {EXPERTISE.map((service) => (
          <li key={service.path}>
            {/* content-visibility: a card below the first screen is laid out, and its picture loaded, only as it
                nears the viewport: a smaller first frame, and no picture racing the style sheet before it (decision
                0024, round 41). */}
            <Link
              to={service.path}
              data-testid="expertise-card"
              className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0 [contain-intrinsic-size:auto_420px] [content-visibility:auto]"
            >
              <img
                src={service.image}
                alt=""
                width={640}
                height={400}
                loading="lazy"
                className="aspect-[16/10] w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-lg font-semibold text-ink group-hover:text-brand-700">{service.name}</h3>
                <p className="mt-2 text-sm text-slate-600" data-testid="expertise-description">
                  {truncate(service.description, TRUNCATE.homeCard)}
                </p>
                <span className="mt-4 text-sm font-semibold text-brand-700" aria-hidden="true">
                  Learn more →
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
