// The cookie banner's behaviour (its markup: cookie-banner.tsx), plain script attached by every page's entry
// (public-runtime/enhance.ts), no React: DECISIONS.md 10 wants the banner's answer in the frame the tap lands
// in. It shows the banner a second after the load event while no choice is stored; a choice is stored
// (localStorage) and sent to the consent log (fetch with keepalive, so leaving at once does not lose it) by the tap
// itself, and the banner closes in the same frame. Customize and the footer's "Cookie settings" open the toggles.
import { COOKIE_BANNER_DELAY_MS } from '@agency/contract';
import { afterLoad } from '~/lib/after-load';
import { afterNextFrame } from '~/lib/after-next-frame';
import { applyAnalyticsConsent } from './analytics';
import {
  ALL_COOKIES,
  COOKIE_CONSENT_CHANGED_EVENT,
  type CookieConsent,
  type CookieSettings,
  NECESSARY_COOKIES,
  hasGlobalPrivacyControl,
  readCookieConsent,
  readCookieSettings,
  saveCookieConsent,
} from './cookie-consent';

/** The attributes the banner's markup (and the footer's button) write, and this script finds elements by. */
export const BANNER_HOOKS = {
  banner: 'data-cookie-banner',
  gpc: 'data-cookie-gpc',
  preferences: 'data-cookie-preferences',
  /** On each choice button: the choice it stores (accepted, necessary, custom). */
  choice: 'data-cookie-choice',
  customize: 'data-cookie-customize',
  /** On each optional toggle: its category. */
  category: 'data-cookie-category',
  /** The footer's "Cookie settings" button. */
  settings: 'data-cookie-settings',
} as const;

const H = BANNER_HOOKS;

function settingsFrom(banner: HTMLElement): CookieSettings {
  const settings: CookieSettings = { ...NECESSARY_COOKIES };
  for (const toggle of banner.querySelectorAll<HTMLInputElement>(`[${H.category}]`)) {
    const key = toggle.getAttribute(H.category) as Exclude<keyof CookieSettings, 'necessary'>;
    if (key in settings) settings[key] = toggle.checked;
  }
  return settings;
}

/** Attaches the banner's behaviour to `banner` (once). */
export function cookieBanner(banner: HTMLElement) {
  const preferences = banner.querySelector<HTMLElement>(`[${H.preferences}]`);
  const save = banner.querySelector<HTMLElement>(`[${H.choice}="custom"]`);
  const customize = banner.querySelector<HTMLElement>(`[${H.customize}]`);
  const toggles = () => Array.from(banner.querySelectorAll<HTMLInputElement>(`[${H.category}]`));

  const setCustomizing = (on: boolean) => {
    if (preferences) preferences.hidden = !on;
    if (save) save.hidden = !on;
    if (customize) customize.hidden = on;
  };
  const gpc = banner.querySelector<HTMLTemplateElement>(`template[${H.gpc}]`);
  const show = () => {
    banner.hidden = false;
    // Once: the template's paragraph goes in its place.
    if (gpc?.isConnected && hasGlobalPrivacyControl()) gpc.replaceWith(gpc.content.cloneNode(true));
  };
  const focusFirstToggle = () => toggles()[0]?.focus();

  banner.addEventListener('click', (event) => {
    const target = event.target as Element;
    const choice = target.closest(`[${H.choice}]`)?.getAttribute(H.choice) as CookieConsent | undefined;
    if (choice) {
      const settings =
        choice === 'accepted' ? ALL_COOKIES : choice === 'necessary' ? NECESSARY_COOKIES : settingsFrom(banner);
      // Closed first: the frame the tap lands in shows the answer, whatever storage and the network do.
      banner.hidden = true;
      setCustomizing(false);
      saveCookieConsent(choice, settings);
      return;
    }
    if (target.closest(`[${H.customize}]`)) {
      setCustomizing(true);
      focusFirstToggle();
    }
  });

  // The footer's "Cookie settings": the banner again, at its toggles, with the stored choice.
  document.addEventListener('click', (event) => {
    if (!(event.target as Element | null)?.closest?.(`[${H.settings}]`)) return;
    const stored = readCookieSettings();
    for (const toggle of toggles()) {
      toggle.checked = stored[toggle.getAttribute(H.category) as keyof CookieSettings] === true;
    }
    setCustomizing(true);
    show();
    focusFirstToggle();
  });

  applyAnalyticsConsent();
  // After the frame that shows the banner closed: asking for the analytics settings is no part of the answer.
  window.addEventListener(COOKIE_CONSENT_CHANGED_EVENT, () => afterNextFrame(applyAnalyticsConsent));

  if (readCookieConsent()) return;
  afterLoad(() => {
    // A choice may have been made in the meantime (from the footer, or in another tab).
    if (banner.hidden && !readCookieConsent()) show();
  }, COOKIE_BANNER_DELAY_MS);
}
