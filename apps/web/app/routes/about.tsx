import { AboutSection } from '~/components/about/about-section';
import { ABOUT_HERO, ABOUT_SECTIONS } from '~/content/about';
import { pageSeo } from '~/lib/seo';

export const meta = () => pageSeo('about');

export default function About() {
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
