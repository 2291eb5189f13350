import {
  ACCOUNT_MESSAGES,
  InviteAcceptSchema,
  LoginResultSchema,
  LoginSchema,
  MESSAGES,
  RefreshTokenSchema,
  MessageSchema,
  RegisterSchema,
  TokenPairSchema,
  UserSchema,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { boundedJson } from '../../lib/bounded-json.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import {
  acceptInvitation,
  accountDeps,
  callerOf,
  registerAccount,
  signInWithPassword,
} from '../../services/account.ts';
import { findUserById, revokeRefreshToken, rotateRefreshToken, toUser, type LoginLimits } from '../../services/auth.ts';
import { shortUserAgent } from '../../services/sessions.ts';
import { secretKeyFrom } from '../../services/two-factor.ts';

export interface AuthRoutesOptions {
  login: LoginLimits;
  /** Origin of the links in account mail. */
  siteUrl: string;
  jwtSecret: string;
}

/** /api/auth/*: register, login, refresh-token, logout, me. */
export default async function authRoutes(
  fastify: FastifyInstance,
  { login: limits, siteUrl, jwtSecret }: AuthRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = accountDeps(app, { limits, siteUrl, key: secretKeyFrom(jwtSecret) });
  const tags = ['auth'];
  // Tokens and account data are never kept by a browser or a shared cache: app.ts's PRIVATE_PATHS.

  // Sign-ups share the public forms' per-address limit, so nobody can flood the Team list.
  // A taken address answers exactly like a new account and mails its owner, at most once a day (docs/product.md D8:
  // no enumeration). A guessable password is refused (services/password-policy.ts).
  const registerSchema = {
    tags,
    summary: 'Create an account (the first is admin, later ones pending); a taken address mails its owner instead',
    body: RegisterSchema,
    response: { 201: MessageSchema, ...errorResponses(400, 429) },
  };
  app.post(
    '/register',
    { ...boundedJson, onRequest: app.rateLimit('register'), schema: registerSchema },
    async (request, reply) => {
      // The site's first account is its admin and is told so; any other answer is the same, taken address or not.
      const role = await registerAccount(deps, request.body);
      const message = role === 'admin' ? ACCOUNT_MESSAGES.registeredAdmin : ACCOUNT_MESSAGES.registered;
      return reply.status(201).send({ message });
    },
  );

  const loginSchema = {
    tags,
    summary: 'Sign in: tokens and the account, or for an account with 2FA a challenge for POST /auth/login/2fa',
    body: LoginSchema,
    response: { 200: LoginResultSchema, ...errorResponses(400, 401, 429) },
  };
  app.post('/login', { ...boundedJson, schema: loginSchema }, async (request) =>
    signInWithPassword(deps, callerOf(request), request.body),
  );

  // The invitation's link (issue 22): the account is created with the invited role and signed in, so the answer is
  // a login's. A dead link is 400 naming `token`, a password the policy refuses 400 naming `password`.
  const acceptSchema = {
    tags,
    summary: 'Accept an invitation: choose a name and password; answers as a login does',
    body: InviteAcceptSchema,
    response: { 200: LoginResultSchema, ...errorResponses(400, 429) },
  };
  app.post(
    '/invites/accept',
    { ...boundedJson, onRequest: app.rateLimit('invite-accept'), schema: acceptSchema },
    async (request) => acceptInvitation(deps, callerOf(request), request.body),
  );

  const refreshSchema = {
    tags,
    summary: 'Trade a refresh token for a new pair (the old one stops working)',
    body: RefreshTokenSchema,
    response: { 200: TokenPairSchema, ...errorResponses(400, 401, 429) },
  };
  app.post(
    '/refresh-token',
    { ...boundedJson, onRequest: app.rateLimit('refresh-token'), schema: refreshSchema },
    async (request) => {
      const { refreshToken } = request.body;
      const rotated = await rotateRefreshToken(app.db, refreshToken, shortUserAgent(request.headers['user-agent']));
      const user = rotated.ok ? await findUserById(app.db, rotated.userId) : undefined;
      if (!rotated.ok || !user) throw new HttpError(401, MESSAGES.auth.invalidRefreshToken);
      return { accessToken: await app.signAccessToken(user, rotated.familyId), refreshToken: rotated.refreshToken };
    },
  );

  const logoutSchema = {
    tags,
    summary: 'Revoke a refresh token',
    body: RefreshTokenSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 429) },
  };
  app.post(
    '/logout',
    { ...boundedJson, onRequest: app.rateLimit('logout'), schema: logoutSchema },
    async (request, reply) => {
      const { refreshToken } = request.body;
      await revokeRefreshToken(app.db, refreshToken);
      return reply.status(204).send();
    },
  );

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
