// Cookie consent banner (docs/product.md section 4): server markup, never a React root. Its behaviour is plain
// script beside it (cookie-banner.enhance.ts, attached by every page's entry): it shows the banner
// COOKIE_BANNER_DELAY_MS after the load event while no choice is stored, and a tap on a choice stores it and closes
// the banner in that frame, before any other code loads (DECISIONS.md 10). A non-modal region: the page stays
// usable and focus is never taken from the visitor. The enhancement finds its elements by the `data-*` attributes
// written here (BANNER_HOOKS); cookie-banner.test.tsx fails when one is missing.
import { useId } from 'react';
import { Link } from '~/lib/navigation';
import { OPTIONAL_COOKIE_CATEGORIES } from './cookie-consent';
import { BANNER_HOOKS as HOOK } from './cookie-banner.enhance';

const BUTTON = 'rounded-md px-4 py-2 text-sm font-semibold';
const PRIMARY = `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-ink hover:bg-slate-100`;

/** What the banner adds when the browser sends Global Privacy Control (as HTML: a template's content). */
const GPC_NOTE =
  '<p class="mt-2 text-sm text-slate-700">Your browser sends a Global Privacy Control signal, so analytics and ' +
  'marketing cookies stay off unless you switch them on yourself.</p>';

export function CookieBanner() {
  const id = useId();
  return (
    // Hidden in the served HTML: the enhancement shows it a second after the load event.
    <section
      {...{ [HOOK.banner]: '' }}
      hidden
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-5 shadow-2xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-lg sm:rounded-lg sm:border"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
        We value your privacy
      </h2>
      <p id={`${id}-text`} className="mt-2 text-sm text-slate-600">
        We use cookies to run this site and, with your permission, to understand how it is used and to improve our
        marketing. Read our{' '}
        <Link to="/cookies" className="font-medium text-brand-700 underline underline-offset-2">
          Cookie Policy
        </Link>
        .
      </p>
      {/* Put in place when the browser sends the signal (a template: not part of the banner's text otherwise). */}
      <template {...{ [HOOK.gpc]: '' }} dangerouslySetInnerHTML={{ __html: GPC_NOTE }} />

      {/* Shown by Customize and by the footer's "Cookie settings". */}
      <fieldset {...{ [HOOK.preferences]: '' }} hidden className="mt-4 space-y-3">
        <legend className="text-sm font-semibold text-ink">Cookie preferences</legend>
        <CookieSwitch
          id={`${id}-necessary`}
          label="Necessary"
          description="Needed for the site to work. Always on."
          checked
          disabled
        />
        {OPTIONAL_COOKIE_CATEGORIES.map((category) => (
          <CookieSwitch
            key={category.key}
            id={`${id}-${category.key}`}
            category={category.key}
            label={category.label}
            description={category.description}
          />
        ))}
      </fieldset>

      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" {...{ [HOOK.choice]: 'accepted' }} className={PRIMARY}>
          Accept All
        </button>
        <button type="button" {...{ [HOOK.choice]: 'necessary' }} className={SECONDARY}>
          Necessary Only
        </button>
        <button type="button" {...{ [HOOK.choice]: 'necessary' }} className={SECONDARY}>
          Reject All
        </button>
        <button type="button" {...{ [HOOK.choice]: 'custom' }} hidden className={SECONDARY}>
          Save Preferences
        </button>
        <button type="button" {...{ [HOOK.customize]: '' }} className={SECONDARY}>
          Customize
        </button>
      </div>
    </section>
  );
}

interface CookieSwitchProps {
  id: string;
  label: string;
  description: string;
  /** The optional category it stands for (the enhancement reads and sets it); none for the necessary one. */
  category?: string;
  checked?: boolean;
  disabled?: boolean;
}

/** A labelled checkbox drawn as a switch; the native input keeps keyboard and screen-reader support. */
function CookieSwitch({ id, label, description, category, checked, disabled }: CookieSwitchProps) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs text-slate-600">
          {description}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-description`}
        defaultChecked={checked}
        disabled={disabled}
        {...(category ? { [HOOK.category]: category } : {})}
        className="relative mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-60"
      />
    </div>
  );
}
