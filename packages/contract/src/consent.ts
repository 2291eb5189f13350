// Cookie consent and retention constants, free of zod so every page (the banner, the privacy policy) can
// import them without the schemas; the schemas that use them are in privacy.ts.

/**
 * Version of the cookie banner's wording and categories. Raising it asks every visitor again: a choice
 * stored under an older version counts as no choice.
 */
export const CONSENT_BANNER_VERSION = 1;

export const CONSENT_CHOICES = ['accepted', 'necessary', 'custom'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** Local storage key of the random id that ties a visitor's later choices to the first one. */
export const CONSENT_ID_KEY = 'cookieConsentId';
/** Local storage key of the banner version the stored choice was made under. */
export const CONSENT_VERSION_KEY = 'cookieConsentVersion';

/** The stored user agent is cut to this many characters: enough to tell browsers apart, not to fingerprint. */
export const CONSENT_USER_AGENT_CHARS = 120;

/**
 * How long leads are kept, in days, before the daily retention job deletes them (counted from the
 * lead's last activity). Quotes, contacts and applications can be changed with RETENTION_DAYS_QUOTES,
 * RETENTION_DAYS_CONTACTS and RETENTION_DAYS_APPLICATIONS; spam is always kept SPAM_RETENTION_DAYS.
 */
export const RETENTION_DEFAULT_DAYS = { quotes: 730, contacts: 730, applications: 180 } as const;
export const SPAM_RETENTION_DAYS = 30;

export interface RetentionPeriods {
  quotes: number;
  contacts: number;
  applications: number;
  spam: number;
}

export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = { ...RETENTION_DEFAULT_DAYS, spam: SPAM_RETENTION_DAYS };
