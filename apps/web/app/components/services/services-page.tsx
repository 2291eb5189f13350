// The Our Services page's body from its document, the route's (routes/services.tsx) and the editor's preview's.
import type { ServicesDocument } from '@agency/contract';
import { ServiceExplorer } from './service-explorer';

export function ServicesPage({ content }: { content: ServicesDocument }) {
  const { hero, services } = content;
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
