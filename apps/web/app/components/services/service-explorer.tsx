// /services: the catalogue by category on the left, the chosen service's details on the right.
// Choosing an item (a toggle button with aria-pressed) shows it and scrolls the panel into view.
import { useRef, useState } from 'react';
import { Link } from '~/lib/navigation';
import { SERVICE_CATEGORIES, SERVICES_CATALOGUE, servicesIn, type Service } from '@agency/contract/content/services.ts';

const PANEL_ID = 'service-detail';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** `descriptions`: each service's description as the services document has it, by slug. */
export function ServiceExplorer({ descriptions }: { descriptions?: Record<string, string> }) {
  const [selected, setSelected] = useState<Service>(SERVICES_CATALOGUE[0]!);
  const panelRef = useRef<HTMLElement>(null);

  function choose(service: Service) {
    setSelected(service);
    panelRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }

  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-6 py-16 lg:grid-cols-[1fr_2fr]">
      <nav aria-label="Service categories" className="space-y-8">
        {SERVICE_CATEGORIES.map((category) => (
          <div key={category.id}>
            <h2 id={`category-${category.id}`} className="text-lg font-bold text-ink">
              {category.name}
            </h2>
            <ul aria-labelledby={`category-${category.id}`} className="mt-3 space-y-1">
              {servicesIn(category.id).map((service) => {
                const isSelected = service.path === selected.path;
                return (
                  <li key={service.path}>
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      aria-controls={PANEL_ID}
                      onClick={() => choose(service)}
                      className={`w-full rounded-md px-4 py-2 text-left font-medium transition-colors motion-reduce:transition-none ${
                        isSelected ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-brand-50 hover:text-brand-900'
                      }`}
                    >
                      {service.name}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <section
        ref={panelRef}
        id={PANEL_ID}
        aria-labelledby="service-detail-title"
        aria-live="polite"
        className="scroll-mt-24 self-start overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-24"
      >
        <img src={selected.image} alt="" width={640} height={400} className="aspect-[16/10] w-full object-cover" />
        <div className="p-8">
          <p className="text-sm font-semibold text-brand-700">
            {SERVICE_CATEGORIES.find((category) => category.id === selected.category)?.name}
          </p>
          <h2 id="service-detail-title" className="mt-1 text-2xl font-bold text-ink">
            {selected.name}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{descriptions?.[selected.slug] ?? selected.description}</p>
          <Link
            to={selected.path}
            className="mt-8 inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
          >
            Read More<span className="sr-only"> about {selected.name}</span>
          </Link>
        </div>
      </section>
    </div>
  );
}
