// One route module for all twelve service landing pages: the path picks the catalogue entry and its prose.
// The prose is the route's data (inside the prerendered HTML, or /<path>.data on a client navigation), so
// the browser never downloads the other eleven services' prose with this page's script.
import { data } from 'react-router';
import { ClosingCta } from '~/components/service-landing/closing-cta';
import { ContentSectionView } from '~/components/service-landing/content-section';
import { ServiceHero } from '~/components/service-landing/service-hero';
import { FaqList } from '~/components/faq/faq-list';
import { pageByPath } from '~/content/pages';
import { servicePageBySlug, type ServicePage } from '~/content/service-pages';
import { serviceByPath } from '~/content/services';
import { faqJsonLd } from '~/lib/jsonld';
import { jsonLd, seo } from '~/lib/seo';
import type { Route } from './+types/service-landing';

const normalise = (pathname: string) => pathname.toLowerCase().replace(/(.)\/$/, '$1');

function contentFor(pathname: string): ServicePage | undefined {
  const service = serviceByPath(normalise(pathname));
  return service ? servicePageBySlug(service.slug) : undefined;
}

export const loader = ({ request }: Route.LoaderArgs) => {
  const content = contentFor(new URL(request.url).pathname);
  // Every catalogue path has prose (service-pages.test.ts checks it), so this never hides a page.
  if (!content) throw data(null, { status: 404 });
  return content;
};

export const meta = ({ location, loaderData }: Route.MetaArgs) => {
  const entry = pageByPath(location.pathname);
  if (!entry || !loaderData) return [];
  return [...seo(entry), jsonLd(faqJsonLd(loaderData.faqs))];
};

export default function ServiceLanding({ loaderData: content }: Route.ComponentProps) {
  return (
    <>
      <ServiceHero hero={content.hero} />
      {content.sections.map((section, index) => (
        <ContentSectionView key={section.id} section={section} tinted={index % 2 === 0} />
      ))}
      <FaqList faqs={content.faqs} />
      <ClosingCta closing={content.closing} />
    </>
  );
}
