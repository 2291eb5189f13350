// The Our Services page's body from its document, the route's (routes/services.tsx) and the editor's preview's.
import type { ServicesDocument } from '@agency/contract';
import { ServiceExplorer } from './service-explorer';
import { PageHero } from '~/components/ui/page-hero';

export function ServicesPage({ content }: { content: ServicesDocument }) {
  const { hero, services } = content;
  const descriptions = Object.fromEntries(services.map((service) => [service.slug, service.description]));
  return (
    <>
      <PageHero title={hero.title} lead={hero.lead} />
      <ServiceExplorer descriptions={descriptions} />
    </>
  );
}
