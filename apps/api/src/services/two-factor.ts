// Two-factor sign-in: the TOTP secret (encrypted at rest), recovery codes (hashed, single use), the
// sign-in challenge between password and code, and the admins' "require 2FA for all staff" setting.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  LOGIN_CHALLENGE_MAX_FAILURES,
  LOGIN_CHALLENGE_TTL_MINUTES,
  RECOVERY_CODE_COUNT,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@agency/contract';
import { and, count, eq, gt, isNull, lt, or, schema, sql, type Db } from '@agency/db';
import { Conflict, Unauthenticated } from '../lib/domain-errors.ts';
import { base32Encode, generateTotpSecret, matchTotp, otpauthUrl } from './totp.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The database or a transaction: what the steps below need of it. */
type Queries = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

// ---------------------------------------------------------------------------------------------
// The secret at rest: AES-256-GCM under a key derived from JWT_SECRET, so a copy of the database
// alone does not give anyone the codes.

export type SecretKey = Buffer;

export const secretKeyFrom = (jwtSecret: string): SecretKey =>
  Buffer.from(hkdfSync('sha256', jwtSecret, 'agency-site', 'totp-secret-v1', 32));

export function encryptSecret(key: SecretKey, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when it cannot be read (e.g. JWT_SECRET changed since it was stored). */
export function decryptSecret(key: SecretKey, stored: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Setup, enable, disable, status.

async function accountRow(db: Pick<Db, 'select'>, userId: string) {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!row) throw new Unauthenticated(ACCOUNT_MESSAGES.challengeInvalid);
  return row;
}

/**
 * A fresh secret, stored (not yet in force) until /enable proves the app has it; the authenticator app lists it
 * under `issuer` (the site's published name).
 */
export async function beginTwoFactorSetup(
  db: Db,
  key: SecretKey,
  userId: string,
  issuer: string,
): Promise<TwoFactorSetup> {
  const row = await accountRow(db, userId);
  if (row.totpEnabledAt) throw new Conflict(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
  const secret = generateTotpSecret();
  await db
    .update(schema.users)
    .set({ totpSecret: encryptSecret(key, secret), totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(schema.users.id, userId), isNull(schema.users.totpEnabledAt)));
  return { secret, otpauthUrl: otpauthUrl(issuer, row.email, secret) };
}

/** `xxxxx-xxxxx` from the base32 alphabet: 50 random bits, easy to type from paper. */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`.toLowerCase();
}

const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[^a-z2-7]/g, ''));

/**
 * Checks a code against the account's secret and spends it: the accepted step is stored, and a code of
 * that step or an earlier one is refused from then on (two requests racing with one code: one wins).
 */
export async function spendTotpCode(
  db: Pick<Db, 'select' | 'update'>,
  key: SecretKey,
  userId: string,
  code: string,
): Promise<boolean> {
  const [row] = await db
    .select({ secret: schema.users.totpSecret, lastStep: schema.users.totpLastStep })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  const secret = row?.secret ? decryptSecret(key, row.secret) : null;
  if (!secret) return false;
  const step = matchTotp(secret, code);
  if (step === null) return false;
  const spent = await db
    .update(schema.users)
    .set({ totpLastStep: step })
    .where(and(eq(schema.users.id, userId), or(isNull(schema.users.totpLastStep), lt(schema.users.totpLastStep, step))))
    .returning({ id: schema.users.id });
  return spent.length > 0;
}

/**
 * Turns 2FA on once `code` shows the app has the secret; answers the ten recovery codes, once, or null for a wrong
 * code (nothing written). Runs in the caller's transaction `tx` (services/account-security.ts).
 */
export async function enableTwoFactor(
  tx: Queries,
  key: SecretKey,
  userId: string,
  code: string,
): Promise<string[] | null> {
  const row = await accountRow(tx, userId);
  if (row.totpEnabledAt) throw new Conflict(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
  if (!row.totpSecret) throw new Conflict(ACCOUNT_MESSAGES.twoFactorNotSetUp);
  if (!(await spendTotpCode(tx, key, userId, code))) return null;
  await tx
    .update(schema.users)
    .set({ totpEnabledAt: new Date(), updatedAt: new Date() })
    .where(eq(schema.users.id, userId));
  return replaceRecoveryCodes(tx, userId);
}

/** Turns 2FA off: the secret and the recovery codes go. In the caller's transaction `tx`. */
export async function disableTwoFactor(tx: Queries, userId: string): Promise<void> {
  await tx
    .update(schema.users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(schema.users.id, userId));
  await tx.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, userId));
}

/** Spends one recovery code; false when it is unknown or already used. */
export async function spendRecoveryCode(db: Pick<Db, 'update'>, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(schema.recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(schema.recoveryCodes.userId, userId),
        eq(schema.recoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(schema.recoveryCodes.usedAt),
      ),
    )
    .returning({ id: schema.recoveryCodes.id });
  return used.length > 0;
}

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const row = await accountRow(db, userId);
  const [{ left } = { left: 0 }] = await db
    .select({ left: count() })
    .from(schema.recoveryCodes)
    .where(and(eq(schema.recoveryCodes.userId, userId), isNull(schema.recoveryCodes.usedAt)));
  return { enabled: Boolean(row.totpEnabledAt), required: await isTwoFactorRequired(db), recoveryCodesLeft: left };
}

// ---------------------------------------------------------------------------------------------
// The admins' setting.

const REQUIRE_TWO_FACTOR = 'require_two_factor';

export async function isTwoFactorRequired(db: Pick<Db, 'select'>): Promise<boolean> {
  const [row] = await db
    .select({ value: schema.appSettings.value })
    .from(schema.appSettings)
    .where(eq(schema.appSettings.key, REQUIRE_TWO_FACTOR));
  return row?.value === true;
}

export async function setTwoFactorRequired(db: Pick<Db, 'insert'>, required: boolean): Promise<void> {
  await db
    .insert(schema.appSettings)
    .values({ key: REQUIRE_TWO_FACTOR, value: required })
    .onConflictDoUpdate({ target: schema.appSettings.key, set: { value: required, updatedAt: new Date() } });
}

// ---------------------------------------------------------------------------------------------
// The challenge: proof that the password was right, traded once for tokens when a code is too.

export async function createLoginChallenge(db: Db, userId: string, userAgent: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Old challenges are useless after their few minutes; this keeps the table small.
  await db.delete(schema.loginChallenges).where(lt(schema.loginChallenges.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(schema.loginChallenges).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + LOGIN_CHALLENGE_TTL_MINUTES * 60_000),
    userAgent,
  });
  return token;
}

/** The challenge's account while it is unused and unexpired, else null. */
export async function readLoginChallenge(db: Db, token: string): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .select({ id: schema.loginChallenges.id, userId: schema.loginChallenges.userId })
    .from(schema.loginChallenges)
    .where(
      and(
        eq(schema.loginChallenges.tokenHash, sha256(token)),
        isNull(schema.loginChallenges.usedAt),
        gt(schema.loginChallenges.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** Marks the challenge used; false when another request used it first. */
export async function spendLoginChallenge(db: Pick<Db, 'update'>, id: string): Promise<boolean> {
  const spent = await db
    .update(schema.loginChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(schema.loginChallenges.id, id), isNull(schema.loginChallenges.usedAt)))
    .returning({ id: schema.loginChallenges.id });
  return spent.length > 0;
}

/**
 * Counts a wrong code against the challenge; the LOGIN_CHALLENGE_MAX_FAILURES-th ends it, whichever addresses the
 * codes came from (the per-address throttle alone would let a block of addresses try on).
 */
export async function recordChallengeFailure(db: Pick<Db, 'update'>, id: string): Promise<void> {
  await db
    .update(schema.loginChallenges)
    .set({
      failedAttempts: sql`${schema.loginChallenges.failedAttempts} + 1`,
      usedAt: sql`case when ${schema.loginChallenges.failedAttempts} + 1 >= ${LOGIN_CHALLENGE_MAX_FAILURES} then now() else ${schema.loginChallenges.usedAt} end`,
    })
    .where(eq(schema.loginChallenges.id, id));
}

/** Ten new recovery codes in place of the old ones (used or not); answered once. In the caller's transaction `tx`. */
export async function replaceRecoveryCodes(tx: Queries, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, userId));
  await tx.insert(schema.recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
  return codes;
}
