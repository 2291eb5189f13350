// Invitations of colleagues (issue 22): an admin invites an address with a role, the person gets a mail with a
// single-use link (the token is stored as SHA-256), valid INVITE_TTL_DAYS, and chooses their name and password
// on /accept-invite. An address that already has an account is answered exactly as a new one, and its owner is
// mailed instead (docs/product.md D8: nobody learns which addresses have accounts). Revoking deletes the row, so
// its link is dead like any unknown token.
import { createHash, randomBytes } from 'node:crypto';
import {
  type Invite,
  type InviteAcceptSchema,
  type InviteCreateSchema,
  INVITE_TTL_DAYS,
  LEAD_DESK_MESSAGES,
  type Role,
} from '@agency/contract';
import { and, asc, eq, gt, inArray, isNull, schema, sql, type Db } from '@agency/db';
import type { z } from 'zod';
import { Invalid, NotFound } from '../lib/domain-errors.ts';
import { ACCOUNT_MAIL_KIND, inviteExistingMail, inviteMail, queueAccountMails } from './account-mail.ts';
import { type AuditContext, hashEmail, recordAudit } from './audit.ts';
import { findUserByEmail, hashPassword, normaliseEmail } from './auth.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import type { MailSite } from './site-details.ts';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** The invitation mails of `ids` not sent yet: a revoked or replaced link is not mailed any more. */
async function dropUnsentMails(tx: Pick<Db, 'delete'>, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .delete(schema.outbox)
    .where(
      and(
        eq(schema.outbox.leadKind, ACCOUNT_MAIL_KIND),
        inArray(schema.outbox.leadId, ids),
        eq(schema.outbox.purpose, 'invite'),
        isNull(schema.outbox.sentAt),
      ),
    );
}

type UserRow = typeof schema.users.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who invites: the signed-in admin. */
export interface Inviter {
  id: string;
  name: string;
}

/**
 * Invites `input.email` as `input.role`: a new single-use link (an open invitation of the same address is
 * replaced, so one link is live), or, when the address has an account, a mail to its owner and nothing else.
 * Both are recorded in the audit log; the caller answers the same either way.
 */
export async function createInvite(
  db: Db,
  site: MailSite,
  request: AuditContext,
  by: Inviter,
  input: z.infer<typeof InviteCreateSchema>,
): Promise<void> {
  const email = normaliseEmail(input.email);
  const owner = await findUserByEmail(db, email);
  await db.transaction(async (tx) => {
    if (owner) {
      await queueAccountMails(tx, [inviteExistingMail(site, owner, by.name)]);
      await recordAudit(tx, request, {
        action: 'user.invited',
        target: { type: 'user', id: owner.id },
        data: { role: input.role, existingAccount: true },
      });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const replaced = await tx
      .delete(schema.userInvites)
      .where(and(eq(schema.userInvites.email, email), isNull(schema.userInvites.acceptedAt)))
      .returning({ id: schema.userInvites.id });
    await dropUnsentMails(
      tx,
      replaced.map((row) => row.id),
    );
    const [invite] = await tx
      .insert(schema.userInvites)
      .values({
        email,
        role: input.role,
        tokenHash: sha256(token),
        invitedBy: by.id,
        expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000),
      })
      .returning();
    if (!invite) throw new Error('insert returned no row');
    await queueAccountMails(tx, [inviteMail(site, invite, by.name, token)]);
    await recordAudit(tx, request, {
      action: 'user.invited',
      target: { type: 'invite', id: invite.id },
      data: { role: input.role, emailHash: hashEmail(email) },
    });
  });
}

/** The open invitations (not accepted, not expired), newest first. */
export async function listInvites(db: Db): Promise<Invite[]> {
  const rows = await db
    .select({ invite: schema.userInvites, inviterName: schema.users.name })
    .from(schema.userInvites)
    .leftJoin(schema.users, eq(schema.users.id, schema.userInvites.invitedBy))
    .where(and(isNull(schema.userInvites.acceptedAt), gt(schema.userInvites.expiresAt, sql`now()`)))
    .orderBy(asc(schema.userInvites.createdAt));
  return rows.reverse().map(({ invite, inviterName }) => ({
    id: invite.id,
    email: invite.email,
    role: invite.role as Invite['role'],
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
    invitedBy: invite.invitedBy ? { id: invite.invitedBy, name: inviterName ?? '' } : null,
  }));
}

/** Revokes an open invitation (its link stops working); 404 when there is none with this id. */
export async function revokeInvite(db: Db, request: AuditContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(schema.userInvites)
      .where(and(eq(schema.userInvites.id, id), isNull(schema.userInvites.acceptedAt)))
      .returning();
    if (!gone) throw new NotFound(LEAD_DESK_MESSAGES.inviteNotFound);
    await dropUnsentMails(tx, [id]);
    await recordAudit(tx, request, {
      action: 'user.invite_revoked',
      target: { type: 'invite', id },
      data: { role: gone.role, emailHash: hashEmail(gone.email) },
    });
  });
}

const inviteInvalid = () => new Invalid(LEAD_DESK_MESSAGES.inviteInvalid, { token: LEAD_DESK_MESSAGES.inviteInvalid });

class InviteSpentError extends Error {}

/** An account of the address was created at the same moment (its unique index refused ours). */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Accepts an invitation: checks the link (400 naming `token` when unknown, revoked, used or expired), then the
 * password rule (400 naming `password`; the link stays usable), then spends the link and creates the account with
 * the invited role, in one transaction (of two requests with the same link only one gets an account) with its audit
 * entry and what `then` does with the new account (its first session).
 */
export async function acceptInvite<T>(
  db: Db,
  caller: AuditContext,
  input: z.infer<typeof InviteAcceptSchema>,
  siteWords: readonly string[],
  then: (tx: Tx, user: UserRow) => Promise<T>,
): Promise<{ user: UserRow; then: T }> {
  const [invite] = await db
    .select()
    .from(schema.userInvites)
    .where(eq(schema.userInvites.tokenHash, sha256(input.token)));
  if (!invite || invite.acceptedAt || invite.expiresAt.getTime() <= Date.now()) throw inviteInvalid();
  await assertPasswordAllowed(input.password, { email: invite.email, name: input.name }, 'password', siteWords);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const spent = await tx
        .update(schema.userInvites)
        .set({ acceptedAt: new Date() })
        .where(
          and(
            eq(schema.userInvites.id, invite.id),
            isNull(schema.userInvites.acceptedAt),
            gt(schema.userInvites.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: schema.userInvites.id });
      if (spent.length === 0) throw new InviteSpentError();
      const [taken] = await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, invite.email));
      // Registered on their own since the invitation went out: the link has nothing left to do.
      if (taken) throw new InviteSpentError();
      const [user] = await tx
        .insert(schema.users)
        .values({ name: input.name, email: invite.email, passwordHash, role: invite.role as Role })
        .returning();
      if (!user) throw new Error('insert returned no row');
      await recordAudit(tx, caller, {
        action: 'user.invite_accepted',
        actor: { id: user.id, name: user.name },
        target: { type: 'user', id: user.id },
        data: { role: user.role, inviteId: invite.id },
      });
      return { user, then: await then(tx, user) };
    });
  } catch (error) {
    if (error instanceof InviteSpentError || isUniqueViolation(error)) throw inviteInvalid();
    throw error;
  }
}
