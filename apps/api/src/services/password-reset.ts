// Password reset by mail: a random single-use token, stored as SHA-256, valid PASSWORD_RESET_TTL_MINUTES.
// Asking answers the same whether or not the address has an account (docs/product.md D8).
import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, PASSWORD_RESET_MAX_PENDING, PASSWORD_RESET_TTL_MINUTES } from '@agency/contract';
import { and, count, eq, gt, isNull, lt, schema, sql, type Db } from '@agency/db';
import { passwordResetMail, queueAccountMail } from './account-mail.ts';
import { ANONYMOUS_ACTOR, type AuditContext, recordAudit } from './audit.ts';
import { findUserByEmail, findUserById, hashPassword } from './auth.ts';
import { passwordProblem } from '@agency/contract';
import { endAllSessions } from './sessions.ts';
import type { MailSite } from './site-details.ts';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Queues a reset mail when the address has an account; does nothing otherwise. One transaction with its audit
 * entry `auth.password_reset_requested`; answers whether a mail was queued, never for the client. An account that
 * already has PASSWORD_RESET_MAX_PENDING live links gets no more, so nobody can flood its inbox.
 */
export async function requestPasswordReset(
  db: Db,
  caller: AuditContext,
  site: MailSite,
  email: string,
): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  const token = randomBytes(32).toString('base64url');
  const queued = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${user.id} for update`);
    const [{ pending } = { pending: 0 }] = await tx
      .select({ pending: count() })
      .from(schema.passwordResets)
      .where(
        and(
          eq(schema.passwordResets.userId, user.id),
          isNull(schema.passwordResets.usedAt),
          gt(schema.passwordResets.expiresAt, sql`now()`),
        ),
      );
    if (pending >= PASSWORD_RESET_MAX_PENDING) return false;
    await tx
      .delete(schema.passwordResets)
      .where(
        and(
          eq(schema.passwordResets.userId, user.id),
          lt(schema.passwordResets.expiresAt, sql`now() - interval '1 day'`),
        ),
      );
    await tx.insert(schema.passwordResets).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    await queueAccountMail(tx, passwordResetMail(site, user, token));
    await recordAudit(tx, caller, {
      action: 'auth.password_reset_requested',
      actor: ANONYMOUS_ACTOR,
      target: { type: 'user', id: user.id },
    });
    return true;
  });
  return queued;
}

export type ResetResult = { ok: true; userId: string } | { ok: false; error: string; field: 'token' | 'password' };

/**
 * Sets the new password if the token is live and the password policy allows it, spends it (and every other link of the account), and
 * ends every session of the account: whoever knew the old password is signed out. One transaction with its audit
 * entry `auth.password_reset` (`caller`: who used the link).
 */
export async function confirmPasswordReset(
  db: Db,
  caller: AuditContext,
  token: string,
  password: string,
  siteWords: readonly string[],
): Promise<ResetResult> {
  const [row] = await db
    .select()
    .from(schema.passwordResets)
    .where(eq(schema.passwordResets.tokenHash, sha256(token)));
  if (!row) return { ok: false, error: ACCOUNT_MESSAGES.resetInvalid, field: 'token' };
  if (row.usedAt) return { ok: false, error: ACCOUNT_MESSAGES.resetUsed, field: 'token' };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, error: ACCOUNT_MESSAGES.resetExpired, field: 'token' };
  // The link stays usable when the password is refused: the owner tries another.
  const owner = await findUserById(db, row.userId);
  const problem = await passwordProblem(password, { email: owner?.email, name: owner?.name }, siteWords);
  if (problem) return { ok: false, error: problem, field: 'password' };
  const passwordHash = await hashPassword(password);
  const changed = await db.transaction(async (tx) => {
    // Only one of two requests racing with the same link gets here.
    const spent = await tx
      .update(schema.passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(schema.passwordResets.id, row.id), isNull(schema.passwordResets.usedAt)))
      .returning({ id: schema.passwordResets.id });
    if (spent.length === 0) return false;
    await tx
      .update(schema.passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(schema.passwordResets.userId, row.userId), isNull(schema.passwordResets.usedAt)));
    await tx.update(schema.users).set({ passwordHash, updatedAt: new Date() }).where(eq(schema.users.id, row.userId));
    await endAllSessions(tx, row.userId);
    await recordAudit(tx, caller, {
      action: 'auth.password_reset',
      actor: { id: row.userId, name: owner?.name ?? 'Unknown account' },
      target: { type: 'user', id: row.userId },
      data: { sessionsEnded: 'all' },
    });
    return true;
  });
  return changed ? { ok: true, userId: row.userId } : { ok: false, error: ACCOUNT_MESSAGES.resetUsed, field: 'token' };
}
