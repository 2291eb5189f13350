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
import { ANONYMOUS_ACTOR, recordAudit } from '../../services/audit.ts';
import {
  checkPassword,
  findUserById,
  hashPassword,
  loginBlockedFor,
  recordLoginFailure,
  type LoginLimits,
} from '../../services/auth.ts';
import { confirmPasswordReset, requestPasswordReset } from '../../services/password-reset.ts';
import { endAllSessions } from '../../services/sessions.ts';

export interface PasswordRoutesOptions {
  login: LoginLimits;
  siteUrl: string;
}

export default async function passwordRoutes(
  fastify: FastifyInstance,
  { login: limits, siteUrl }: PasswordRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  // The same answer for every address (docs/product.md D8); the per-address limit keeps anyone from mailing many.
  const requestSchema = {
    tags,
    summary: 'Mail a password reset link to the address if it has an account (the answer never says)',
    body: PasswordResetRequestSchema,
    response: { 202: MessageSchema, ...errorResponses(400, 429) },
  };
  const limited = { onRequest: app.rateLimit('password-reset') };
  app.post('/password-reset', { ...limited, schema: requestSchema }, async (request, reply) => {
    const { email } = request.body;
    const userId = await requestPasswordReset(app.db, siteUrl, email);
    if (userId) {
      app.outbox.kick();
      await recordAudit(app.db, request, {
        action: 'auth.password_reset_requested',
        actor: ANONYMOUS_ACTOR,
        target: { type: 'user', id: userId },
      });
    }
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetRequested });
  });

  const confirmSchema = {
    tags,
    summary: 'Choose a new password with the link’s token; ends every session of the account',
    body: PasswordResetConfirmSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 429) },
  };
  app.post('/password-reset/confirm', { ...limited, schema: confirmSchema }, async (request, reply) => {
    const { token, password } = request.body;
    const result = await confirmPasswordReset(app.db, token, password);
    if (!result.ok) throw new HttpError(400, result.error, { token: result.error });
    const user = await findUserById(app.db, result.userId);
    await recordAudit(app.db, request, {
      action: 'auth.password_reset',
      actor: { id: result.userId, name: user?.name ?? 'Unknown account' },
      target: { type: 'user', id: result.userId },
      data: { sessionsEnded: 'all' },
    });
    return reply.status(204).send();
  });

  const changeSchema = {
    tags,
    summary: 'Change the password (the current one is needed); the account’s other sessions end',
    security: BEARER,
    body: PasswordChangeSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 401, 403, 429) },
  };
  app.post('/password', { onRequest: app.requireRole(), schema: changeSchema }, async (request, reply) => {
    const input = request.body;
    const user = await findUserById(app.db, request.user!.id);
    if (!user) throw new HttpError(401, MESSAGES.http.invalidToken);
    const wait = await loginBlockedFor(app.db, user.email, request.ip, limits);
    if (wait > 0) throw new HttpError(429, MESSAGES.auth.tooManyAttempts, undefined, { 'retry-after': String(wait) });
    // 400, not 401: the client would take a 401 for an expired token.
    if (!(await checkPassword(user.passwordHash, input.currentPassword))) {
      await recordLoginFailure(app.db, user.email, request.ip, limits);
      throw new HttpError(400, ACCOUNT_MESSAGES.currentPasswordWrong, {
        currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
      });
    }
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
