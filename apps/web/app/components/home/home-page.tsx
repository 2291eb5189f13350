// The home page's body from its document, the route's (routes/home.tsx) and the editor's preview's.
import type { HomeDocument } from '@agency/contract';
import { ExpertiseCards } from './expertise-cards';
import { HomeHero } from './hero';
import { MissionSection, WhyChooseUs } from './mission-why';
import { TableOrderSection } from './table-order';
import { TechStrip } from './tech-strip';

/** `descriptions`: each service's description by slug (the services document's). */
export function HomePage({ content, descriptions }: { content: HomeDocument; descriptions: Record<string, string> }) {
  return (
    <>
      <HomeHero hero={content.hero} />
      <ExpertiseCards expertise={content.expertise} descriptions={descriptions} />
      <TableOrderSection tableOrder={content.tableOrder} />
      <MissionSection mission={content.mission} />
      <WhyChooseUs whyChooseUs={content.whyChooseUs} />
      <TechStrip techStack={content.techStack} />
    </>
  );
}
