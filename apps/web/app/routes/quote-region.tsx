import { useLocation } from 'react-router';
import { pageByPath } from '~/content/pages';
import { seo } from '~/lib/seo';
import type { Route } from './+types/quote-region';

export const meta = ({ location }: Route.MetaArgs) => {
  const entry = pageByPath(location.pathname);
  return entry ? seo(entry) : [];
};

export default function QuoteRegion() {
  const entry = pageByPath(useLocation().pathname);
  return (
    <section className="mx-auto max-w-7xl px-6 py-16">
      <h1 className="text-4xl font-bold">{entry?.title}</h1>
    </section>
  );
}
