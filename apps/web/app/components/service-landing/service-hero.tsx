// Top of a service landing page: the one h1, the mail-draft button and the illustration.
import { Link } from '~/lib/navigation';
import type { ServicePage } from '@agency/contract/content/service-pages.ts';
import { inquiryMailtoOf, useSite } from '~/lib/site-content';

export function ServiceHero({ hero }: { hero: ServicePage['hero'] }) {
  const inquiryMailto = inquiryMailtoOf(useSite());
  return (
    <section className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-6 py-16 md:grid-cols-2 md:py-24">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{hero.eyebrow}</p>
          <h1 className="mt-3 text-4xl font-bold leading-tight md:text-5xl">{hero.title}</h1>
          <p className="mt-6 text-lg text-slate-200">{hero.intro}</p>
          <div className="mt-8 flex flex-wrap gap-4">
            <a
              href={inquiryMailto}
              className="rounded-md bg-white px-6 py-3 font-semibold text-brand-900 shadow hover:bg-brand-50"
            >
              {hero.mailLabel}
            </a>
            {hero.connectLabel ? (
              <Link
                to="/connect"
                className="rounded-md border border-white px-6 py-3 font-semibold text-white hover:bg-white/10"
              >
                {hero.connectLabel}
              </Link>
            ) : null}
          </div>
        </div>
        <img
          src={hero.image.src}
          alt={hero.image.alt}
          width={hero.image.width}
          height={hero.image.height}
          fetchPriority="high"
          className="mx-auto h-auto w-full max-w-lg"
        />
      </div>
    </section>
  );
}
