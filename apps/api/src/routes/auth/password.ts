// /api/auth/password (change, signed in) and /api/auth/password-reset[/confirm] (by mail link).
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  MessageSchema,
  PasswordChangeSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
} from '@agency/contract';
import { eq, schema } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { accountDeps, askPasswordReset, callerOf, resetPassword } from '../../services/account.ts';
import { recordAudit } from '../../services/audit.ts';
import { findUserById, hashPassword, type LoginLimits } from '../../services/auth.ts';
import { assertPasswordAllowed } from '../../services/password-policy.ts';
import { confirmIdentity } from '../../services/reauth.ts';
import { endAllSessions } from '../../services/sessions.ts';
import { secretKeyFrom } from '../../services/two-factor.ts';

export interface PasswordRoutesOptions {
  login: LoginLimits;
  siteUrl: string;
  jwtSecret: string;
}

export default async function passwordRoutes(
  fastify: FastifyInstance,
  { login: limits, siteUrl, jwtSecret }: PasswordRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const key = secretKeyFrom(jwtSecret);
  const deps = accountDeps(app, { limits, siteUrl, key });

  // The same answer in the same time for every address (docs/product.md D8): the lookup and the mail happen after
  // the answer. The per-address limit keeps anyone from mailing many.
  const requestSchema = {
    tags,
    summary: 'Mail a password reset link to the address if it has an account (the answer never says)',
    body: PasswordResetRequestSchema,
    response: { 202: MessageSchema, ...errorResponses(400, 429) },
  };
  const limited = { onRequest: app.rateLimit('password-reset') };
  app.post('/password-reset', { ...limited, schema: requestSchema }, async (request, reply) => {
    askPasswordReset(deps, callerOf(request), request.body.email);
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetRequested });
  });

  const confirmSchema = {
    tags,
    summary: 'Choose a new password with the link’s token; ends every session of the account',
    body: PasswordResetConfirmSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 429) },
  };
  app.post('/password-reset/confirm', { ...limited, schema: confirmSchema }, async (request, reply) => {
    await resetPassword(deps, callerOf(request), request.body);
    return reply.status(204).send();
  });

  const changeSchema = {
    tags,
    summary:
      'Change the password (the current one, and a code when 2FA is on, are needed); the account’s other sessions end',
    security: BEARER,
    body: PasswordChangeSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 401, 403, 429) },
  };
  app.post('/password', { onRequest: app.requireRole(), schema: changeSchema }, async (request, reply) => {
    const input = request.body;
    const user = await findUserById(app.db, request.user!.id);
    if (!user) throw new HttpError(401, MESSAGES.http.invalidToken);
    // The rule first: a refused password does not spend the caller's code.
    await assertPasswordAllowed(input.newPassword, user, 'newPassword', await deps.siteWords());
    await confirmIdentity({ db: app.db, key, limits, ip: request.ip }, user, input);
    const passwordHash = await hashPassword(input.newPassword);
    await app.db.update(schema.users).set({ passwordHash, updatedAt: new Date() }).where(eq(schema.users.id, user.id));
    const ended = await endAllSessions(app.db, user.id, request.sessionId);
    await recordAudit(app.db, request, {
      action: 'auth.password_changed',
      target: { type: 'user', id: user.id },
      data: { sessionsEnded: ended },
    });
    return reply.status(204).send();
  });
}
