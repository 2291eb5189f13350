// The Table-Order-System promotion: the in-house restaurant ordering product in four steps.
import { Link } from '~/lib/navigation';
import type { HomeDocument } from '@agency/contract';

export function TableOrderSection({ tableOrder: TABLE_ORDER }: { tableOrder: HomeDocument['tableOrder'] }) {
  return (
    <section className="bg-slate-50" aria-labelledby="table-order-title">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-6 py-20 lg:grid-cols-2">
        <div>
          <h2 id="table-order-title" className="text-3xl font-bold tracking-tight">
            {TABLE_ORDER.title}
          </h2>
          <p className="mt-4 text-slate-600">{TABLE_ORDER.lead}</p>
          <ol className="mt-8 space-y-6">
            {TABLE_ORDER.steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <Link
            to={TABLE_ORDER.cta.to}
            className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            {TABLE_ORDER.cta.label}
          </Link>
        </div>
        <img
          src={TABLE_ORDER.image.src}
          width={TABLE_ORDER.image.width}
          height={TABLE_ORDER.image.height}
          loading="lazy"
          alt={TABLE_ORDER.image.alt}
          className="w-full rounded-2xl shadow-lg"
        />
      </div>
    </section>
  );
}
