import { LoginSchema, MESSAGES, RefreshTokenSchema, RegisterSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { recordAudit, signInAudit } from '../../services/audit.ts';
import {
  EmailTakenError,
  checkPassword,
  clearLoginFailures,
  findUserByEmail,
  findUserById,
  issueRefreshToken,
  loginBlockedFor,
  recordLoginFailure,
  registerUser,
  revokeRefreshToken,
  rotateRefreshToken,
  toUser,
  type LoginLimits,
} from '../../services/auth.ts';

export interface AuthRoutesOptions {
  login: LoginLimits;
}

/** /api/auth/*: register, login, refresh-token, logout, me. */
export default async function authRoutes(app: FastifyInstance, { login: limits }: AuthRoutesOptions) {
  // Sign-ups share the public forms' per-address limit, so nobody can flood the Team list.
  app.post('/register', { onRequest: app.rateLimit('register') }, async (request, reply) => {
    const input = parseOr400(RegisterSchema, request.body);
    try {
      const user = await registerUser(app.db, input);
      return reply.status(201).send(user);
    } catch (error) {
      if (error instanceof EmailTakenError) {
        throw new HttpError(409, MESSAGES.auth.emailTaken, { email: MESSAGES.auth.emailTaken });
      }
      throw error;
    }
  });

  app.post('/login', async (request) => {
    const input = parseOr400(LoginSchema, request.body);
    const wait = await loginBlockedFor(app.db, input.email, request.ip, limits);
    if (wait > 0) {
      throw new HttpError(429, MESSAGES.auth.tooManyAttempts, undefined, { 'retry-after': String(wait) });
    }
    const user = await findUserByEmail(app.db, input.email);
    // Same time and same answer whether or not the account exists.
    const valid = await checkPassword(user?.passwordHash, input.password);
    if (!user || !valid) {
      await recordLoginFailure(app.db, input.email, request.ip, limits);
      await recordAudit(app.db, request, signInAudit('auth.login_failed', input.email, user));
      throw new HttpError(401, MESSAGES.auth.invalidCredentials);
    }
    await clearLoginFailures(app.db, input.email);
    await recordAudit(app.db, request, signInAudit('auth.login_succeeded', input.email, user));
    return {
      accessToken: await app.signAccessToken(user),
      refreshToken: await issueRefreshToken(app.db, user.id),
      user: toUser(user),
    };
  });

  app.post('/refresh-token', async (request) => {
    const { refreshToken } = parseOr400(RefreshTokenSchema, request.body);
    const rotated = await rotateRefreshToken(app.db, refreshToken);
    const user = rotated.ok ? await findUserById(app.db, rotated.userId) : undefined;
    if (!rotated.ok || !user) throw new HttpError(401, MESSAGES.auth.invalidRefreshToken);
    return { accessToken: await app.signAccessToken(user), refreshToken: rotated.refreshToken };
  });

  app.post('/logout', async (request, reply) => {
    const { refreshToken } = parseOr400(RefreshTokenSchema, request.body);
    await revokeRefreshToken(app.db, refreshToken);
    return reply.status(204).send();
  });

  app.get('/me', { preHandler: app.requireRole() }, async (request) => {
    const user = request.user ? await findUserById(app.db, request.user.id) : undefined;
    if (!user) throw new HttpError(401, MESSAGES.http.invalidToken);
    return toUser(user);
  });
}
