// The About page's body from its document, the route's (routes/about.tsx) and the editor's preview's.
import type { AboutDocument } from '@agency/contract';
import { AboutSection } from './about-section';
import { PageHero } from '~/components/ui/page-hero';

export function AboutPage({ content }: { content: AboutDocument }) {
  const { hero: ABOUT_HERO, sections: ABOUT_SECTIONS } = content;
  return (
    <>
      <PageHero title={ABOUT_HERO.title} lead={ABOUT_HERO.lead} width="4xl" wideLead />
      {ABOUT_SECTIONS.map((section, index) => (
        <AboutSection key={section.id} section={section} index={index} />
      ))}
    </>
  );
}
