import { ACCOUNT_MESSAGES, LoginSchema, MESSAGES, RefreshTokenSchema, RegisterSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { queueAccountMail, registrationAttemptMail } from '../../services/account-mail.ts';
import { recordAudit } from '../../services/audit.ts';
import {
  EmailTakenError,
  checkPassword,
  findUserByEmail,
  findUserById,
  loginBlockedFor,
  recordLoginFailure,
  registerUser,
  revokeRefreshToken,
  rotateRefreshToken,
  toUser,
  type LoginLimits,
} from '../../services/auth.ts';
import { shortUserAgent } from '../../services/sessions.ts';
import { signIn } from './sign-in.ts';

export interface AuthRoutesOptions {
  login: LoginLimits;
  /** Origin of the links in account mail. */
  siteUrl: string;
}

/** /api/auth/*: register, login, refresh-token, logout, me. */
export default async function authRoutes(app: FastifyInstance, { login: limits, siteUrl }: AuthRoutesOptions) {
  // Sign-ups share the public forms' per-address limit, so nobody can flood the Team list.
  // A taken address answers exactly like a new account and mails its owner (DECISIONS.md 8: no enumeration).
  app.post('/register', { onRequest: app.rateLimit('register') }, async (request, reply) => {
    const input = parseOr400(RegisterSchema, request.body);
    try {
      await registerUser(app.db, input);
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      const owner = await findUserByEmail(app.db, input.email);
      if (owner) {
        await queueAccountMail(app.db, registrationAttemptMail(siteUrl, owner));
        app.outbox.kick();
      }
    }
    return reply.status(201).send({ message: ACCOUNT_MESSAGES.registered });
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
      await recordAudit(app.db, request, {
        action: 'auth.login_failed',
        actor: user ? { id: user.id, name: user.name } : { id: null, name: 'Unknown account' },
        ...(user ? { target: { type: 'user' as const, id: user.id } } : {}),
        data: { step: 'password' },
      });
      throw new HttpError(401, MESSAGES.auth.invalidCredentials);
    }
    return signIn(app, request, user);
  });

  app.post('/refresh-token', async (request) => {
    const { refreshToken } = parseOr400(RefreshTokenSchema, request.body);
    const rotated = await rotateRefreshToken(app.db, refreshToken, shortUserAgent(request.headers['user-agent']));
    const user = rotated.ok ? await findUserById(app.db, rotated.userId) : undefined;
    if (!rotated.ok || !user) throw new HttpError(401, MESSAGES.auth.invalidRefreshToken);
    return { accessToken: await app.signAccessToken(user, rotated.familyId), refreshToken: rotated.refreshToken };
  });

  app.post('/logout', async (request, reply) => {
    const { refreshToken } = parseOr400(RefreshTokenSchema, request.body);
    await revokeRefreshToken(app.db, refreshToken);
    return reply.status(204).send();
  });

  app.get('/me', { preHandler: app.requireRole(), config: { allowWithoutTwoFactor: true } }, async (request) => {
    const user = request.user ? await findUserById(app.db, request.user.id) : undefined;
    if (!user) throw new HttpError(401, MESSAGES.http.invalidToken);
    return toUser(user);
  });
}
