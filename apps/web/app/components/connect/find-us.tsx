// "Find us": the three offices with their addresses and phones, and the contact email.
import { useSite } from '~/lib/site-content';

export function FindUs() {
  const SITE = useSite();
  return (
    <section aria-labelledby="find-us-title">
      <h2 id="find-us-title" className="text-2xl font-bold tracking-tight">
        Find us
      </h2>
      <ul className="mt-6 space-y-6">
        {SITE.offices.map((office) => (
          <li key={office.id} className="rounded-xl border border-slate-200 bg-white p-6">
            <h3 className="font-semibold text-ink">
              {office.city}, {office.country}
            </h3>
            <address className="mt-2 text-slate-600 not-italic">
              {office.street}
              <br />
              {office.city === office.region ? office.city : `${office.city}, ${office.region}`} {office.postalCode}
              <br />
              {office.country}
            </address>
            <p className="mt-2">
              <a
                href={`tel:${office.phone.replace(/\s+/g, '')}`}
                className="text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                {office.phone}
              </a>
            </p>
          </li>
        ))}
        <li className="rounded-xl border border-slate-200 bg-white p-6">
          <h3 className="font-semibold text-ink">Email</h3>
          <p className="mt-2">
            <a
              href={`mailto:${SITE.email}`}
              className="text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {SITE.email}
            </a>
          </p>
        </li>
      </ul>
    </section>
  );
}
