// /quote/thank-you, /connect/thank-you, /career/thank-you: where a form posted without JavaScript lands.
// They say what the script version's toast says (the contract's texts), with a way back.
import { THANK_YOU } from '@agency/contract';
import { Link, useLocation } from '~/lib/navigation';
import { pageByPath } from '~/content/pages';
import { seo } from '~/lib/seo';
import type { Route } from './+types/thank-you';
import { loadSite } from '~/lib/content-loader';

// The site document (header, footer).
export const loader = (args: Route.LoaderArgs) => loadSite(args);

export const meta = ({ location }: Route.MetaArgs) => {
  const entry = pageByPath(location.pathname);
  return entry ? [...seo(entry), { name: 'robots', content: 'noindex' }] : [];
};

const thanksFor = (pathname: string) =>
  Object.values(THANK_YOU).find((thanks) => thanks.path === pathname.replace(/\/$/, '')) ?? THANK_YOU.contact;

export default function ThankYou() {
  const thanks = thanksFor(useLocation().pathname);
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <h1 className="text-4xl font-bold tracking-tight">{thanks.title}</h1>
      <p role="status" className="mt-6 text-lg text-slate-700">
        {thanks.body}
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Back to the home page
        </Link>
        <Link
          to={thanks.back.path}
          className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          {thanks.back.label}
        </Link>
      </div>
    </section>
  );
}
