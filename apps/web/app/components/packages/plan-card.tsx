// One package plan: name, price, description, every inclusion and a call to action.
import { Link } from '~/lib/navigation';
import type { PackagesDocument } from '@agency/contract';
import { formatPrice, type PlanColour } from '@agency/contract/content/packages.ts';

type PackagePlan = PackagesDocument['plans'][number];

// Full class names (not built from strings) so Tailwind finds them; every pair passes AA contrast.
const COLOURS: Record<PlanColour, { bar: string; price: string; button: string }> = {
  blue: { bar: 'bg-blue-600', price: 'text-blue-700', button: 'bg-blue-700 hover:bg-blue-800' },
  indigo: { bar: 'bg-indigo-600', price: 'text-indigo-700', button: 'bg-indigo-700 hover:bg-indigo-800' },
  violet: { bar: 'bg-violet-600', price: 'text-violet-700', button: 'bg-violet-700 hover:bg-violet-800' },
  emerald: { bar: 'bg-emerald-600', price: 'text-emerald-800', button: 'bg-emerald-800 hover:bg-emerald-900' },
  amber: { bar: 'bg-amber-500', price: 'text-amber-800', button: 'bg-amber-800 hover:bg-amber-900' },
};

export function PlanCard({ plan, categoryName }: { plan: PackagePlan; categoryName: string }) {
  const colour = COLOURS[plan.colour];
  const fullName = plan.name === categoryName ? plan.name : `${categoryName} ${plan.name}`;
  return (
    <article
      data-testid="plan-card"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div aria-hidden="true" className={`h-2 ${colour.bar}`} />
      <div className="flex flex-1 flex-col p-8">
        <h3 className="text-xl font-bold text-ink">{fullName}</h3>
        <p className={`mt-4 text-4xl font-bold ${colour.price}`} data-testid="plan-price">
          {formatPrice(plan.price, plan.currency)}
        </p>
        <p className="mt-4 text-slate-600">{plan.description}</p>
        <ul className="mt-6 flex-1 space-y-2" aria-label={`${fullName} includes`}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-3 text-slate-700">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="mt-0.5 size-5 shrink-0 text-emerald-700"
                fill="currentColor"
              >
                <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
              </svg>
              {feature}
            </li>
          ))}
        </ul>
        <Link
          to="/quote"
          aria-label={`Get a quote for the ${fullName} package`}
          className={`mt-8 block rounded-md px-6 py-3 text-center font-semibold text-white ${colour.button}`}
        >
          Get a quote
        </Link>
      </div>
    </article>
  );
}
