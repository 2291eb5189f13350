// Backups (apps/api/src/services/backup.ts; `npm run backup`, the schedule, /api/admin/backups).
import { z } from 'zod';

/** agency-backup-2026-11-26T15-04-05-123Z.tar.gz: the UTC time it was started. */
export const BACKUP_NAME_PATTERN = /^agency-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

export const BackupParamsSchema = z.object({
  name: z.string().regex(BACKUP_NAME_PATTERN, 'There is no backup of that name.'),
});

export const BackupStartedSchema = z.object({ name: z.string() });

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
