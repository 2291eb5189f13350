// The visitor's cookie choice in localStorage, under the keys the original site used (docs/product.md
// section 4): `cookieConsent` (accepted | necessary | custom) and `cookieSettings` (JSON); beside them
// the banner version the choice was made under and the random id that ties a visitor's choices together
// in the consent log (POST /api/consent), which holds nothing else about the visitor.
import { CONSENT_BANNER_VERSION, CONSENT_ID_KEY, CONSENT_VERSION_KEY } from '@agency/contract';

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

/** Fired on window after the visitor made or changed a choice. */
export const COOKIE_CONSENT_CHANGED_EVENT = 'cookie-consent:changed';

/** The browser sends Global Privacy Control: analytics and marketing start off, and the banner says why. */
export const hasGlobalPrivacyControl = () =>
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

// localStorage throws when storage is blocked (private modes, strict settings): treat it as "no choice".
// A choice made under an older banner version counts as none, so raising the version asks again; one
// stored before versions were kept was made under the first.
export function readCookieConsent(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    const version = Number(window.localStorage.getItem(CONSENT_VERSION_KEY) ?? 1);
    if (version !== CONSENT_BANNER_VERSION) return null;
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

/** The stored consent id, created on the first choice. */
function consentId(): string {
  let id: string | null = null;
  try {
    id = window.localStorage.getItem(CONSENT_ID_KEY);
    if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
      id = crypto.randomUUID();
      window.localStorage.setItem(CONSENT_ID_KEY, id);
    }
  } catch {
    // Storage blocked: this choice is still recorded, under an id of its own.
  }
  return id ?? crypto.randomUUID();
}

export function saveCookieConsent(consent: CookieConsent, settings: CookieSettings) {
  // Written in a fixed key order so the stored JSON is predictable.
  const { necessary, analytics, marketing, preferences } = settings;
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, consent);
    window.localStorage.setItem(COOKIE_SETTINGS_KEY, JSON.stringify({ necessary, analytics, marketing, preferences }));
    window.localStorage.setItem(CONSENT_VERSION_KEY, String(CONSENT_BANNER_VERSION));
  } catch {
    // Storage blocked: the choice holds for this page view only.
  }
  // Proof of the choice for the agency; losing it (offline) must not get in the visitor's way.
  const body = {
    consentId: consentId(),
    choice: consent,
    settings: { analytics, marketing },
    bannerVersion: CONSENT_BANNER_VERSION,
  };
  fetch('/api/consent', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => {});
  window.dispatchEvent(new Event(COOKIE_CONSENT_CHANGED_EVENT));
}
