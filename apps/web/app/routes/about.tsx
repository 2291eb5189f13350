import type { AboutDocument } from '@agency/contract';
import { AboutSection } from '~/components/about/about-section';
import { loadPage } from '~/lib/content-loader';
import { documentSeo } from '~/lib/seo';
import type { Route } from './+types/about';

export const loader = (args: Route.LoaderArgs) => loadPage<AboutDocument>(args, 'about');

export const meta = ({ loaderData }: Route.MetaArgs) => documentSeo('about', loaderData);

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero: ABOUT_HERO, sections: ABOUT_SECTIONS } = loaderData.content;
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
