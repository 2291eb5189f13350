// /api/auth/sessions: the caller's sign-ins, and ending one of them.
import { ACCOUNT_MESSAGES } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { recordAudit } from '../../services/audit.ts';
import { endSession, listSessions } from '../../services/sessions.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function sessionRoutes(app: FastifyInstance) {
  app.get('/sessions', { preHandler: app.requireRole() }, async (request) =>
    listSessions(app.db, request.user!.id, request.sessionId),
  );

  app.delete<{ Params: { id: string } }>('/sessions/:id', { preHandler: app.requireRole() }, async (request, reply) => {
    const { id } = request.params;
    if (!UUID.test(id) || !(await endSession(app.db, request.user!.id, id))) {
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
