// The admins' Team area (issue 22; issue 33 point 3): an account's role changed, an account removed, every session
// of an account ended, the site's two-factor rule. Each is one transaction with its audit entry (and its mail), so
// a failure anywhere leaves nothing half-done: no role without its audit entry, no audit entry without its change.
import { MESSAGES, type Role, type User } from '@agency/contract';
import { asc, count, eq, schema, sql, type Db } from '@agency/db';
import { Conflict, NotFound } from '../lib/domain-errors.ts';
import { accountApprovedMail, queueAccountMails } from './account-mail.ts';
import { recordAudit, type Requester } from './audit.ts';
import { ROLE_CHANGE_LOCK, toUser } from './auth.ts';
import { endAllSessions } from './sessions.ts';
import type { MailSite } from './site-details.ts';
import { isTwoFactorRequired, setTwoFactorRequired } from './two-factor.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type UserRow = typeof schema.users.$inferSelect;

/** Every account, oldest first. */
export async function listAccounts(db: Db): Promise<User[]> {
  const rows = await db.select().from(schema.users).orderBy(asc(schema.users.createdAt));
  return rows.map(toUser);
}

/**
 * Locks role changes for the rest of the transaction `tx` (two admins demoting each other at the same moment
 * cannot leave the site without an admin), reads the account `id` (404 when there is none) and refuses (409) when
 * `keepsAdmin` is false for the last admin.
 */
async function lockedAccount(tx: Tx, id: string, keepsAdmin: (target: UserRow) => boolean): Promise<UserRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
  const [target] = await tx.select().from(schema.users).where(eq(schema.users.id, id));
  if (!target) throw new NotFound(MESSAGES.users.notFound);
  if (target.role === 'admin' && !keepsAdmin(target)) {
    const [{ admins } = { admins: 0 }] = await tx
      .select({ admins: count() })
      .from(schema.users)
      .where(eq(schema.users.role, 'admin'));
    if (admins <= 1) throw new Conflict(MESSAGES.users.lastAdmin);
  }
  return target;
}

/**
 * Gives account `id` the role `role` (never the last admin's away), in one transaction with its audit entry
 * `user.role_changed` and, for a pending account, the mail telling its owner they can sign in (`site`: the site as
 * the caller read it). → the account, and whether a mail was queued.
 */
export async function changeRole(
  db: Db,
  requester: Requester,
  site: MailSite,
  id: string,
  role: Role,
): Promise<{ user: User; mailed: boolean }> {
  return db.transaction(async (tx) => {
    const target = await lockedAccount(tx, id, () => role === 'admin');
    const [updated] = await tx
      .update(schema.users)
      .set({ role, updatedAt: new Date() })
      .where(eq(schema.users.id, id))
      .returning();
    if (!updated) throw new NotFound(MESSAGES.users.notFound);
    if (target.role === role) return { user: toUser(updated), mailed: false };
    const data = { name: target.name, from: target.role, to: role };
    await recordAudit(tx, requester, { action: 'user.role_changed', target: { type: 'user', id }, data });
    // A pending account given a role is approved: its owner is told they can sign in.
    if (target.role !== 'pending') return { user: toUser(updated), mailed: false };
    await queueAccountMails(tx, [accountApprovedMail(site, target, role)]);
    return { user: toUser(updated), mailed: true };
  });
}

/**
 * Removes account `id` (never the last admin), in one transaction with its audit entry `user.removed`. Its
 * sessions, links and codes go with it; what it wrote or owns (posts, leads, audit entries) stays, without it.
 */
export async function removeAccount(db: Db, requester: Requester, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockedAccount(tx, id, () => false);
    await tx.delete(schema.users).where(eq(schema.users.id, id));
    const data = { name: target.name, role: target.role };
    await recordAudit(tx, requester, { action: 'user.removed', target: { type: 'user', id }, data });
  });
}

/** Ends every session of account `id` (a lost laptop, someone leaving), with its audit entry; 404 without one. */
export async function signOutEverywhere(db: Db, requester: Requester, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, id));
    if (!target) throw new NotFound(MESSAGES.users.notFound);
    const ended = await endAllSessions(tx, id);
    await recordAudit(tx, requester, {
      action: 'user.signed_out_everywhere',
      target: { type: 'user', id },
      data: { sessionsEnded: ended },
    });
    return ended;
  });
}

/** Requires two-factor sign-in of all staff (or not), audited when it changed; one transaction. */
export async function setTwoFactorPolicy(db: Db, requester: Requester, required: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await isTwoFactorRequired(tx);
    if (before === required) return;
    await setTwoFactorRequired(tx, required);
    await recordAudit(tx, requester, { action: 'settings.2fa_required_changed', data: { from: before, to: required } });
  });
}
