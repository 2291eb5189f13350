// A service landing page's body from its document, the route's (routes/service-landing.tsx) and the editor's
// preview's.
import type { ServicePageDocument } from '@agency/contract';
import { FaqList } from '~/components/faq/faq-list';
import { ClosingCta } from './closing-cta';
import { ContentSectionView } from './content-section';
import { ServiceHero } from './service-hero';

export function ServiceLandingPage({ content }: { content: ServicePageDocument }) {
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
