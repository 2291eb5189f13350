// The About page's body from its document, the route's (routes/about.tsx) and the editor's preview's.
import type { AboutDocument } from '@agency/contract';
import { AboutSection } from './about-section';

export function AboutPage({ content }: { content: AboutDocument }) {
  const { hero: ABOUT_HERO, sections: ABOUT_SECTIONS } = content;
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-4xl px-6 py-20">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{ABOUT_HERO.title}</h1>
          <p className="mt-6 text-lg text-blue-100">{ABOUT_HERO.lead}</p>
        </div>
      </section>
      {ABOUT_SECTIONS.map((section, index) => (
        <AboutSection key={section.id} section={section} index={index} />
      ))}
    </>
  );
}
