// /api/auth/password (change, signed in) and /api/auth/password-reset[/confirm] (by mail link).
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  PasswordChangeSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
} from '@agency/contract';
import { eq, schema } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { recordAudit } from '../../services/audit.ts';
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

export default async function passwordRoutes(app: FastifyInstance, { login: limits, siteUrl }: PasswordRoutesOptions) {
  // The same answer for every address (DECISIONS.md 8); the per-address limit keeps anyone from mailing many.
  app.post('/password-reset', { onRequest: app.rateLimit('password-reset') }, async (request, reply) => {
    const { email } = parseOr400(PasswordResetRequestSchema, request.body);
    const userId = await requestPasswordReset(app.db, siteUrl, email);
    if (userId) {
      app.outbox.kick();
      await recordAudit(app.db, request, {
        action: 'auth.password_reset_requested',
        actor: { id: null, name: 'Password reset form' },
        target: { type: 'user', id: userId },
      });
    }
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetRequested });
  });

  app.post('/password-reset/confirm', { onRequest: app.rateLimit('password-reset') }, async (request, reply) => {
    const { token, password } = parseOr400(PasswordResetConfirmSchema, request.body);
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

  app.post('/password', { preHandler: app.requireRole() }, async (request, reply) => {
    const input = parseOr400(PasswordChangeSchema, request.body);
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
