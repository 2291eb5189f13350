import {
  ACCOUNT_MESSAGES,
  LoginResultSchema,
  LoginSchema,
  MESSAGES,
  RefreshTokenSchema,
  MessageSchema,
  RegisterSchema,
  TokenPairSchema,
  UserSchema,
} from '@agency/contract';
import { eq, schema } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import {
  firstAdminMail,
  queueAccountMail,
  queueAccountMails,
  registrationAttemptMail,
  registrationPendingMail,
} from '../../services/account-mail.ts';
import { recordAudit, signInAudit } from '../../services/audit.ts';
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
export default async function authRoutes(fastify: FastifyInstance, { login: limits, siteUrl }: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // Tokens and account data: never kept by a browser or a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  // Sign-ups share the public forms' per-address limit, so nobody can flood the Team list.
  // A taken address answers exactly like a new account and mails its owner (docs/product.md D8: no enumeration).
  const registerSchema = {
    tags,
    summary: 'Create an account (the first is admin, later ones pending); a taken address mails its owner instead',
    body: RegisterSchema,
    response: { 201: MessageSchema, ...errorResponses(400, 429) },
  };
  app.post('/register', { onRequest: app.rateLimit('register'), schema: registerSchema }, async (request, reply) => {
    try {
      const user = await registerUser(app.db, request.body);
      // The first account is the admin and is told so; a later one waits, and every admin is told.
      if (user.role === 'admin') await queueAccountMail(app.db, firstAdminMail(siteUrl, user));
      else {
        const admins = await app.db
          .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email })
          .from(schema.users)
          .where(eq(schema.users.role, 'admin'));
        await queueAccountMails(
          app.db,
          admins.map((admin) => registrationPendingMail(siteUrl, admin, user)),
        );
      }
      app.outbox.kick();
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      const owner = await findUserByEmail(app.db, request.body.email);
      if (owner) {
        await queueAccountMail(app.db, registrationAttemptMail(siteUrl, owner));
        app.outbox.kick();
      }
    }
    return reply.status(201).send({ message: ACCOUNT_MESSAGES.registered });
  });

  const loginSchema = {
    tags,
    summary: 'Sign in: tokens and the account, or for an account with 2FA a challenge for POST /auth/login/2fa',
    body: LoginSchema,
    response: { 200: LoginResultSchema, ...errorResponses(400, 401, 429) },
  };
  app.post('/login', { schema: loginSchema }, async (request) => {
    const input = request.body;
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
        ...signInAudit('auth.login_failed', input.email, user),
        data: { step: 'password' },
      });
      throw new HttpError(401, MESSAGES.auth.invalidCredentials);
    }
    return signIn(app, request, user);
  });

  const refreshSchema = {
    tags,
    summary: 'Trade a refresh token for a new pair (the old one stops working)',
    body: RefreshTokenSchema,
    response: { 200: TokenPairSchema, ...errorResponses(400, 401, 429) },
  };
  app.post('/refresh-token', { onRequest: app.rateLimit('refresh-token'), schema: refreshSchema }, async (request) => {
    const { refreshToken } = request.body;
    const rotated = await rotateRefreshToken(app.db, refreshToken, shortUserAgent(request.headers['user-agent']));
    const user = rotated.ok ? await findUserById(app.db, rotated.userId) : undefined;
    if (!rotated.ok || !user) throw new HttpError(401, MESSAGES.auth.invalidRefreshToken);
    return { accessToken: await app.signAccessToken(user, rotated.familyId), refreshToken: rotated.refreshToken };
  });

  const logoutSchema = {
    tags,
    summary: 'Revoke a refresh token',
    body: RefreshTokenSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 429) },
  };
  app.post('/logout', { onRequest: app.rateLimit('logout'), schema: logoutSchema }, async (request, reply) => {
    const { refreshToken } = request.body;
    await revokeRefreshToken(app.db, refreshToken);
    return reply.status(204).send();
  });

  const meSchema = {
    tags,
    summary: 'The signed-in account',
    security: BEARER,
    response: { 200: UserSchema, ...errorResponses(401) },
  };
  const me = { onRequest: app.requireRole(), schema: meSchema, config: { allowWithoutTwoFactor: true } };
  app.get('/me', me, async (request) => {
    const user = request.user ? await findUserById(app.db, request.user.id) : undefined;
    if (!user) throw new HttpError(401, MESSAGES.http.invalidToken);
    return toUser(user);
  });
}
