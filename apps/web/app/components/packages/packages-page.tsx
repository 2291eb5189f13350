// The packages page's body from its document, the route's (routes/packages.tsx) and the editor's preview's.
import type { PackagesDocument } from '@agency/contract';
import { PlanCard } from './plan-card';
import { PageHero } from '~/components/ui/page-hero';

export function PackagesPage({ content }: { content: PackagesDocument }) {
  const { hero: PACKAGES_HERO, categories: PACKAGE_CATEGORIES, inclusions: SHARED_INCLUSIONS, plans } = content;
  const plansIn = (category: string) => plans.filter((plan) => plan.category === category);
  return (
    <>
      <PageHero title={PACKAGES_HERO.title} lead={PACKAGES_HERO.lead} />
      {PACKAGE_CATEGORIES.map((category) => (
        <section key={category.id} aria-labelledby={`packages-${category.id}`} className="mx-auto max-w-7xl px-6 pt-16">
          <h2 id={`packages-${category.id}`} className="text-3xl font-bold tracking-tight">
            {category.name}
          </h2>
          <p className="mt-2 text-slate-600">{category.description}</p>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {plansIn(category.id).map((plan) => (
              <li key={plan.id}>
                <PlanCard plan={plan} categoryName={category.name} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="packages-shared" className="mx-auto max-w-7xl px-6 py-16">
        <div className="rounded-2xl bg-brand-50 p-8">
          <h2 id="packages-shared" className="text-2xl font-bold tracking-tight">
            {SHARED_INCLUSIONS.title}
          </h2>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {SHARED_INCLUSIONS.items.map((item) => (
              <li key={item} className="rounded-lg bg-white px-4 py-3 font-medium text-slate-700 shadow-sm">
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
