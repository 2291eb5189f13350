// The Request a Quote page's body (the choice of region) from its document, the route's (routes/quote.tsx) and
// the editor's preview's.
import type { QuoteDocument } from '@agency/contract';
import { Link } from '~/lib/navigation';
import { PageHero } from '~/components/ui/page-hero';

export function QuotePage({ content }: { content: QuoteDocument }) {
  const { hero, regions: REGIONS } = content;
  return (
    <>
      <PageHero title={hero.title} lead={hero.lead} width="5xl" />
      <ul className="mx-auto grid max-w-5xl gap-8 px-6 py-16 md:grid-cols-2">
        {REGIONS.map((region) => (
          <li key={region.to}>
            <Link
              to={region.to}
              className="group block h-full rounded-2xl border-2 border-slate-200 bg-white p-8 shadow-sm transition-colors hover:border-brand-600 motion-reduce:transition-none"
            >
              <h2 className="text-2xl font-bold text-ink group-hover:text-brand-700">{region.title}</h2>
              <p className="mt-2 font-semibold text-brand-700">{region.currency}</p>
              <p className="mt-4 text-slate-600">{region.text}</p>
              <span aria-hidden="true" className="mt-6 inline-block font-semibold text-brand-700">
                Continue →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
