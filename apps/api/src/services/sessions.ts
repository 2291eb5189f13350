// Sessions: one per sign-in, i.e. one refresh-token family. Access tokens carry the family's id (`sid`),
// so ending a session or signing an account out everywhere stops its access tokens at once too.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_DAYS, USER_AGENT_MAX, type Session } from '@agency/contract';
import { and, eq, gt, isNull, ne, schema, sql, type Db } from '@agency/db';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** The User-Agent header as stored: one line, at most USER_AGENT_MAX characters, or null. */
export function shortUserAgent(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.replace(/\s+/g, ' ').trim();
  return value ? value.slice(0, USER_AGENT_MAX) : null;
}

/** Starts a session: the first refresh token of a new family. */
export async function startSession(
  db: Pick<Db, 'insert'>,
  userId: string,
  userAgent: string | null,
): Promise<{ sessionId: string; refreshToken: string }> {
  const refreshToken = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  await db.insert(schema.refreshTokens).values({
    userId,
    familyId: sessionId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    userAgent,
  });
  return { sessionId, refreshToken };
}

/** True while the session has a token that is neither revoked nor past its family's expiry. */
export async function sessionIsLive(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.refreshTokens.id })
    .from(schema.refreshTokens)
    .where(
      and(
        eq(schema.refreshTokens.familyId, sessionId),
        eq(schema.refreshTokens.userId, userId),
        isNull(schema.refreshTokens.revokedAt),
        gt(schema.refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The account's sessions that have not ended, most recently used first. */
export async function listSessions(db: Db, userId: string, currentSessionId: string | null): Promise<Session[]> {
  const t = schema.refreshTokens;
  const rows = await db
    .select({
      id: t.familyId,
      createdAt: sql<Date>`min(${t.createdAt})`.mapWith(t.createdAt),
      lastUsedAt: sql<Date>`max(${t.createdAt})`.mapWith(t.createdAt),
      // The newest token's agent: a refresh from another browser would be theft, but it is what was seen last.
      userAgent: sql<string | null>`(array_agg(${t.userAgent} order by ${t.createdAt} desc))[1]`,
    })
    .from(t)
    .where(and(eq(t.userId, userId), isNull(t.revokedAt), gt(t.expiresAt, sql`now()`)))
    .groupBy(t.familyId)
    .orderBy(sql`max(${t.createdAt}) desc`);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    userAgent: row.userAgent,
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the account's sessions; false when it has none of that id still running. */
export async function endSession(db: Pick<Db, 'update'>, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(schema.refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(schema.refreshTokens.userId, userId),
        eq(schema.refreshTokens.familyId, sessionId),
        isNull(schema.refreshTokens.revokedAt),
        gt(schema.refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: schema.refreshTokens.id });
  return ended.length > 0;
}

/** Ends every session of the account, except `keep` (the caller's own, after a password change). */
export async function endAllSessions(db: Pick<Db, 'update'>, userId: string, keep?: string | null): Promise<number> {
  const ended = await db
    .update(schema.refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(schema.refreshTokens.userId, userId),
        isNull(schema.refreshTokens.revokedAt),
        keep ? ne(schema.refreshTokens.familyId, keep) : undefined,
      ),
    )
    .returning({ familyId: schema.refreshTokens.familyId });
  return new Set(ended.map((row) => row.familyId)).size;
}
