// Access tokens (JWT, HS256 only) and the role checks every protected route uses.
import { ACCESS_TOKEN_TTL_SECONDS, MESSAGES, type Role } from '@agency/contract';
import { eq, schema } from '@agency/db';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { HttpError } from '../lib/http-error.ts';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    signAccessToken(user: { id: string; role: string }): Promise<string>;
    /** preHandler: a valid token of an account whose current role is one of `roles`. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
    /** The account behind the request's bearer token, or null when there is none or it is not valid. */
    optionalUser(request: FastifyRequest): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const ISSUER = 'agency-site';
const ALGORITHMS = ['HS256'];

export default fp<{ jwtSecret: string }>(async function auth(app: FastifyInstance, { jwtSecret }) {
  const key = new TextEncoder().encode(jwtSecret);

  app.decorate('signAccessToken', (user: { id: string; role: string }) =>
    new SignJWT({ role: user.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key),
  );

  app.decorateRequest('user', null);

  /** The account behind the bearer token, read fresh from the database so role changes apply at once. */
  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, MESSAGES.blog.noToken);
    let userId: string | undefined;
    try {
      const { payload } = await jwtVerify(match[1], key, { algorithms: ALGORITHMS, issuer: ISSUER });
      userId = payload.sub;
    } catch {
      throw new HttpError(401, MESSAGES.http.invalidToken);
    }
    if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) throw new HttpError(401, MESSAGES.http.invalidToken);
    const [user] = await app.db
      .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email, role: schema.users.role })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    if (!user) throw new HttpError(401, MESSAGES.http.invalidToken);
    return { ...user, role: user.role as Role };
  }

  app.decorate('optionalUser', async (request: FastifyRequest): Promise<AuthUser | null> => {
    if (!request.headers.authorization) return null;
    try {
      return await authenticate(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return null;
      throw error;
    }
  });

  app.decorate('requireRole', (...roles: Role[]): preHandlerAsyncHookHandler => {
    return async function checkRole(request) {
      const user = await authenticate(request);
      request.user = user;
      if (roles.length > 0 && !roles.includes(user.role)) throw new HttpError(403, MESSAGES.http.forbidden);
    };
  });
});
