// Privacy duties: cookie consent records, retention periods, erasure and access by email address.
import { z } from 'zod';
import { CONSENT_BANNER_VERSION, CONSENT_CHOICES } from './consent.ts';
import { LENGTH } from './limits.ts';
import { INVALID_EMAIL_MESSAGE } from './fields.ts';

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
  .pipe(z.email(INVALID_EMAIL_MESSAGE));

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
