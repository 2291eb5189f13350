import {
  InviteCreateSchema,
  InviteIdParamsSchema,
  InviteListSchema,
  LEAD_DESK_MESSAGES,
  MessageSchema,
  RoleChangeSchema,
  TwoFactorPolicySchema,
  UserIdParamsSchema,
  UserListSchema,
  UserSchema,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { createInvite, listInvites, revokeInvite } from '../../services/invites.ts';
import { currentMailSite } from '../../services/site-details.ts';
import { changeRole, listAccounts, removeAccount, setTwoFactorPolicy, signOutEverywhere } from '../../services/team.ts';
import { isTwoFactorRequired } from '../../services/two-factor.ts';

const tags = ['users'];

/** /api/users/*: the admins' Team area (list accounts, change roles, remove); the work is in services/team.ts. */
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
  app.get('/', { schema: listSchema }, async () => listAccounts(app.db));

  /** The site as published now, for the mails of an action (read once, before its transaction). */
  const mailSite = () => currentMailSite(app.siteContent, siteUrl);

  const patchSchema = {
    tags,
    summary: 'Change an account’s role (never the last admin’s)',
    security: BEARER,
    params: UserIdParamsSchema,
    body: RoleChangeSchema,
    response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 409) },
  };
  app.patch('/:id', { schema: patchSchema }, async (request) => {
    const { user, mailed } = await changeRole(app.db, request, await mailSite(), request.params.id, request.body.role);
    if (mailed) app.outbox.kick();
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
    await removeAccount(app.db, request, request.params.id);
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
    await signOutEverywhere(app.db, request, request.params.id);
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
    await createInvite(app.db, await mailSite(), request, request.user!, request.body);
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
    await setTwoFactorPolicy(app.db, request, required);
    return { required };
  });
}
