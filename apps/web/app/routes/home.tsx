import { ExpertiseCards } from '~/components/home/expertise-cards';
import { HomeHero } from '~/components/home/hero';
import { MissionSection, WhyChooseUs } from '~/components/home/mission-why';
import { TableOrderSection } from '~/components/home/table-order';
import { TechStrip } from '~/components/home/tech-strip';
import { organizationJsonLd } from '~/lib/jsonld';
import { jsonLd, pageSeo } from '~/lib/seo';

export const meta = () => [...pageSeo('home'), jsonLd(organizationJsonLd())];

export default function Home() {
  return (
    <>
      <HomeHero />
      <ExpertiseCards />
      <TableOrderSection />
      <MissionSection />
      <WhyChooseUs />
      <TechStrip />
    </>
  );
}
