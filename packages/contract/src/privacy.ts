// Privacy duties: cookie consent records, retention periods, erasure and access by email address.
import { z } from 'zod';
import { LENGTH } from './limits.ts';

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

/** POST /api/consent */
export const ConsentRecordSchema = z.object({
  consentId: z.uuid('Consent id must be a UUID'),
  choice: z.enum(CONSENT_CHOICES, { error: 'Choice must be accepted, necessary or custom' }),
  settings: z.object(
    {
      analytics: z.boolean({ error: 'Settings must say true or false for analytics' }),
      marketing: z.boolean({ error: 'Settings must say true or false for marketing' }),
    },
    { error: 'Settings must say true or false for analytics and marketing' },
  ),
  bannerVersion: z
    .number({ error: 'Banner version must be a whole number' })
    .int('Banner version must be a whole number')
    .min(1, 'Banner version must be a whole number')
    .max(CONSENT_BANNER_VERSION, `Banner version must be at most ${CONSENT_BANNER_VERSION}`),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

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

const count = z.number().int().min(0);

/** GET /api/admin/privacy/retention: what the next run would delete. */
export const RetentionPreviewSchema = z.object({
  periods: z.object({ quotes: count, contacts: count, applications: count, spam: count }),
  /** Leads whose last activity is before these times are due. */
  cutoffs: z.object({ quotes: z.string(), contacts: z.string(), applications: z.string(), spam: z.string() }),
  due: z.object({ quotes: count, contacts: count, applications: count, files: count, mails: count, audit: count }),
  /** The last run, if any (ISO 8601). */
  lastRunAt: z.string().nullable(),
});
export type RetentionPreview = z.infer<typeof RetentionPreviewSchema>;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(LENGTH.email, `Email must be at most ${LENGTH.email} characters`)
  .pipe(z.email('Email must be a valid email address'));

/** POST /api/admin/privacy/erase and GET /api/admin/privacy/export?email= */
export const PrivacyEmailSchema = z.object({ email });

/** What an erasure removed. */
export const ErasureResultSchema = z.object({
  quotes: count,
  contacts: count,
  applications: count,
  files: count,
  mails: count,
});
export type ErasureResult = z.infer<typeof ErasureResultSchema>;

/** GET /api/consent/settings: read by the browser only once the visitor has allowed analytics. */
export const ConsentSettingsSchema = z.object({
  bannerVersion: z.number().int(),
  analyticsScriptUrl: z.string().nullable().describe('ANALYTICS_SCRIPT_URL, or null when analytics is off'),
});
export type ConsentSettings = z.infer<typeof ConsentSettingsSchema>;
