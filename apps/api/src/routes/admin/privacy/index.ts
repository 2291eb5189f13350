import { ErasureResultSchema, PrivacyEmailSchema, RetentionPreviewSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, errorResponses } from '../../../lib/schema.ts';
import { eraseByEmail, exportByEmail, previewRetention } from '../../../services/privacy.ts';

const tags = ['privacy'];

/** /api/admin/privacy: erasure and access requests by email address, and the retention preview. */
export default async function privacyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('admin'));

  const retentionSchema = {
    tags,
    summary: 'What the next retention run would delete, and the periods it applies',
    security: BEARER,
    response: { 200: RetentionPreviewSchema, ...errorResponses(401, 403) },
  };
  app.get('/retention', { schema: retentionSchema }, async () =>
    previewRetention(app.db, new Date(), app.retention.periods),
  );

  const eraseSchema = {
    tags,
    summary: 'Erase every lead of an address (all kinds, any case) with its files and mails',
    security: BEARER,
    body: PrivacyEmailSchema,
    response: { 200: ErasureResultSchema, ...errorResponses(400, 401, 403) },
  };
  app.post('/erase', { schema: eraseSchema }, async (request) =>
    eraseByEmail(app.db, app.storage, request.body.email, request, request.log),
  );

  const exportSchema = {
    tags,
    summary: 'Everything stored about an address: a ZIP of records.json and the files it sent',
    security: BEARER,
    querystring: PrivacyEmailSchema,
    response: { 200: z.any().describe('application/zip'), ...errorResponses(400, 401, 403) },
  };
  app.get('/export', { schema: exportSchema }, async (request, reply) => {
    const { zip } = await exportByEmail(app.db, app.storage, request.query.email, request);
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="personal-data-${date}.zip"`)
      .send(zip);
  });
}
