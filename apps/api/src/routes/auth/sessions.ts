// /api/auth/sessions: the caller's sign-ins, and ending one of them.
import { ACCOUNT_MESSAGES, SessionIdParamsSchema, SessionListSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { recordAudit } from '../../services/audit.ts';
import { endSession, listSessions } from '../../services/sessions.ts';

export default async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

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
    summary: 'End one of the caller’s sessions (its tokens stop working at once)',
    security: BEARER,
    params: SessionIdParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
  };
  app.delete('/sessions/:id', { onRequest: app.requireRole(), schema: endSchema }, async (request, reply) => {
    const { id } = request.params;
    if (!(await endSession(app.db, request.user!.id, id))) {
      throw new HttpError(404, ACCOUNT_MESSAGES.sessionNotFound);
    }
    await recordAudit(app.db, request, {
      action: 'auth.session_ended',
      target: { type: 'user', id: request.user!.id },
      data: { current: id === request.sessionId },
    });
    return reply.status(204).send();
  });
}
