// Home hero: the page's h1, lead and the "View our services" call to action.
import { Link } from '~/lib/navigation';
import { Particles } from '~/components/ui/particles';
import type { HomeDocument } from '@agency/contract';

export function HomeHero({ hero: HOME_HERO }: { hero: HomeDocument['hero'] }) {
  return (
    <section className="relative overflow-hidden bg-brand-900 text-white" aria-labelledby="home-hero-title">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(96,165,250,0.35),transparent_45%),radial-gradient(circle_at_85%_70%,rgba(37,99,235,0.45),transparent_50%)]"
      />
      <Particles color="#93c5fd" density={50} />
      <div className="relative mx-auto max-w-7xl px-6 py-24 sm:py-32">
        <p className="text-sm font-semibold tracking-wide text-blue-200 uppercase">{HOME_HERO.eyebrow}</p>
        <h1 id="home-hero-title" className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">
          {HOME_HERO.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-blue-100">{HOME_HERO.lead}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link
            to={HOME_HERO.cta.to}
            className="rounded-md bg-white px-6 py-3 font-semibold text-brand-900 shadow hover:bg-blue-50"
          >
            {HOME_HERO.cta.label}
          </Link>
          <Link
            to={HOME_HERO.secondaryCta.to}
            className="rounded-md border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            {HOME_HERO.secondaryCta.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
