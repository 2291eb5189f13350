import { useLocation } from 'react-router';
import { pageByPath } from '~/content/pages';
import { serviceByPath } from '~/content/services';
import { seo } from '~/lib/seo';
import type { Route } from './+types/service-landing';

export const meta = ({ location }: Route.MetaArgs) => {
  const entry = pageByPath(location.pathname);
  return entry ? seo(entry) : [];
};

export default function ServiceLanding() {
  const service = serviceByPath(useLocation().pathname.toLowerCase());
  return (
    <section className="mx-auto max-w-7xl px-6 py-16">
      <h1 className="text-4xl font-bold">{service?.name}</h1>
      <p className="mt-4">{service?.description}</p>
    </section>
  );
}
