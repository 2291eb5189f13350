// The call to action every landing page ends with: a link to /connect.
import { Link } from '~/lib/navigation';
import type { ServicePage } from '@agency/contract/content/service-pages.ts';

export function ClosingCta({ closing }: { closing: ServicePage['closing'] }) {
  return (
    <section aria-labelledby="closing-heading" className="bg-brand-700 text-white">
      <div className="mx-auto max-w-4xl px-6 py-16 text-center">
        <h2 id="closing-heading" className="text-3xl font-bold">
          {closing.heading}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">{closing.body}</p>
        <Link
          to="/connect"
          className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-semibold text-brand-900 shadow hover:bg-brand-50"
        >
          {closing.label}
        </Link>
      </div>
    </section>
  );
}
