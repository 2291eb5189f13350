// Fixed-window hit counter kept in the rate_limits table, so every instance sees the same count.
import { type Db, sql } from '@agency/db';
import type { SQL } from 'drizzle-orm';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

/** One hit to count: `max` per `windowSeconds` for `key`. */
export interface RateLimitHit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * The statement that counts one hit for `key` atomically, returning `hits` and `retry_after`; a statement of
 * its own (hitRateLimit) or a CTE of the statement that does the limited work (services/lead-intake.ts).
 */
export const rateLimitHitSql = ({ key, windowSeconds }: RateLimitHit): SQL => sql`
  insert into rate_limits (key, hits, reset_at)
  values (${key}, 1, now() + ${windowSeconds}::int * interval '1 second')
  on conflict (key) do update set
    hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
    reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
  returning hits, greatest(1, ceil(extract(epoch from reset_at - now())))::int as retry_after`;

/** What the counter's `hits` and `retry_after` mean for a request (missing: the first hit of a window). */
export function rateLimitResult(
  { max, windowSeconds }: RateLimitHit,
  row: { hits?: unknown; retry_after?: unknown } | undefined,
): RateLimitResult {
  const hits = Number(row?.hits ?? 1);
  return {
    allowed: hits <= max,
    remaining: Math.max(0, max - hits),
    retryAfterSeconds: Number(row?.retry_after ?? windowSeconds),
  };
}

/** Counts one hit for `key` in one atomic statement and says whether it is within `max` per window. */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
  const hit = { key, max, windowSeconds };
  const result = (await db.execute(rateLimitHitSql(hit))) as unknown as {
    rows: { hits: number; retry_after: number }[];
  };
  return rateLimitResult(hit, result.rows[0]);
}

/** Drops counters whose window ended; run now and then so the table stays small. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now()`);
}
