import { schema } from '@agency/db';
import { desc } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, errorResponses } from '../../../lib/schema.ts';
import { recordAudit } from '../../../services/audit.ts';
import { toCsv } from '../../../services/csv.ts';

const HEADER = ['Recorded', 'Consent ID', 'Choice', 'Analytics', 'Marketing', 'Banner version', 'GPC', 'User agent'];

/** /api/admin/consents: the consent log, for the agency to prove what a visitor chose. */
export default async function consentAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('admin'));

  const exportSchema = {
    tags: ['consent'],
    summary: 'Every recorded cookie choice as CSV, newest first',
    security: BEARER,
    response: { 200: z.string().describe('text/csv'), ...errorResponses(401, 403) },
  };
  app.get('/export.csv', { schema: exportSchema }, async (request, reply) => {
    const table = schema.consents;
    const rows = await app.db.select().from(table).orderBy(desc(table.createdAt), desc(table.id));
    const csv = toCsv(
      HEADER,
      rows.map((row) => [
        row.createdAt,
        row.consentId,
        row.choice,
        row.analytics,
        row.marketing,
        row.bannerVersion,
        row.gpc,
        row.userAgent,
      ]),
    );
    await recordAudit(app.db, request, {
      action: 'consent.exported',
      target: { type: 'consents', id: 'all' },
      data: { rows: rows.length },
    });
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="consents-${date}.csv"`)
      .send(csv);
  });
}
