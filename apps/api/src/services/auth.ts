// Accounts: password hashing, registration (first account admin), refresh-token families and
// the failed-login counter. Routes stay thin; the rules live here.
import { createHash, randomBytes } from 'node:crypto';
import type { Role, User } from '@agency/contract';
import { and, count, desc, eq, gte, inArray, isNull, lt, schema, sql, type Db } from '@agency/db';
import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';
import { clientKey } from './client-address.ts';

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes). */
// Algorithm is a const enum, which verbatimModuleSyntax cannot read at runtime: 2 is Argon2id.
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
let argon2: Options = ARGON2;

/**
 * For Vitest's processes only (apps/api/test/app.ts): argon2id at 1 MiB and one pass for the rest of the process,
 * about 30 times cheaper (decision 0038, round 40). A hash records its parameters, so its verification follows.
 */
export function lightPasswordHashingForTests(): void {
  if (!process.env.VITEST) throw new Error('Light password hashing is for the tests only.');
  argon2 = { ...ARGON2, memoryCost: 1024, timeCost: 1 };
}

export const hashPassword = (password: string) => hash(password, argon2);

// Verified when the account does not exist, so a miss costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash, spends the same time and says false. */
export async function checkPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

type UserRow = typeof schema.users.$inferSelect;

/** The public face of an account (UserSchema): never the hash. */
export function toUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'createdAt'>): User {
  return {
    id: row.id,
    name: row.name,
    username: row.name,
    email: row.email,
    role: row.role as Role,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Any fixed number: the advisory lock that serialises "is this the first account?". */
const FIRST_ACCOUNT_LOCK = 7_391_101;
/** The advisory lock that serialises role changes, so two admins cannot demote each other at once. */
export const ROLE_CHANGE_LOCK = 7_391_102;

export class EmailTakenError extends Error {}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Creates an account: the first one ever is admin, every later one pending. The decision and the
 * insert share a transaction holding an advisory lock, so two first registrations cannot both win; `then` runs in
 * it too, with the new account (the mails it sends).
 */
export async function registerUser(
  db: Db,
  input: { name: string; email: string; password: string },
  then: (tx: Pick<Db, 'select' | 'insert'>, user: User) => Promise<void> = async () => {},
): Promise<User> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`);
      const [existing] = await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, email));
      if (existing) throw new EmailTakenError();
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(schema.users);
      const role: Role = total === 0 ? 'admin' : 'pending';
      const [row] = await tx.insert(schema.users).values({ name: input.name, email, passwordHash, role }).returning();
      if (!row) throw new Error('insert returned no row');
      const user = toUser(row);
      await then(tx, user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, normaliseEmail(email)));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Refresh tokens: random, stored as SHA-256 only, rotated on every use; a family is one login.

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type RotateResult =
  | { ok: true; userId: string; refreshToken: string; familyId: string; /** The family's end. */ expiresAt: Date }
  | { ok: false };

/**
 * Exchanges a refresh token for a new one of the same family (same absolute expiry). A token that
 * was already rotated or revoked is a sign of theft: the whole family is revoked.
 */
export async function rotateRefreshToken(db: Db, token: string, userAgent?: string | null): Promise<RotateResult> {
  const [row] = await db
    .select()
    .from(schema.refreshTokens)
    .where(eq(schema.refreshTokens.tokenHash, sha256(token)));
  if (!row) return { ok: false };
  if (row.revokedAt || row.replacedAt) {
    await revokeFamily(db, row.familyId);
    return { ok: false };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false };
  // Only one of two concurrent uses of the same token can mark it replaced; the other is a reuse.
  const claimed = await db
    .update(schema.refreshTokens)
    .set({ replacedAt: new Date() })
    .where(
      and(
        eq(schema.refreshTokens.id, row.id),
        isNull(schema.refreshTokens.replacedAt),
        isNull(schema.refreshTokens.revokedAt),
      ),
    )
    .returning({ id: schema.refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId);
    return { ok: false };
  }
  const next = newToken();
  await db.insert(schema.refreshTokens).values({
    userId: row.userId,
    familyId: row.familyId,
    tokenHash: sha256(next),
    expiresAt: row.expiresAt,
    userAgent: userAgent ?? row.userAgent,
  });
  return { ok: true, userId: row.userId, refreshToken: next, familyId: row.familyId, expiresAt: row.expiresAt };
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(schema.refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(schema.refreshTokens.familyId, familyId), isNull(schema.refreshTokens.revokedAt)));
}

/** Logout: ends the session the token belongs to (its whole family). Unknown tokens are ignored. */
export async function revokeRefreshToken(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ familyId: schema.refreshTokens.familyId })
    .from(schema.refreshTokens)
    .where(eq(schema.refreshTokens.tokenHash, sha256(token)));
  if (row) await revokeFamily(db, row.familyId);
}

// ---------------------------------------------------------------------------------------------
// Failed logins (docs/decisions/0007-login-throttling.md). Keys are hashes of the account and the
// address, so whatever a client sends, a counter row has a fixed size and holds no personal data.

export interface LoginLimits {
  /** Failures of one account from one address before that pair is refused. */
  maxFailures: number;
  windowSeconds: number;
}

/** Failures from one address, over all accounts, before the address is refused. */
export const ADDRESS_FAILURE_FACTOR = 4;
/** Failures of one account, from all addresses, before addresses that never signed in to it are refused. */
export const ACCOUNT_FAILURE_FACTOR = 20;
/** How long a successful login makes its address a known one for the account. */
const KNOWN_ADDRESS_DAYS = 30;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The counters of one attempt; the address is the client's (an IPv4 address, an IPv6 /64: client-address.ts). */
function throttleKeys(email: string, address: string) {
  const account = normaliseEmail(email);
  const ip = clientKey(address);
  return {
    pair: `pair:${digest(`${account}\n${ip}`)}`,
    address: `ip:${digest(ip)}`,
    account: `account:${digest(account)}`,
  };
}

/** Seconds until `key` drops below `max` failures in the window; 0 when it is below now. */
async function waitFor(db: Db, key: string, max: number, windowSeconds: number): Promise<number> {
  const since = new Date(Date.now() - windowSeconds * 1000);
  const rows = await db
    .select({ createdAt: schema.loginFailures.createdAt })
    .from(schema.loginFailures)
    .where(and(eq(schema.loginFailures.key, key), gte(schema.loginFailures.createdAt, since)))
    .orderBy(desc(schema.loginFailures.createdAt))
    .limit(max);
  const oldestCounted = rows[max - 1];
  if (!oldestCounted) return 0;
  // Allowed again once the oldest of the last `max` failures leaves the window.
  const seconds = Math.ceil((oldestCounted.createdAt.getTime() + windowSeconds * 1000 - Date.now()) / 1000);
  return Math.max(seconds, 1);
}

async function isKnownAddress(db: Db, pairKey: string): Promise<boolean> {
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const [row] = await db
    .select({ key: schema.loginKnownAddresses.key })
    .from(schema.loginKnownAddresses)
    .where(and(eq(schema.loginKnownAddresses.key, pairKey), gte(schema.loginKnownAddresses.lastSuccessAt, since)));
  return Boolean(row);
}

/**
 * Seconds until this address may try this account again, or 0 when it may now. Failures from one
 * address never refuse the account elsewhere; a guessing spree spread over many addresses is
 * refused only to addresses that have not signed in to the account before.
 */
export async function loginBlockedFor(db: Db, email: string, ip: string, limits: LoginLimits): Promise<number> {
  const keys = throttleKeys(email, ip);
  const { maxFailures: max, windowSeconds } = limits;
  let wait = Math.max(
    await waitFor(db, keys.pair, max, windowSeconds),
    await waitFor(db, keys.address, max * ADDRESS_FAILURE_FACTOR, windowSeconds),
  );
  if (wait > 0) return wait;
  const accountWait = await waitFor(db, keys.account, max * ACCOUNT_FAILURE_FACTOR, windowSeconds);
  if (accountWait > 0 && !(await isKnownAddress(db, keys.pair))) wait = accountWait;
  return wait;
}

export async function recordLoginFailure(
  db: Pick<Db, 'insert' | 'delete'>,
  email: string,
  ip: string,
  limits: LoginLimits,
): Promise<void> {
  const keys = Object.values(throttleKeys(email, ip));
  await db.insert(schema.loginFailures).values(keys.map((key) => ({ key })));
  // Old rows are no longer counted; drop them so the table stays small.
  await db
    .delete(schema.loginFailures)
    .where(
      and(
        inArray(schema.loginFailures.key, keys),
        lt(schema.loginFailures.createdAt, new Date(Date.now() - limits.windowSeconds * 1000)),
      ),
    );
}

/**
 * A successful login forgives this address's failures for the account and makes the address a known
 * one. The account's failures from elsewhere stay counted: the owner signing in must not hand a
 * guesser a fresh allowance.
 */
export async function recordLoginSuccess(db: Pick<Db, 'insert' | 'delete'>, email: string, ip: string): Promise<void> {
  const { pair } = throttleKeys(email, ip);
  await db.delete(schema.loginFailures).where(eq(schema.loginFailures.key, pair));
  await db
    .insert(schema.loginKnownAddresses)
    .values({ key: pair })
    .onConflictDoUpdate({ target: schema.loginKnownAddresses.key, set: { lastSuccessAt: sql`now()` } });
  await db
    .delete(schema.loginKnownAddresses)
    .where(lt(schema.loginKnownAddresses.lastSuccessAt, new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000)));
}
