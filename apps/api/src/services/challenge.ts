// The self-hosted proof of work (ALTCHA's format): the server hands out a signed challenge, the visitor's
// browser finds the number behind it, and the lead carries the solution in the `altcha` field.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge as altchaChallenge, extractParams } from 'altcha-lib/v1';
import { type AltchaPayload, AltchaPayloadSchema, CHALLENGE_TTL_SECONDS, type Challenge } from '@agency/contract';
import { type Db, lt, schema } from '@agency/db';

/**
 * Largest secret number. The browser's solver does ~1.27 million tries/s here (scripts/measure-proof-of-work.ts,
 * docs/decisions/0010-leads-pipeline-proof-of-work-webhooks.md); at a quarter of that, a mid-range phone needs
 * at most ~0.63 s, on average half.
 */
export const CHALLENGE_MAXNUMBER = 200_000;

/** A challenge signed with `key` (altcha-lib's ALTCHA v1 format), expiring CHALLENGE_TTL_SECONDS after `now`. */
export async function createChallenge(
  key: string,
  now = Date.now(),
  maxnumber = CHALLENGE_MAXNUMBER,
): Promise<Challenge> {
  const expires = new Date((Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS) * 1000);
  const challenge = await altchaChallenge({ hmacKey: key, algorithm: 'SHA-256', maxnumber, expires });
  return { ...challenge, algorithm: 'SHA-256', maxnumber };
}

export type Verdict = { ok: true; challenge: string; expiresAt: Date } | { ok: false; reason: 'missing' | 'invalid' };

/**
 * altcha-lib's check of a solution (v1 `verifySolution`, whose `createChallenge` ends the salt with `&`): the
 * challenge is the SHA-256 of the salt and the number, the signature its HMAC-SHA-256 with the key. Done here with
 * node:crypto in one synchronous step: altcha-lib's WebCrypto calls (a digest, an imported key, a signature, each
 * a job and a promise) cost ~0.25 ms of CPU per lead alone and far more with 50 at once (docs/performance.md).
 * The signature is compared in constant time; the tests check this agrees with altcha-lib.
 */
function solutionHolds(payload: AltchaPayload, key: string): boolean {
  const salt = payload.salt.endsWith('&') ? payload.salt : `${payload.salt}&`;
  const challenge = createHash('sha256').update(`${salt}${payload.number}`).digest('hex');
  if (challenge !== payload.challenge) return false;
  const signature = Buffer.from(createHmac('sha256', key).update(challenge).digest('hex'));
  const given = Buffer.from(payload.signature);
  return given.length === signature.length && timingSafeEqual(given, signature);
}

/**
 * Checks a solution's shape, expiry, hash and signature. Single use is checked by the database function
 * `store_leads` (migration 0024), which spends the challenge with the lead.
 */
export async function verifySolution(field: unknown, key: string, now = Date.now()): Promise<Verdict> {
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
  const payload = { ...parsed.data, challenge: parsed.data.challenge.toLowerCase() };
  const expires = Number(extractParams(payload).expires);
  const nowSeconds = Math.floor(now / 1000);
  // The expiry is signed (it is part of the salt); a later one than this server gives out is not accepted.
  if (!Number.isInteger(expires) || expires <= nowSeconds || expires > nowSeconds + CHALLENGE_TTL_SECONDS) {
    return { ok: false, reason: 'invalid' };
  }
  if (!solutionHolds(payload, key)) return { ok: false, reason: 'invalid' };
  return { ok: true, challenge: payload.challenge, expiresAt: new Date(expires * 1000) };
}

/** When each database was last purged: by database, not one for the process, since a process may hold several
 *  apps (the tests, a second instance), each its own database. */
const lastPurge = new WeakMap<Db, number>();
const PURGE_EVERY_MS = 60_000;

/** Forgets expired challenges (they fail the expiry check anyway); at most once a minute per instance. */
export async function purgeUsedChallenges(db: Db, now = Date.now()): Promise<void> {
  if (now - (lastPurge.get(db) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(db, now);
  await db.delete(schema.usedChallenges).where(lt(schema.usedChallenges.expiresAt, new Date(now)));
}
