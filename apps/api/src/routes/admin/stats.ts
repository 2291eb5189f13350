// GET /api/admin/stats: the dashboard's figures. Plain SQL that PGlite and PostgreSQL run alike.
import {
  type DealSum,
  type DealValueStats,
  LEAD_KINDS,
  type LeadKind,
  OPEN_DEAL_STATUSES,
  leadAdminPath,
  leadStatuses,
  REGION_BUCKETS,
  type Role,
  ROLE_ACCESS,
  SPAM_STATUS,
  type Stats,
  StatsSchema,
} from '@agency/contract';
import { and, type Db, inArray, schema, sql } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEARER, errorResponses } from '../../lib/schema.ts';
import { heldAsSpam } from '../../services/lead-desk.ts';
import { deliveryColumns, failingCondition, toDelivery } from '../../services/lead-events.ts';

/** The three lead tables as one, with the columns the dashboard reads. */
const allLeads = sql`(
  select 'quotes' as kind, region, status, created_at, source_path, utm_source, utm_medium, utm_campaign from quotes
  union all
  select 'contacts', null, status, created_at, source_path, utm_source, utm_medium, utm_campaign from contacts
  union all
  select 'applications', null, status, created_at, source_path, utm_source, utm_medium, utm_campaign from applications
) as leads`;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const emptyWeek = () => ({
  total: 0,
  byKind: Object.fromEntries(LEAD_KINDS.map((kind) => [kind, 0])) as Record<LeadKind, number>,
  byRegion: Object.fromEntries(REGION_BUCKETS.map((region) => [region, 0])) as Record<
    (typeof REGION_BUCKETS)[number],
    number
  >,
});

const dealSum = (row: { currency: string | null; total: number | string; n: number }): DealSum => ({
  currency: row.currency,
  total: Number(row.total),
  count: row.n,
});

/**
 * Quotes' deal values: the open ones by status and currency, and the won ones of this month and last (months
 * in `timeZone`; a quote was won when it was last moved to `won`, or at its last activity without that event).
 */
