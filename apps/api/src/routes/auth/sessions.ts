// /api/auth/sessions: the caller's sign-ins, and ending one of them.
import { SessionEndSchema, SessionIdParamsSchema, SessionListSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { endOwnSession } from '../../services/account-security.ts';
import type { LoginLimits } from '../../services/auth.ts';
import { listSessions } from '../../services/sessions.ts';
import { secretKeyFrom } from '../../services/two-factor.ts';

export interface SessionRoutesOptions {
  login: LoginLimits;
  jwtSecret: string;
}

export default async function sessionRoutes(
  fastify: FastifyInstance,
  { login: limits, jwtSecret }: SessionRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const key = secretKeyFrom(jwtSecret);

  const listSchema = {
    tags,
    summary: 'The caller’s sign-ins that have not ended, most recently used first',
    security: BEARER,
    response: { 200: SessionListSchema, ...errorResponses(401, 403) },
  };
  app.get('/sessions', { onRequest: app.requireRole(), schema: listSchema }, async (request) =>
    listSessions(app.db, request.user!.id, request.sessionId),
  );

  const endSchema = {
    tags,
    summary:
      'End one of the caller’s sessions (its tokens stop working at once); another session than the caller’s own needs the current password (and a code when 2FA is on)',
    security: BEARER,
    params: SessionIdParamsSchema,
    body: SessionEndSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 401, 403, 404, 429) },
  };
  app.delete('/sessions/:id', { onRequest: app.requireRole(), schema: endSchema }, async (request, reply) => {
    await endOwnSession({ db: app.db, key, limits }, request, request.params.id, request.body ?? {});
    return reply.status(204).send();
  });
}
