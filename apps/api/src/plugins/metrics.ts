// GET /metrics: Prometheus text format (prom-client), only with `Authorization: Bearer <METRICS_TOKEN>`, and a
// 404 like any unknown path when METRICS_TOKEN is not set. Request durations are this instance's; the lead,
// outbox and backup figures are read from the database at each scrape, so every instance reports the same.
import { timingSafeEqual } from 'node:crypto';
import { LEAD_KINDS } from '@agency/contract';
import { sql } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Counter, Gauge, Histogram, type Metric, Registry } from 'prom-client';
import { z } from 'zod';
import { HttpError } from '../lib/http-error.ts';
import { BEARER, errorResponses } from '../lib/schema.ts';
import { failingCondition } from '../services/lead-events.ts';

export interface MetricsOptions {
  token: string | undefined;
}

type Row = Record<string, unknown>;

/** Rejections no code awaited, logged and counted by the process handler in server.ts instead of ending it. */
let unhandledRejections = 0;
export function countUnhandledRejection(): void {
  unhandledRejections += 1;
}

/**
 * A gauge without a sample (absent from the scrape, not 0) while `read` answers null: an alert on it sees "no
 * data" before the first backup, never a fresh-looking 0. prom-client's own Gauge reads 0 after a reset.
 */
function optionalGauge(registry: Registry, name: string, help: string, read: () => Promise<number | null>) {
  registry.registerMetric({
    name,
    help,
    type: 'gauge',
    aggregator: 'omit',
    async get() {
      const value = await read();
      return {
        name,
        help,
        type: 'gauge',
        aggregator: 'omit',
        values: value === null ? [] : [{ value, labels: {} }],
      };
    },
    reset() {},
  } as unknown as Metric);
}

export default fp<MetricsOptions>(async function metrics(app: FastifyInstance, { token }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)) as unknown as { rows: Row[] }).rows;

  const duration = new Histogram({
    name: 'agency_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'agency_leads',
    help: 'Leads stored, by kind and current status (spam included).',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      const union = LEAD_KINDS.map((kind) => `select '${kind}' as kind, status from ${kind}`).join(' union all ');
      for (const row of await rows(
        sql.raw(`select kind, status, count(*)::int as n from (${union}) l group by 1, 2`),
      )) {
        this.set({ kind: String(row.kind), status: String(row.status) }, Number(row.n));
      }
    },
  });

  const outbox = async () =>
    (
      await rows(sql`select count(*) filter (where sent_at is null)::int as pending,
        count(*) filter (where ${failingCondition})::int as failing,
        coalesce(extract(epoch from now() - min(created_at) filter (where sent_at is null)), 0)::float8 as oldest
        from outbox`)
    )[0] ?? {};
  new Gauge({
    name: 'agency_outbox_pending_messages',
    help: 'Mails and webhooks in the outbox not sent yet.',
    registers: [registry],
    async collect() {
      this.set(Number((await outbox()).pending ?? 0));
    },
  });
  new Gauge({
    name: 'agency_outbox_failing_messages',
    help: 'Pending outbox messages the dashboard shows as failing (tried several times, or waiting too long).',
    registers: [registry],
    async collect() {
      this.set(Number((await outbox()).failing ?? 0));
    },
  });
  new Gauge({
    name: 'agency_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest message not sent yet; 0 when nothing waits.',
    registers: [registry],
    async collect() {
      this.set(Number((await outbox()).oldest ?? 0));
    },
  });

  const cacheHits = new Counter({
    name: 'agency_public_cache_hits_total',
    help: "Public page requests answered from this instance's page cache.",
    registers: [registry],
  });
  const cacheMisses = new Counter({
    name: 'agency_public_cache_misses_total',
    help: 'Public page requests rendered because the page cache did not hold them.',
    registers: [registry],
  });
  let reported = { hits: 0, misses: 0 };

  const backups = async () =>
    (
      await rows(sql`select
        extract(epoch from now() - max(verified_at) filter (where error is null))::float8 as age,
        extract(epoch from max(finished_at) filter (where error is null and verified_at is not null))::float8 as success,
        count(*) filter (where error is not null)::int as failures
        from backup_runs`)
    )[0] ?? {};
  const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  optionalGauge(
    registry,
    'agency_backup_last_verified_age_seconds',
    'Seconds since the last backup that was read back and verified; absent before the first one.',
    async () => numberOrNull((await backups()).age),
  );
  optionalGauge(
    registry,
    'agency_backup_last_success_timestamp_seconds',
    'Unix time the last good (written and verified) backup finished; absent before the first one.',
    async () => numberOrNull((await backups()).success),
  );
  new Counter({
    name: 'agency_backup_failures_total',
    help: 'Backups that failed (a full disk, a bucket gone, a server stopped while one ran), in the whole cluster.',
    registers: [registry],
    async collect() {
      this.reset();
      this.inc(Number((await backups()).failures ?? 0));
    },
  });
  new Counter({
    name: 'agency_unhandled_rejections_total',
    help: 'Promise rejections nothing handled in this instance: logged and counted, the process keeps running.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(unhandledRejections);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  const schema = {
    tags: ['metrics'],
    summary: 'Prometheus metrics (text format); 404 unless METRICS_TOKEN is set, then only with it as Bearer token',
    security: BEARER,
    response: {
      200: z.string().describe('Prometheus text exposition format 0.0.4'),
      ...errorResponses(401, 404),
    },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/metrics', { schema }, async (request, reply) => {
    if (!expected) return reply.callNotFound();
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(401, 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.', undefined, {
        'www-authenticate': 'Bearer',
      });
    }
    const counts = app.publicCache.counts();
    cacheHits.inc(counts.hits - reported.hits);
    cacheMisses.inc(counts.misses - reported.misses);
    reported = counts;
    void reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });

  app.addHook('onClose', async () => {
    registry.clear();
  });
});
