// The audit log: what staff did, as GET /api/admin/audit returns it. Entries are written by the API's
// services/audit.ts (`recordAudit`), never edited, and removed after AUDIT_RETENTION_DAYS.
import { z } from 'zod';

/**
 * Every action the audit log records, `<area>.<what happened>`. Add a name here before recording it;
 * the admin's Audit page offers this list as its filter.
 */
export const AUDIT_ACTIONS = [
  // Sign-in and the account itself (routes/auth)
  'auth.login_succeeded',
  'auth.login_failed',
  'auth.password_changed',
  'auth.password_reset_requested',
  'auth.password_reset',
  'auth.2fa_enabled',
  'auth.2fa_disabled',
  'auth.2fa_failed',
  'auth.recovery_code_used',
  'auth.recovery_codes_replaced',
  'auth.session_ended',
  // Team (routes/users)
  'user.role_changed',
  'user.removed',
  'user.signed_out_everywhere',
  'settings.2fa_required_changed',
  'user.invited',
  'user.invite_revoked',
  'user.invite_accepted',
  'auth.preferences_changed',
  // Blog (routes/blogs)
  'blog.created',
  'blog.updated',
  'blog.deleted',
  'blog.published',
  'blog.scheduled',
  'blog.unpublished',
  'blog.restored',
  // Media library (routes/admin/media)
  'media.uploaded',
  'media.deleted',
  // Job openings (routes/jobs)
  'job.created',
  'job.updated',
  'job.deleted',
  'job.opened',
  'job.closed',
  // Site content (routes/admin/content); `content.override` is a publish despite failing checks
  'content.published',
  'content.scheduled',
  'content.restored',
  'content.override',
  // Leads inbox (routes/admin)
  'lead.viewed',
  'lead.status_changed',
  'lead.owner_changed',
  'lead.note_added',
  'lead.notification_resent',
  'lead.deleted',
  'lead.exported',
  'lead.file_downloaded',
  'lead.replied',
  'lead.follow_up_set',
  'lead.follow_up_cleared',
  'lead.deal_value_changed',
  'lead.bulk_changed',
  'person.viewed',
  'settings.reply_templates_changed',
  // Privacy (routes/admin/privacy, the retention job, consent records)
  'privacy.retention_run',
  'privacy.erased',
  'privacy.exported',
  'consent.exported',
  // Backups (routes/admin/backups)
  'backup.requested',
  'backup.downloaded',
  'backup.final',
  'backup.writes_on',
  'backup.held_sent',
  'backup.held_discarded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The part before the dot: the Audit page can filter on a whole area. */
export const AUDIT_AREAS = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0] as string))];

/** What an entry is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'blog',
  'job',
  'media',
  'quotes',
  'contacts',
  'applications',
  'email',
  'consents',
  'retention',
  'content',
  'backup',
  'invite',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Opening one record again within this many minutes is not recorded again (re-reads after each change). */
export const AUDIT_VIEW_WINDOW_MINUTES = 10;

/** Entries are kept this long, then the daily retention job removes them. */
export const AUDIT_RETENTION_DAYS = 730;

/** Entries per page of GET /api/admin/audit. */
export const AUDIT_PAGE_SIZE = 50;

/** Name shown as the actor of what the site does by itself (the retention job). */
export const AUDIT_SYSTEM_ACTOR = 'System';

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string().describe('ISO 8601'),
  actor: z.object({
    id: z.uuid().nullable().describe('null for the system and for someone not signed in'),
    name: z.string().describe('The name the actor had when it acted'),
  }),
  action: z.string().describe('One of AUDIT_ACTIONS'),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  label: z
    .string()
    .nullable()
    .describe('The target in words (a name, a title) as it is now, or as recorded when it is gone; null without one'),
  path: z.string().nullable().describe('The target’s page in the admin, when it still exists'),
  ip: z.string().nullable().describe('Client address; null for the system'),
  data: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/admin/audit */
export const AuditListSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  actors: z
    .array(z.object({ id: z.uuid(), name: z.string() }))
    .describe('Everyone who appears in the log (removed accounts too), for the actor filter'),
  people: z
    .record(z.string(), z.string())
    .describe('The names of the accounts whose ids appear in the entries’ data on this page (an owner change)'),
});
export type AuditList = z.infer<typeof AuditListSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/admin/audit?actor=&action=&page= — `action` is a full name or an area (`lead`). */
export const AuditListQuerySchema = z.object({
  actor: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || UUID.test(value), 'Actor must be the id of an account'),
  action: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine(
      (value) =>
        value === undefined || (AUDIT_ACTIONS as readonly string[]).includes(value) || AUDIT_AREAS.includes(value),
      'Action must be one of the audit log actions',
    ),
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(100_000, 'Page must be a whole number from 1')
    .optional()
    .default(1),
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;
