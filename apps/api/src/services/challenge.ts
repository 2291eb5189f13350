// The self-hosted proof of work (ALTCHA's format): the server hands out a signed challenge, the visitor's
// browser finds the number behind it, and the lead carries the solution in the `altcha` field.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AltchaPayloadSchema, CHALLENGE_TTL_SECONDS, type Challenge } from '@agency/contract';
import { type Db, lt, schema, sql } from '@agency/db';
import type { SQL } from 'drizzle-orm';

/**
 * Largest secret number. The browser's solver does ~1.27 million tries/s here (scripts/measure-proof-of-work.ts,
 * docs/decisions/0010-leads-pipeline-proof-of-work-webhooks.md); at a quarter of that, a mid-range phone needs
 * at most ~0.63 s, on average half.
 */
export const CHALLENGE_MAXNUMBER = 200_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

export function createChallenge(key: string, now = Date.now(), maxnumber = CHALLENGE_MAXNUMBER): Challenge {
  const expires = Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS;
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
  const challenge = sha256(`${salt}${randomInt(0, maxnumber + 1)}`);
  return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature: hmac(key, challenge) };
}

export type Verdict = { ok: true; challenge: string; expiresAt: Date } | { ok: false; reason: 'missing' | 'invalid' };

const sameHex = (a: string, b: string) => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Checks a solution's shape, expiry, hash and signature. Single use is checked by `spendChallenge`. */
export function verifySolution(field: unknown, key: string, now = Date.now()): Verdict {
  if (typeof field !== 'string' || field.trim() === '') return { ok: false, reason: 'missing' };
  if (field.length > 2000) return { ok: false, reason: 'invalid' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(field.trim(), 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const parsed = AltchaPayloadSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const { challenge, number, salt, signature } = parsed.data;
  const query = salt.includes('?') ? salt.slice(salt.indexOf('?') + 1) : '';
  const expires = Number(new URLSearchParams(query).get('expires'));
  const nowSeconds = Math.floor(now / 1000);
  // The expiry is signed (it is part of the salt); a later one than this server gives out is not accepted.
  if (!Number.isInteger(expires) || expires <= nowSeconds || expires > nowSeconds + CHALLENGE_TTL_SECONDS) {
    return { ok: false, reason: 'invalid' };
  }
  if (!sameHex(sha256(`${salt}${number}`), challenge.toLowerCase())) return { ok: false, reason: 'invalid' };
  if (!sameHex(hmac(key, challenge.toLowerCase()), signature.toLowerCase())) return { ok: false, reason: 'invalid' };
  return { ok: true, challenge: challenge.toLowerCase(), expiresAt: new Date(expires * 1000) };
}

/**
 * The statement (for a data-modifying CTE) that marks the challenge used when `when` holds: it returns a row
 * only when the challenge was not used before, by this or any other instance. `expiresAt` is an ISO time. The
 * lead's statement runs it (lead-intake.ts).
 */
export const spendChallenge = (challenge: string, expiresAt: string, when: SQL = sql`true`): SQL => sql`
  insert into used_challenges (challenge, expires_at)
  select ${challenge}::text, ${expiresAt}::timestamptz where ${when}
  on conflict (challenge) do nothing
  returning 1`;

let lastPurge = 0;
const PURGE_EVERY_MS = 60_000;

/** Forgets expired challenges (they fail the expiry check anyway); at most once a minute per instance. */
export async function purgeUsedChallenges(db: Db, now = Date.now()): Promise<void> {
  if (now - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now;
  await db.delete(schema.usedChallenges).where(lt(schema.usedChallenges.expiresAt, new Date(now)));
}
