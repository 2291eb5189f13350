import {
  InviteCreateSchema,
  InviteIdParamsSchema,
  InviteListSchema,
  LEAD_DESK_MESSAGES,
  MESSAGES,
  MessageSchema,
  RoleChangeSchema,
  TwoFactorPolicySchema,
  type Role,
  UserIdParamsSchema,
  UserListSchema,
  UserSchema,
} from '@agency/contract';
import { asc, count, eq, schema, sql } from '@agency/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { accountApprovedMail, queueAccountMails } from '../../services/account-mail.ts';
import { recordAudit } from '../../services/audit.ts';
import { createInvite, listInvites, revokeInvite } from '../../services/invites.ts';
import { ROLE_CHANGE_LOCK, toUser } from '../../services/auth.ts';
import { endAllSessions } from '../../services/sessions.ts';
import { isTwoFactorRequired, setTwoFactorRequired } from '../../services/two-factor.ts';

const tags = ['users'];

/** /api/users/*: the admins' Team area (list accounts, change roles, remove). */
export interface UserRoutesOptions {
  /** Origin of the links in account mail. */
  siteUrl: string;
}

export default async function userRoutes(fastify: FastifyInstance, { siteUrl }: UserRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // onRequest, so a stranger is answered 401 before anything about the request is looked at.
  app.addHook('onRequest', app.requireRole('admin'));

  const listSchema = {
    tags,
    summary: 'Every account, oldest first',
    security: BEARER,
    response: { 200: UserListSchema, ...errorResponses(401, 403) },
  };
  app.get('/', { schema: listSchema }, async () => {
    const rows = await app.db.select().from(schema.users).orderBy(asc(schema.users.createdAt));
    return rows.map(toUser);
  });

  /**
   * Changes or removes an account. Runs under an advisory lock so that two admins demoting each
   * other at the same moment cannot leave the site without an admin.
   */
  async function changeAccount(request: FastifyRequest, id: string, change: { role: Role } | 'delete') {
    return app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
      const [target] = await tx.select().from(schema.users).where(eq(schema.users.id, id));
      if (!target) throw new HttpError(404, MESSAGES.users.notFound);
      const losesAdmin = target.role === 'admin' && (change === 'delete' || change.role !== 'admin');
      if (losesAdmin) {
        const [{ admins } = { admins: 0 }] = await tx
          .select({ admins: count() })
          .from(schema.users)
          .where(eq(schema.users.role, 'admin'));
        if (admins <= 1) throw new HttpError(409, MESSAGES.users.lastAdmin);
      }
      const subject = { type: 'user', id } as const;
      if (change === 'delete') {
        await tx.delete(schema.users).where(eq(schema.users.id, id));
        const data = { name: target.name, role: target.role };
        await recordAudit(tx, request, { action: 'user.removed', target: subject, data });
        return null;
      }
      const [updated] = await tx
        .update(schema.users)
        .set({ role: change.role, updatedAt: new Date() })
        .where(eq(schema.users.id, id))
        .returning();
      if (target.role !== change.role) {
        const data = { name: target.name, from: target.role, to: change.role };
        await recordAudit(tx, request, { action: 'user.role_changed', target: subject, data });
        // A pending account given a role is approved: its owner is told they can sign in.
        if (target.role === 'pending') {
          await queueAccountMails(tx, [accountApprovedMail(siteUrl, target, change.role)]);
        }
      }
      return updated ? toUser(updated) : null;
    });
  }

  const patchSchema = {
    tags,
    summary: 'Change an account’s role (never the last admin’s)',
    security: BEARER,
    params: UserIdParamsSchema,
    body: RoleChangeSchema,
    response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 409) },
  };
  app.patch('/:id', { schema: patchSchema }, async (request) => {
    const { role } = request.body;
    const user = await changeAccount(request, request.params.id, { role });
    if (!user) throw new HttpError(404, MESSAGES.users.notFound);
    app.outbox.kick();
    return user;
  });

  const deleteSchema = {
    tags,
    summary: 'Remove an account (never the last admin)',
    security: BEARER,
    params: UserIdParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404, 409) },
  };
  app.delete('/:id', { schema: deleteSchema }, async (request, reply) => {
    await changeAccount(request, request.params.id, 'delete');
    return reply.status(204).send();
  });

  const signOutSchema = {
    tags,
    summary: 'End every session of an account (a lost laptop, someone leaving)',
    security: BEARER,
    params: UserIdParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
  };
  app.post('/:id/sign-out', { schema: signOutSchema }, async (request, reply) => {
    const { id } = request.params;
    const [target] = await app.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, id));
    if (!target) throw new HttpError(404, MESSAGES.users.notFound);
    const ended = await endAllSessions(app.db, id);
    await recordAudit(app.db, request, {
      action: 'user.signed_out_everywhere',
      target: { type: 'user', id },
      data: { sessionsEnded: ended },
    });
    return reply.status(204).send();
  });

  // Invitations (issue 22). An address that already has an account is answered exactly as a new one (its owner
  // is mailed instead), so this answer never says which addresses have accounts.
  const inviteSchema = {
    tags,
    summary: 'Invite a colleague by address and role: a mail with a single-use link to /accept-invite (7 days)',
    security: BEARER,
    body: InviteCreateSchema,
    response: { 201: MessageSchema, ...errorResponses(400, 401, 403) },
  };
  app.post('/invites', { schema: inviteSchema }, async (request, reply) => {
    const { email } = request.body;
    await createInvite(app.db, siteUrl, request, request.user!, request.body);
    app.outbox.kick();
    return reply.status(201).send({ message: LEAD_DESK_MESSAGES.inviteSent(email) });
  });

  const invitesSchema = {
    tags,
    summary: 'The open invitations (not accepted, not expired), newest first',
    security: BEARER,
    response: { 200: InviteListSchema, ...errorResponses(401, 403) },
  };
  app.get('/invites', { schema: invitesSchema }, async () => ({ items: await listInvites(app.db) }));

  const revokeSchema = {
    tags,
    summary: 'Revoke an open invitation: its link stops working',
    security: BEARER,
    params: InviteIdParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
  };
  app.delete('/invites/:id', { schema: revokeSchema }, async (request, reply) => {
    await revokeInvite(app.db, request, request.params.id);
    return reply.status(204).send();
  });

  // Whether every staff account must use two-factor sign-in (enforced by requireRole in plugins/auth.ts).
  const policyResponse = { 200: TwoFactorPolicySchema, ...errorResponses(401, 403) };
  app.get(
    '/two-factor-policy',
    { schema: { tags, summary: 'Whether 2FA is required of all staff', security: BEARER, response: policyResponse } },
    async () => ({ required: await isTwoFactorRequired(app.db) }),
  );

  const putPolicySchema = {
    tags,
    summary: 'Require 2FA of all staff (or not)',
    security: BEARER,
    body: TwoFactorPolicySchema,
    response: { ...policyResponse, ...errorResponses(400, 401, 403) },
  };
  app.put('/two-factor-policy', { schema: putPolicySchema }, async (request) => {
    const { required } = request.body;
    const before = await isTwoFactorRequired(app.db);
    await setTwoFactorRequired(app.db, required);
    if (before !== required) {
      await recordAudit(app.db, request, {
        action: 'settings.2fa_required_changed',
        data: { from: before, to: required },
      });
    }
    return { required };
  });
}
