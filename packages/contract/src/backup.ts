// Backups (apps/api/src/services/backup.ts; `npm run backup`, the schedule, /api/admin/backups).
import { z } from 'zod';
import { ReauthSchema } from './account.ts';

/** agency-backup-2026-11-26T15-04-05-123Z.tar.gz: the UTC time it was started. */
export const BACKUP_NAME_PATTERN = /^agency-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

export const BackupParamsSchema = z.object({
  name: z.string().regex(BACKUP_NAME_PATTERN, 'There is no backup of that name.'),
});

export const BackupStartedSchema = z.object({ name: z.string() });

/**
 * Taking or downloading a backup asks again for the current password (and a 2FA code where 2FA is on): an archive
 * holds every lead, every CV, the password hashes and the 2FA secrets. Without it: 401 naming `currentPassword`.
 */
export const BackupReauthSchema = ReauthSchema.optional();

/** A download link: valid for BACKUP_LINK_SECONDS, once. */
export const BackupLinkSchema = z.object({ url: z.string() });
export const BACKUP_LINK_SECONDS = 5 * 60;
export const BackupLinkParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This download link is not valid.'),
});

/** Held messages sent or discarded. */
export const BackupHeldResultSchema = z.object({ count: z.number().int() });

export const BACKUP_MESSAGES = {
  linkGone: 'This download link has expired or was used already; ask for a new one on the dashboard.',
  /** On the dashboard when BACKUP_INTERVAL_HOURS is not set. */
  scheduleOff: 'Automatic backups are off: ask whoever hosts the site to turn them on.',
  held: (count: number) =>
    `${count} ${count === 1 ? 'message was' : 'messages were'} waiting when this backup was taken.`,
} as const;

export const BackupItemSchema = z.object({
  name: z.string(),
  createdAt: z.string(),
  sizeBytes: z.number().int(),
  /** When it was read back and its checksums and counts matched; null if it never was. */
  verifiedAt: z.string().nullable(),
});
export const BackupListSchema = z.object({ items: z.array(BackupItemSchema) });
export type BackupItem = z.infer<typeof BackupItemSchema>;

/** The dashboard's backup line; `overdue` turns it red. */
export const BackupStatusSchema = z.object({
  /** When the last good backup (written and verified) finished. */
  lastAt: z.string().nullable(),
  lastVerifiedAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Why the most recent backup failed; null when it succeeded or none was taken. */
  lastError: z.string().nullable(),
  /** BACKUP_INTERVAL_HOURS; null when backups are not scheduled. */
  intervalHours: z.number().nullable(),
  /** Scheduled, and the last good backup is older than two intervals (or missing). */
  overdue: z.boolean(),
  /** A backup is being taken now (by any instance). */
  running: z.boolean(),
  /** Mail and webhooks restored from an archive where they were pending: held until sent or discarded. */
  heldMessages: z.number().int(),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>;

/** A backup is overdue when the last good one is older than this many intervals. */
export const BACKUP_OVERDUE_INTERVALS = 2;

/** POST /api/admin/backups/final: the site's writes are off and the last backup is being taken. */
export const FinalBackupSchema = z.object({
  /** The archive being written (the last backup before a move). */
  name: z.string(),
  writesOff: z.object({ since: z.string(), reason: z.string() }),
});
export type FinalBackup = z.infer<typeof FinalBackupSchema>;
