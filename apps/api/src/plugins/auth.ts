// Access tokens (JWT, HS256 only) and the role checks every protected route uses.
import { ACCESS_TOKEN_TTL_SECONDS, ACCOUNT_MESSAGES, MESSAGES, type Role } from '@agency/contract';
import { eq, schema } from '@agency/db';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { HttpError } from '../lib/http-error.ts';
import { sessionIsLive } from '../services/sessions.ts';
import { isTwoFactorRequired } from '../services/two-factor.ts';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** An access token of `sessionId` (the refresh-token family it belongs to). */
    signAccessToken(user: { id: string; role: string }, sessionId: string): Promise<string>;
    /** preHandler: a valid token of an account whose current role is one of `roles`. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
    /**
     * The account behind the request's bearer token, or null when there is none, it is not valid, or the account
     * is held for 2FA (an admin requires it and the account has none): such a caller is anonymous.
     */
    optionalUser(request: FastifyRequest): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The session (refresh-token family) of the request's access token. */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route stays open to an account without 2FA while an admin requires 2FA for all staff: what the
     * account needs to set it up (me, 2FA status, setup, enable).
     */
    allowWithoutTwoFactor?: boolean;
  }
}

const ISSUER = 'agency-site';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALGORITHMS = ['HS256'];

export default fp<{ jwtSecret: string }>(async function auth(app: FastifyInstance, { jwtSecret }) {
  const key = new TextEncoder().encode(jwtSecret);

  app.decorate('signAccessToken', (user: { id: string; role: string }, sessionId: string) =>
    new SignJWT({ role: user.role, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key),
  );

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  /** The account behind the bearer token, read fresh from the database so role changes apply at once. */
  async function authenticate(request: FastifyRequest): Promise<AuthUser & { twoFactor: boolean }> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, MESSAGES.blog.noToken);
    let userId: string | undefined;
    let sessionId: unknown;
    try {
      const { payload } = await jwtVerify(match[1], key, { algorithms: ALGORITHMS, issuer: ISSUER });
      userId = payload.sub;
      sessionId = payload.sid;
    } catch {
      throw new HttpError(401, MESSAGES.http.invalidToken);
    }
    if (!userId || !UUID.test(userId)) throw new HttpError(401, MESSAGES.http.invalidToken);
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) throw new HttpError(401, MESSAGES.http.invalidToken);
    const [user] = await app.db
      .select({
        id: schema.users.id,
        name: schema.users.name,
        email: schema.users.email,
        role: schema.users.role,
        totpEnabledAt: schema.users.totpEnabledAt,
      })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    if (!user) throw new HttpError(401, MESSAGES.http.invalidToken);
    // A session that was ended (logout, "sign out", password change or reset) takes its access tokens with it.
    if (!(await sessionIsLive(app.db, user.id, sessionId))) throw new HttpError(401, MESSAGES.http.invalidToken);
    request.sessionId = sessionId;
    const { totpEnabledAt, ...rest } = user;
    return { ...rest, role: user.role as Role, twoFactor: Boolean(totpEnabledAt) };
  }

  /**
   * Whether the account must set up 2FA before it may act as staff: an admin requires it for all staff, the
   * account has none, and the route is not one of those that lead to the setup.
   */
  const heldForTwoFactor = async (request: FastifyRequest, twoFactor: boolean) =>
    !twoFactor && !request.routeOptions.config.allowWithoutTwoFactor && (await isTwoFactorRequired(app.db));

  // The same rule as requireRole: an account held for 2FA has no staff powers. A route that asks who the
  // caller is (to show hidden posts to editors) treats it as anonymous, as it does an invalid token, rather
  // than refusing the public answer.
  app.decorate('optionalUser', async (request: FastifyRequest): Promise<AuthUser | null> => {
    if (!request.headers.authorization) return null;
    try {
      const { twoFactor, ...user } = await authenticate(request);
      return (await heldForTwoFactor(request, twoFactor)) ? null : user;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return null;
      throw error;
    }
  });

  app.decorate('requireRole', (...roles: Role[]): preHandlerAsyncHookHandler => {
    return async function checkRole(request) {
      const { twoFactor, ...user } = await authenticate(request);
      request.user = user;
      if (await heldForTwoFactor(request, twoFactor)) throw new HttpError(403, ACCOUNT_MESSAGES.twoFactorRequired);
      if (roles.length > 0 && !roles.includes(user.role)) throw new HttpError(403, MESSAGES.http.forbidden);
    };
  });
});