export async function dealValueStats(db: Db, timeZone: string): Promise<DealValueStats> {
  const open = sql.join(
    OPEN_DEAL_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const monthStart = sql`(date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const lastMonthStart = sql`((date_trunc('month', now() at time zone ${timeZone}) - interval '1 month') at time zone ${timeZone})`;
  const [pipeline, won] = await Promise.all([
    rows<{ currency: string | null; status: (typeof OPEN_DEAL_STATUSES)[number]; total: string; n: number }>(
      db,
      sql`select currency, status, sum(deal_value)::float8 as total, count(*)::int as n from quotes
          where deal_value is not null and status in (${open})
          group by 1, 2 order by 2, 1 nulls last`,
    ),
    rows<{ currency: string | null; this_month: boolean; total: string; n: number }>(
      db,
      sql`select currency, won_at >= ${monthStart} as this_month, sum(deal_value)::float8 as total, count(*)::int as n
          from (
            select q.currency, q.deal_value, coalesce(
              (select max(e.created_at) from lead_events e
               where e.lead_kind = 'quotes' and e.lead_id = q.id and e.type = 'status_changed' and e.data->>'to' = 'won'),
              q.last_activity_at) as won_at
            from quotes q where q.status = 'won' and q.deal_value is not null
          ) w
          where won_at >= ${lastMonthStart}
          group by 1, 2 order by 1 nulls last`,
    ),
  ]);
  return {
    open: pipeline.map((row) => ({ ...dealSum(row), status: row.status })),
    wonThisMonth: won.filter((row) => row.this_month).map(dealSum),
    wonLastMonth: won.filter((row) => !row.this_month).map(dealSum),
  };
}

export async function leadStats(db: Db): Promise<Omit<Stats, 'backup' | 'dealValue' | 'heldAsSpam' | 'inbound'>> {
  const [weeks, statuses, median, paths, campaigns, failing, outbox] = await Promise.all([
    rows<{ kind: LeadKind; region: string | null; this_week: boolean; n: number }>(
      db,
      sql`select kind, region, created_at >= now() - interval '7 days' as this_week, count(*)::int as n
          from ${allLeads}
          where created_at >= now() - interval '14 days' and status <> ${SPAM_STATUS}
          group by 1, 2, 3`,
    ),
    rows<{ kind: LeadKind; status: string; n: number }>(
      db,
      sql`select kind, status, count(*)::int as n from ${allLeads} group by 1, 2`,
    ),
    rows<{ median: number | string | null }>(
      db,
      sql`select percentile_cont(0.5) within group (order by extract(epoch from (c.first_at - r.at))::float8) as median
          from (
            select lead_kind, lead_id, min(created_at) as at from lead_events
            where type = 'received' and created_at >= now() - interval '90 days' group by 1, 2
          ) r
          join (
            select lead_kind, lead_id, min(created_at) as first_at from lead_events
            where type = 'status_changed' and data->>'to' <> ${SPAM_STATUS} group by 1, 2
          ) c on c.lead_kind = r.lead_kind and c.lead_id = r.lead_id`,
    ),
    rows<{ path: string; n: number }>(
      db,
      sql`select source_path as path, count(*)::int as n from ${allLeads}
          where created_at >= now() - interval '30 days' and status <> ${SPAM_STATUS} and source_path is not null
          group by 1 order by 2 desc, 1 limit 10`,
    ),
    rows<{ campaign: string; source: string | null; medium: string | null; n: number }>(
      db,
      sql`select utm_campaign as campaign, utm_source as source, utm_medium as medium, count(*)::int as n
          from ${allLeads}
          where created_at >= now() - interval '30 days' and status <> ${SPAM_STATUS} and utm_campaign is not null
          group by 1, 2, 3 order by 4 desc, 1 limit 10`,
    ),
    // Only leads' notifications: account mail (a password reset) has no lead page to link to.
    db
      .select(deliveryColumns)
      .from(schema.outbox)
      .where(and(failingCondition, inArray(schema.outbox.leadKind, [...LEAD_KINDS])))
      .orderBy(schema.outbox.createdAt)
      .limit(20),
    rows<{ pending: number; failing: number; oldest: number | null; last_error: string | null }>(
      db,
      sql`select
            count(*) filter (where sent_at is null)::int as pending,
            count(*) filter (where ${failingCondition})::int as failing,
            floor(extract(epoch from now() - min(created_at) filter (where sent_at is null)))::int as oldest,
            (select last_error from outbox where sent_at is null and last_error is not null
             order by last_failed_at desc nulls last, created_at desc limit 1) as last_error
          from outbox`,
    ),
  ]);

  const thisWeek = emptyWeek();
  const lastWeek = emptyWeek();
  for (const row of weeks) {
    const week = row.this_week ? thisWeek : lastWeek;
    const region = row.region === 'uk' || row.region === 'nepal' ? row.region : 'none';
    week.total += row.n;
    week.byKind[row.kind] += row.n;
    week.byRegion[region] += row.n;
  }
  const byStatus = Object.fromEntries(
    LEAD_KINDS.map((kind) => [kind, Object.fromEntries(leadStatuses(kind).map((status) => [status, 0]))]),
  ) as Stats['byStatus'];
  for (const row of statuses) byStatus[row.kind][row.status] = row.n;
  const medianValue = median[0]?.median;
  const health = outbox[0];

  return {
    newLeads: { thisWeek, lastWeek },
    byStatus,
    medianFirstResponseSeconds: medianValue === null || medianValue === undefined ? null : Number(medianValue),
    topSourcePaths: paths.map((row) => ({ path: row.path, count: row.n })),
    topCampaigns: campaigns.map((row) => ({
      campaign: row.campaign,
      source: row.source,
      medium: row.medium,
      count: row.n,
    })),
    failingNotifications: failing.map((row) => ({
      ...toDelivery(row),
      leadKind: row.leadKind as LeadKind,
      leadId: row.leadId,
      adminPath: leadAdminPath(row.leadKind as LeadKind, row.leadId),
    })),
    outbox: {
      pending: health?.pending ?? 0,
      failing: health?.failing ?? 0,
      oldestPendingSeconds: Math.max(0, health?.oldest ?? 0),
      lastError: health?.last_error ?? null,
    },
  };
}

/** Registered inside the admin scope, so the admin role check applies. `timeZone`: the months of won deals. */
export default async function statsRoutes(app: FastifyInstance, { timeZone }: { timeZone: string }) {
  const schema = {
    tags: ['admin'],
    summary: 'The dashboard’s figures',
    security: BEARER,
    response: { 200: StatsSchema, ...errorResponses(401, 403) },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/stats', { schema }, async (request) => {
    const seesBackups = (ROLE_ACCESS.admin as readonly Role[]).includes(request.user?.role ?? 'pending');
    const [leads, dealValue, held, backup, inbound] = await Promise.all([
      leadStats(app.db),
      dealValueStats(app.db, timeZone),
      heldAsSpam(app.db),
      seesBackups ? app.backups.status() : null,
      app.inbound.status(),
    ]);
    return { ...leads, dealValue, heldAsSpam: held, backup, inbound };
  });
}
