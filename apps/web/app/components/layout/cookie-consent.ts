// The visitor's cookie choice in localStorage, under the keys the original site used (SPEC.md
// section 4): `cookieConsent` (accepted | necessary | custom) and `cookieSettings` (JSON).

export const COOKIE_CONSENT_KEY = 'cookieConsent';
export const COOKIE_SETTINGS_KEY = 'cookieSettings';

export type CookieConsent = 'accepted' | 'necessary' | 'custom';

export interface CookieSettings {
  /** Always true: the site cannot work without them. */
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
}

/** The optional categories, in the order the banner shows them. */
export const OPTIONAL_COOKIE_CATEGORIES = [
  { key: 'analytics', label: 'Analytics', description: 'Help us understand how visitors use the site.' },
  { key: 'marketing', label: 'Marketing', description: 'Let us measure and tailor our advertising.' },
  { key: 'preferences', label: 'Preferences', description: 'Remember your choices, such as your region.' },
] as const satisfies readonly { key: Exclude<keyof CookieSettings, 'necessary'>; label: string; description: string }[];

export const ALL_COOKIES: CookieSettings = { necessary: true, analytics: true, marketing: true, preferences: true };
export const NECESSARY_COOKIES: CookieSettings = {
  necessary: true,
  analytics: false,
  marketing: false,
  preferences: false,
};

/** Fired on window when the visitor asks to change the choice again (e.g. from the cookie policy). */
export const OPEN_COOKIE_SETTINGS_EVENT = 'cookie-settings:open';

/** Shows the banner again, with the category toggles open. */
export const openCookieSettings = () => window.dispatchEvent(new Event(OPEN_COOKIE_SETTINGS_EVENT));

// localStorage throws when storage is blocked (private modes, strict settings): treat it as "no choice".
export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'necessary' || value === 'custom' ? value : null;
  } catch {
    return null;
  }
}

/** The stored settings, or only the necessary ones when nothing (valid) is stored. */
export function readCookieSettings(): CookieSettings {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(COOKIE_SETTINGS_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object') {
      const stored = parsed as Record<string, unknown>;
      return {
        necessary: true,
        analytics: stored.analytics === true,
        marketing: stored.marketing === true,
        preferences: stored.preferences === true,
      };
    }
  } catch {
    // Unreadable or malformed: fall through to the safe default.
  }
  return { ...NECESSARY_COOKIES };
}

export function saveCookieConsent(consent: CookieConsent, settings: CookieSettings) {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, consent);
    // Written in a fixed key order so the stored JSON is predictable.
    const { necessary, analytics, marketing, preferences } = settings;
    window.localStorage.setItem(COOKIE_SETTINGS_KEY, JSON.stringify({ necessary, analytics, marketing, preferences }));
  } catch {
    // Storage blocked: the choice holds for this page view only.
  }
}
