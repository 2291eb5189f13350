// /services: the catalogue by category on the left, the chosen service's details on the right. Choosing an item
// (a toggle button with aria-pressed) shows it and scrolls the panel into view. The server's HTML holds every
// service's details, the first one shown; its behaviour is plain script (service-explorer.enhance.ts, no React),
// which finds its elements by EXPLORER_HOOKS and changes attributes only: a button is drawn from its
// `aria-pressed`. The pictures of the details not shown load when they are shown.
import { Link } from '~/lib/navigation';
import { SERVICE_CATEGORIES, SERVICES_CATALOGUE, servicesIn } from '@agency/contract/content/services.ts';
import { EXPLORER_HOOKS } from './service-explorer.enhance';

const PANEL_ID = 'service-detail';
const titleId = (slug: string) => `service-detail-title-${slug}`;

/** `descriptions`: each service's description as the services document has it, by slug. */
export function ServiceExplorer({ descriptions }: { descriptions?: Record<string, string> }) {
  const selected = SERVICES_CATALOGUE[0]!;

  return (
    <div
      {...{ [EXPLORER_HOOKS.explorer]: '' }}
      className="mx-auto grid max-w-7xl gap-10 px-6 py-16 lg:grid-cols-[1fr_2fr]"
    >
      <nav aria-label="Service categories" className="space-y-8">
        {SERVICE_CATEGORIES.map((category) => (
          <div key={category.id}>
            <h2 id={`category-${category.id}`} className="text-lg font-bold text-ink">
              {category.name}
            </h2>
            <ul aria-labelledby={`category-${category.id}`} className="mt-3 space-y-1">
              {servicesIn(category.id).map((service) => (
                <li key={service.path}>
                  <button
                    type="button"
                    {...{ [EXPLORER_HOOKS.choice]: service.slug }}
                    aria-pressed={service.path === selected.path}
                    aria-controls={PANEL_ID}
                    className="w-full rounded-md px-4 py-2 text-left font-medium transition-colors motion-reduce:transition-none aria-pressed:bg-brand-600 aria-pressed:text-white aria-[pressed=false]:text-slate-700 aria-[pressed=false]:hover:bg-brand-50 aria-[pressed=false]:hover:text-brand-900"
                  >
                    {service.name}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <section
        id={PANEL_ID}
        {...{ [EXPLORER_HOOKS.panel]: '' }}
        aria-labelledby={titleId(selected.slug)}
        aria-live="polite"
        className="scroll-mt-24 self-start overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-24"
      >
        {SERVICES_CATALOGUE.map((service) => {
          const shown = service.path === selected.path;
          return (
            <div key={service.path} {...{ [EXPLORER_HOOKS.detail]: service.slug }} hidden={!shown}>
              <img
                src={service.image}
                alt=""
                width={640}
                height={400}
                loading={shown ? undefined : 'lazy'}
                className="aspect-[16/10] w-full object-cover"
              />
              <div className="p-8">
                <p className="text-sm font-semibold text-brand-700">
                  {SERVICE_CATEGORIES.find((category) => category.id === service.category)?.name}
                </p>
                <h2 id={titleId(service.slug)} className="mt-1 text-2xl font-bold text-ink">
                  {service.name}
                </h2>
                <p className="mt-4 text-lg text-slate-600">{descriptions?.[service.slug] ?? service.description}</p>
                <Link
                  to={service.path}
                  className="mt-8 inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
                >
                  Read More<span className="sr-only"> about {service.name}</span>
                </Link>
              </div>
            </div>
          );
        })}
      </section>
    </div>
  );
}
