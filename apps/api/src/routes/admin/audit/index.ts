import { AuditListQuerySchema, AuditListSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEARER, errorResponses } from '../../../lib/schema.ts';
import { listAudit } from '../../../services/audit.ts';

/** /api/admin/audit: the audit log, read-only. Nothing in the API edits or deletes an entry. */
export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('admin'));

  const listSchema = {
    tags: ['audit'],
    summary: 'The audit log, newest first; filter by actor id and by action or area (`lead`)',
    security: BEARER,
    querystring: AuditListQuerySchema,
    response: { 200: AuditListSchema, ...errorResponses(400, 401, 403) },
  };
  app.get('/', { schema: listSchema }, async (request) => listAudit(app.db, request.query));
}
