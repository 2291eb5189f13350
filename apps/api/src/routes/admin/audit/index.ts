import { AuditListQuerySchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../../lib/validate.ts';
import { listAudit } from '../../../services/audit.ts';

/** /api/admin/audit: the audit log, read-only. Nothing in the API edits or deletes an entry. */
export default async function auditRoutes(app: FastifyInstance) {
  app.addHook('preHandler', app.requireRole('admin'));
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  app.get('/', async (request) => listAudit(app.db, parseOr400(AuditListQuerySchema, request.query)));
}
