import {
  ACCOUNT_MESSAGES,
  InviteAcceptSchema,
  LoginResultSchema,
  LoginSchema,
  MESSAGES,
  RefreshTokenSchema,
  MessageSchema,
  requiredMessage,
  RegisterSchema,
  SessionHeadersSchema,
  TokenPairSchema,
  UserSchema,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT, REFRESH_COOKIE } from '../../lib/schema.ts';
import {
  answerNewSession,
  clearSessionCookie,
  sessionCookieOf,
  setSessionCookie,
  wantsCookieOnly,
} from '../../lib/session-cookie.ts';
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

/** Neither the body nor a session cookie holds a refresh token: 400 naming the field, as before the cookie. */
const missingRefreshToken = () =>
  new HttpError(400, requiredMessage('refreshToken'), { refreshToken: requiredMessage('refreshToken') });

export interface AuthRoutesOptions {
  login: LoginLimits;
  /** Origin of the links in account mail. */
  siteUrl: string;
  jwtSecret: string;
}

/**
 * /api/auth/*: register, login, refresh-token, logout, me. A session opened here sets the browser's session cookie
 * (lib/session-cookie.ts); refresh and logout take the refresh token from the body (API clients) or the cookie.
 */
export default async function authRoutes(
  fastify: FastifyInstance,
  { login: limits, siteUrl, jwtSecret }: AuthRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = accountDeps(app, { limits, siteUrl, key: secretKeyFrom(jwtSecret) });
  const tags = ['auth'];
  // Tokens and account data are never kept by a browser or a shared cache: app.ts's PRIVATE_PATHS. Every route here
  // reads at most 16 KB of JSON nested at most 10 deep, and a cookie-carrying write from another site is refused
  // (app.ts registers these routes so).

  // Sign-ups share the public forms' per-address limit, so nobody can flood the Team list.
  // A taken address answers exactly like a new account and mails its owner, at most once a day (docs/product.md D8:
  // no enumeration). A guessable password is refused (services/password-policy.ts).
  const registerSchema = {
    tags,
    summary: 'Create an account (the first is admin, later ones pending); a taken address mails its owner instead',
    body: RegisterSchema,
    response: { 201: MessageSchema, ...errorResponses(400, 429) },
  };
  app.post('/register', { onRequest: app.rateLimit('register'), schema: registerSchema }, async (request, reply) => {
    // The site's first account is its admin and is told so; any other answer is the same, taken address or not.
    const role = await registerAccount(deps, request.body);
    const message = role === 'admin' ? ACCOUNT_MESSAGES.registeredAdmin : ACCOUNT_MESSAGES.registered;
    return reply.status(201).send({ message });
  });

  const loginSchema = {
    tags,
    summary:
      'Sign in: tokens and the account (the refresh token also in the session cookie), or for an account with 2FA a challenge for POST /auth/login/2fa',
    headers: SessionHeadersSchema,
    body: LoginSchema,
    response: { 200: LoginResultSchema, ...errorResponses(400, 401, 403, 429) },
  };
  app.post('/login', { schema: loginSchema }, async (request, reply) => {
    const result = await signInWithPassword(deps, callerOf(request), request.body);
    return 'twoFactorRequired' in result ? result : answerNewSession(request, reply, siteUrl, result);
  });

  // The invitation's link (issue 22): the account is created with the invited role and signed in, so the answer is
  // a login's. A dead link is 400 naming `token`, a password the policy refuses 400 naming `password`.
  const acceptSchema = {
    tags,
    summary: 'Accept an invitation: choose a name and password; answers as a login does',
    headers: SessionHeadersSchema,
    body: InviteAcceptSchema,
    response: { 200: LoginResultSchema, ...errorResponses(400, 429) },
  };
  app.post(
    '/invites/accept',
    { onRequest: app.rateLimit('invite-accept'), schema: acceptSchema },
    async (request, reply) =>
      answerNewSession(request, reply, siteUrl, await acceptInvitation(deps, callerOf(request), request.body)),
  );

  // The refresh token comes from the body (an API client, answered in the body as before) or else from the session
  // cookie (a browser: the new one goes back in the cookie only). A refused cookie is cleared. Only refusals count
  // towards the address's limit: a browser renews its session on every page it opens (docs/decisions/0031), and a
  // token that works is no guess.
  const limitRefusals = app.rateLimit('refresh-token');
  const refreshSchema = {
    tags,
    summary:
      'Trade a refresh token (in the body, or the session cookie) for a new pair (the old one stops working); a cookie is renewed in the cookie',
    security: REFRESH_COOKIE,
    headers: SessionHeadersSchema,
    body: RefreshTokenSchema,
    response: {
      200: TokenPairSchema,
      204: NO_CONTENT.describe('A browser (`X-Session: cookie`) without a session cookie: no session to renew'),
      ...errorResponses(400, 401, 403, 429),
    },
  };
  app.post('/refresh-token', { schema: refreshSchema }, async (request, reply) => {
    const inBody = request.body.refreshToken;
    const refreshToken = inBody ?? sessionCookieOf(request);
    // A page opened while signed out asks too: that is no error (nor a console message in the browser).
    if (!refreshToken && wantsCookieOnly(request)) return reply.status(204).send();
    if (!refreshToken) {
      await limitRefusals.call(app, request, reply);
      throw missingRefreshToken();
    }
    const rotated = await rotateRefreshToken(app.db, refreshToken, shortUserAgent(request.headers['user-agent']));
    const user = rotated.ok ? await findUserById(app.db, rotated.userId) : undefined;
    if (!rotated.ok || !user) {
      if (!inBody) clearSessionCookie(reply, siteUrl);
      await limitRefusals.call(app, request, reply);
      throw new HttpError(401, MESSAGES.auth.invalidRefreshToken);
    }
    const accessToken = await app.signAccessToken(user, rotated.familyId);
    if (inBody) return { accessToken, refreshToken: rotated.refreshToken };
    setSessionCookie(reply, siteUrl, rotated.refreshToken, rotated.expiresAt);
    return { accessToken };
  });

  const logoutSchema = {
    tags,
    summary: 'End the session of a refresh token (in the body, or the session cookie, which is then cleared)',
    security: REFRESH_COOKIE,
    headers: SessionHeadersSchema,
    body: RefreshTokenSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 403, 429) },
  };
  app.post('/logout', { onRequest: app.rateLimit('logout'), schema: logoutSchema }, async (request, reply) => {
    const inBody = request.body.refreshToken;
    const refreshToken = inBody ?? sessionCookieOf(request);
    // A browser whose cookie is already gone has nothing left to end.
    if (!refreshToken && wantsCookieOnly(request)) return reply.status(204).send();
    if (!refreshToken) throw missingRefreshToken();
    await revokeRefreshToken(app.db, refreshToken);
    if (!inBody) clearSessionCookie(reply, siteUrl);
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
