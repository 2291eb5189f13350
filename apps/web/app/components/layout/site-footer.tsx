// Site footer (docs/product.md section 2): page links, the three offices, contact email, social links and
// the copyright line with the current year (docs/product.md D4).
import { type ReactNode, useSyncExternalStore } from 'react';
import { Link } from '~/lib/navigation';
import { pathOf } from '~/content/pages';
import { useSite } from '~/lib/site-content';
import { BANNER_HOOKS } from './cookie-banner.enhance';
import { YEAR_HOOK } from './site-footer.enhance';

/** docs/product.md's footer list, in its order; "/Connect" keeps the original capital C on purpose. */
const FOOTER_LINKS = [
  { to: pathOf('home'), label: 'Home' },
  { to: pathOf('about'), label: 'About Us' },
  { to: '/Connect', label: 'Connect' },
  { to: pathOf('services'), label: 'Services' },
  { to: pathOf('packages'), label: 'Packages' },
  { to: pathOf('privacy'), label: 'Privacy Policy' },
  { to: pathOf('terms'), label: 'Terms and Conditions' },
  { to: pathOf('cookies'), label: 'Cookie Policy' },
];

/** Icons of the networks we know; another network's link shows its initial. */
const SOCIAL_ICONS: Record<string, ReactNode> = {
  Facebook: <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z" />,
  LinkedIn: (
    <path d="M4.5 3a2.25 2.25 0 1 1 0 4.5 2.25 2.25 0 0 1 0-4.5zM2.5 9h4v12h-4zM9 9h3.8v1.7h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6.1V21h-4v-5.5c0-1.3 0-3-1.8-3s-2.1 1.4-2.1 2.9V21H9z" />
  ),
  Instagram: (
    <path d="M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM17 5.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 2.5c-2.6 0-2.9 0-3.9.1C4.9 2.7 2.8 4.8 2.6 8.1c-.1 1-.1 1.3-.1 3.9s0 2.9.1 3.9c.2 3.3 2.3 5.4 5.5 5.5 1 .1 1.3.1 3.9.1s2.9 0 3.9-.1c3.3-.2 5.4-2.3 5.5-5.5.1-1 .1-1.3.1-3.9s0-2.9-.1-3.9c-.2-3.3-2.3-5.4-5.5-5.5-1-.1-1.3-.1-3.9-.1zm0 1.7c2.5 0 2.8 0 3.8.1 2.4.1 3.7 1.4 3.9 3.9.1 1 .1 1.3.1 3.8s0 2.8-.1 3.8c-.1 2.4-1.4 3.7-3.9 3.9-1 .1-1.3.1-3.8.1s-2.8 0-3.8-.1c-2.5-.1-3.7-1.5-3.9-3.9-.1-1-.1-1.3-.1-3.8s0-2.8.1-3.8C4.4 5.7 5.6 4.4 8.2 4.3c1-.1 1.3-.1 3.8-.1z" />
  ),
  X: (
    <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
  ),
};

const noSubscription = () => () => {};

/**
 * The current year. The footer is prerendered at build time, so the HTML carries the build's year;
 * once hydrated, the span is re-created (new key) with the visitor's year, without a hydration error.
 */
function CurrentYear() {
  const clientYear = useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => 0,
  );
  return (
    // YEAR_HOOK: on the public pages, which do not hydrate the footer, site-footer.enhance.ts sets it.
    <span key={clientYear === 0 ? 'build' : 'client'} {...{ [YEAR_HOOK]: '' }} suppressHydrationWarning>
      {clientYear || new Date().getFullYear()}
    </span>
  );
}

export function SiteFooter() {
  const SITE = useSite();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 text-sm text-slate-700">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="text-lg font-bold text-brand-700">
            {SITE.name}
          </Link>
          <p className="mt-3 text-slate-600">{SITE.tagline}.</p>
          <p className="mt-4">
            <a href={`mailto:${SITE.email}`} className="font-medium text-brand-700 underline underline-offset-2">
              {SITE.email}
            </a>
          </p>
        </div>

        <nav aria-label="Footer">
          <h2 className="font-semibold text-ink">Explore</h2>
          <ul className="mt-3 space-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              {/* Reopens the banner at its Customize view: a choice can be changed or withdrawn at any time. */}
              <button
                type="button"
                {...{ [BANNER_HOOKS.settings]: '' }}
                className="hover:text-brand-700 hover:underline"
              >
                Cookie settings
              </button>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-offices" className="lg:col-span-1">
          <h2 id="footer-offices" className="font-semibold text-ink">
            Our offices
          </h2>
          <ul className="mt-3 space-y-4">
            {SITE.offices.map((office) => (
              <li key={office.id}>
                <address className="not-italic">
                  <span className="font-medium text-ink">{office.city}</span>
                  <br />
                  {office.street}, {office.region} {office.postalCode}, {office.country}
                  <br />
                  <a href={`tel:${office.phone.replace(/\s/g, '')}`} className="hover:text-brand-700 hover:underline">
                    {office.phone}
                  </a>
                </address>
              </li>
            ))}
          </ul>
        </section>

        <nav aria-label="Social media">
          <h2 className="font-semibold text-ink">Follow us</h2>
          <ul className="mt-3 flex gap-3">
            {SITE.socialLinks.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.name} (opens in a new tab)`}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white text-slate-700 shadow-sm ring-1 ring-slate-200 hover:text-brand-700"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
                    {SOCIAL_ICONS[social.name] ?? (
                      <text x="12" y="17" textAnchor="middle" fontSize="14" fontWeight="bold">
                        {social.name.slice(0, 1)}
                      </text>
                    )}
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-6 py-5 text-slate-600">
          © <CurrentYear /> {SITE.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
