import type { ServicesDocument } from '@agency/contract';
import { ServiceExplorer } from '~/components/services/service-explorer';
import { loadPage } from '~/lib/content-loader';
import { documentSeo } from '~/lib/seo';
import type { Route } from './+types/services';

export const loader = (args: Route.LoaderArgs) => loadPage<ServicesDocument>(args, 'services');

export const meta = ({ loaderData }: Route.MetaArgs) => documentSeo('services', loaderData);

export default function Services({ loaderData }: Route.ComponentProps) {
  const { hero, services } = loaderData.content;
  const descriptions = Object.fromEntries(services.map((service) => [service.slug, service.description]));
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-6 py-20">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{hero.title}</h1>
          <p className="mt-6 max-w-2xl text-lg text-blue-100">{hero.lead}</p>
        </div>
      </section>
      <ServiceExplorer descriptions={descriptions} />
    </>
  );
}
