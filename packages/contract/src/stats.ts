// The dashboard's figures: GET /api/admin/stats.
import { z } from 'zod';
import { BackupStatusSchema } from './backup.ts';
import { DeliverySchema } from './lead-timeline.ts';
import { LEAD_KINDS, REGIONS } from './options.ts';

const countsBy = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<T[number], z.ZodNumber>);

export const REGION_BUCKETS = [...REGIONS, 'none'] as const;

const WeekSchema = z.object({
  total: z.number().int(),
  byKind: countsBy(LEAD_KINDS),
  /** Region of quote requests; `none` = the quote modal, contact messages and applications. */
  byRegion: countsBy(REGION_BUCKETS),
});

export const OutboxHealthSchema = z.object({
  /** Rows not sent yet. */
  pending: z.number().int(),
  /** Pending rows tried ≥ 5 times or waiting for more than an hour. */
  failing: z.number().int(),
  /** Age of the oldest pending row; 0 when nothing waits. */
  oldestPendingSeconds: z.number().int(),
  /** Error of the most recently failed pending row. */
  lastError: z.string().nullable(),
});
export type OutboxHealth = z.infer<typeof OutboxHealthSchema>;

export const StatsSchema = z.object({
  /** Leads received (spam excluded) in the last 7 days and the 7 days before. */
  newLeads: z.object({ thisWeek: WeekSchema, lastWeek: WeekSchema }),
  /** Every lead by its current status, per kind. */
  byStatus: z.object({
    quotes: z.record(z.string(), z.number().int()),
    contacts: z.record(z.string(), z.number().int()),
    applications: z.record(z.string(), z.number().int()),
  }),
  /** Median of (first status change other than to spam − received), leads of the last 90 days; null without any. */
  medianFirstResponseSeconds: z.number().nullable(),
  /** Most frequent `sourcePath` of leads in the last 30 days (spam excluded), at most 10. */
  topSourcePaths: z.array(z.object({ path: z.string(), count: z.number().int() })),
  /** Most frequent utm_campaign (with its source and medium) in the last 30 days, at most 10. */
  topCampaigns: z.array(
    z.object({
      campaign: z.string(),
      source: z.string().nullable(),
      medium: z.string().nullable(),
      count: z.number().int(),
    }),
  ),
  /** The failing outbox rows (at most 20), oldest first. */
  failingNotifications: z.array(
    DeliverySchema.extend({ leadKind: z.enum(LEAD_KINDS), leadId: z.string(), adminPath: z.string() }),
  ),
  outbox: OutboxHealthSchema,
  backup: BackupStatusSchema,
});
export type Stats = z.infer<typeof StatsSchema>;
