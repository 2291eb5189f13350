// /quote-uk and /quote-nepal: one module, the region read from the path.
import { REGIONS, REGION_SETTINGS, type Region } from '@agency/contract';
import { Link, useLocation } from '~/lib/navigation';
import { RegionalQuoteForm } from '~/components/forms/regional-quote-form';
import { pageByPath } from '~/content/pages';
import { loadSite } from '~/lib/content-loader';
import { nativeAnswerLoader } from '~/lib/native-form';
import { seo } from '~/lib/seo';
import type { Route } from './+types/quote-region';
import { Island } from '~/public-runtime/island';

export const meta = ({ location }: Route.MetaArgs) => {
  const entry = pageByPath(location.pathname);
  return entry ? seo(entry) : [];
};

const regionOf = (pathname: string): Region =>
  REGIONS.find((region) => REGION_SETTINGS[region].path === pathname.replace(/\/$/, '')) ?? 'uk';

// The site document, and the answer to this page's form posted without JavaScript (lib/native-form.ts).
export const loader = async (args: Route.LoaderArgs) => ({
  ...(await loadSite(args)),
  answered: nativeAnswerLoader(args),
});

export default function QuoteRegion({ loaderData: { answered } }: Route.ComponentProps) {
  const region = regionOf(useLocation().pathname);
  const settings = REGION_SETTINGS[region];
  const other = REGION_SETTINGS[region === 'uk' ? 'nepal' : 'uk'];
  return (
    <section className="mx-auto max-w-4xl px-6 py-16">
      <h1 className="text-4xl font-bold">Request a Quote — {settings.label}</h1>
      <p className="mt-4 text-slate-700">
        Tell us about your project and we will send you a quote in {settings.currency}. Fields marked with an asterisk
        are required.
      </p>
      <p className="mt-4">
        <Link
          to={other.path}
          className="inline-flex rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Switch to {other.label} (prices in {other.currency})
        </Link>
      </p>
      <div className="mt-10">
        <Island name="regional-quote-form" component={RegionalQuoteForm} props={{ region, answered }} />
      </div>
    </section>
  );
}
