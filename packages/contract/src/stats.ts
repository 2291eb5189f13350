// The dashboard's figures: GET /api/admin/stats.
import { z } from 'zod';
import { BackupStatusSchema } from './backup.ts';
import { HeldAsSpamSchema } from './lead-desk.ts';
import { InboundStatusSchema } from './inbound.ts';
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

/** The quote statuses whose deal values are the open pipeline (not won, lost or spam). */
export const OPEN_DEAL_STATUSES = ['new', 'contacted', 'qualified', 'proposal'] as const;

/** A sum of quotes' deal values in one currency. */
export const DealSumSchema = z.object({
  currency: z.string().nullable().describe('The quotes’ currency; null for quotes without one (the quote modal)'),
  total: z.number(),
  /** How many quotes with a deal value are in the sum. */
  count: z.number().int(),
});
export type DealSum = z.infer<typeof DealSumSchema>;

export const DealValueStatsSchema = z.object({
  /** Open quotes' deal values by status (OPEN_DEAL_STATUSES) and currency. */
  open: z.array(DealSumSchema.extend({ status: z.enum(OPEN_DEAL_STATUSES) })),
  /** Won quotes' deal values per currency, by the month (in TIME_ZONE) they were marked won. */
  wonThisMonth: z.array(DealSumSchema),
  wonLastMonth: z.array(DealSumSchema),
});
export type DealValueStats = z.infer<typeof DealValueStatsSchema>;

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
  /** Quotes' deal values (issue 22): the open pipeline's by status, and the won ones this month and last. */
  dealValue: DealValueStatsSchema,
  /** What was held as possible spam since the last digest, with the spam folder's path. */
  heldAsSpam: HeldAsSpamSchema,
  /** The backups' state; null for a sales account (backups are admins' only). */
  backup: BackupStatusSchema.nullable(),
  /** The mailbox answers come back to (issue 32): reachable or why not, what was filed, left unmatched or too large. */
  inbound: InboundStatusSchema,
});
export type Stats = z.infer<typeof StatsSchema>;
