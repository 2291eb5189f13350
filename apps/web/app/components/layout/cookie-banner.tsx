// Cookie consent banner (docs/product.md section 4), an island of the public pages: shown COOKIE_BANNER_DELAY_MS after the page's load event
// while no choice is stored (counted from the load event, not from when this script arrived). A non-modal region: the page stays usable and focus is never taken from the visitor.
import { COOKIE_BANNER_DELAY_MS } from '@agency/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '~/lib/navigation';
import { applyAnalyticsConsent } from './analytics';
import {
  ALL_COOKIES,
  COOKIE_CONSENT_CHANGED_EVENT,
  type CookieConsent,
  type CookieSettings,
  NECESSARY_COOKIES,
  OPEN_COOKIE_SETTINGS_EVENT,
  OPTIONAL_COOKIE_CATEGORIES,
  hasGlobalPrivacyControl,
  readCookieConsent,
  readCookieSettings,
  saveCookieConsent,
} from './cookie-consent';

const BUTTON = 'rounded-md px-4 py-2 text-sm font-semibold';
const PRIMARY = `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-ink hover:bg-slate-100`;

/** Milliseconds since this document's load event ended (0 if it has not: the caller waits for it). */
function sinceLoadEvent(): number {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.loadEventEnd ? performance.now() - entry.loadEventEnd : 0;
}

export function CookieBanner() {
  const [visible, setVisible] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [choices, setChoices] = useState<CookieSettings>(NECESSARY_COOKIES);
  const [gpc, setGpc] = useState(false);
  // Asked for from the footer: once drawn, the first toggle takes focus (counted, so each request focuses).
  const [focusRequests, setFocusRequests] = useState(0);
  const id = useId();
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    let timer: number | undefined;
    const showAfterLoad = () => {
      timer = window.setTimeout(() => setVisible(true), Math.max(0, COOKIE_BANNER_DELAY_MS - sinceLoadEvent()));
    };
    const loaded = document.readyState === 'complete';
    // Already shown by the public pages' enhancement (public-runtime/enhance.ts) before this island hydrated.
    const shownBefore = sectionRef.current ? !sectionRef.current.hidden : false;
    if (!readCookieConsent()) {
      if (shownBefore) setVisible(true);
      else if (loaded) showAfterLoad();
      else window.addEventListener('load', showAfterLoad, { once: true });
    }
    setGpc(hasGlobalPrivacyControl());
    const reopen = () => {
      setChoices(readCookieSettings());
      setCustomizing(true);
      setVisible(true);
      setFocusRequests((count) => count + 1);
    };
    applyAnalyticsConsent();
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
    window.addEventListener(COOKIE_CONSENT_CHANGED_EVENT, applyAnalyticsConsent);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('load', showAfterLoad);
      window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, reopen);
      window.removeEventListener(COOKIE_CONSENT_CHANGED_EVENT, applyAnalyticsConsent);
    };
  }, [id]);

  useEffect(() => {
    // Asked for from the footer: the toggles are what the visitor came for.
    if (focusRequests > 0) document.getElementById(`${id}-${OPTIONAL_COOKIE_CATEGORIES[0].key}`)?.focus();
  }, [focusRequests, id]);

  const decide = (consent: CookieConsent, settings: CookieSettings) => {
    saveCookieConsent(consent, settings);
    setVisible(false);
    setCustomizing(false);
  };

  return (
    // In the served HTML, hidden: the public pages show it with their enhancement script a second after the load
    // event (public-runtime/enhance.ts), before this island has hydrated; it then decides.
    <section
      ref={sectionRef}
      data-cookie-banner=""
      hidden={!visible}
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
      {/* Not in the served HTML: a public page hydrates this island with the banner's showing when the browser
          sends the signal (public-runtime/enhance.ts). */}
      {gpc && (
        <p className="mt-2 text-sm text-slate-700">
          Your browser sends a Global Privacy Control signal, so analytics and marketing cookies stay off unless you
          switch them on yourself.
        </p>
      )}

      {customizing && (
        <fieldset className="mt-4 space-y-3">
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
              label={category.label}
              description={category.description}
              checked={choices[category.key]}
              onChange={(checked) => setChoices((current) => ({ ...current, [category.key]: checked }))}
            />
          ))}
        </fieldset>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={PRIMARY} onClick={() => decide('accepted', ALL_COOKIES)}>
          Accept All
        </button>
        <button type="button" className={SECONDARY} onClick={() => decide('necessary', NECESSARY_COOKIES)}>
          Necessary Only
        </button>
        <button type="button" className={SECONDARY} onClick={() => decide('necessary', NECESSARY_COOKIES)}>
          Reject All
        </button>
        {customizing ? (
          <button type="button" className={SECONDARY} onClick={() => decide('custom', choices)}>
            Save Preferences
          </button>
        ) : (
          <button
            type="button"
            className={SECONDARY}
            onClick={() => {
              setCustomizing(true);
              // The button is replaced by "Save Preferences": move focus to the first new toggle.
              requestAnimationFrame(() =>
                document.getElementById(`${id}-${OPTIONAL_COOKIE_CATEGORIES[0].key}`)?.focus(),
              );
            }}
          >
            Customize
          </button>
        )}
      </div>
    </section>
  );
}

interface CookieSwitchProps {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}

/** A labelled checkbox drawn as a switch; the native input keeps keyboard and screen-reader support. */
function CookieSwitch({ id, label, description, checked, disabled, onChange }: CookieSwitchProps) {
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
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked)}
        className="relative mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-60"
      />
    </div>
  );
}
