import {
  LEAD_FIELDS,
  LEAD_KINDS_WITH_FILE,
  LEAD_PAGE_SIZE,
  LeadHandledSchema,
  type LeadItem,
  LeadItemSchema,
  LeadKindParamsSchema,
  LeadListQuerySchema,
  LeadListSchema,
  LeadParamsSchema,
  type LeadKind,
  labelOf,
  MESSAGES,
} from '@agency/contract';
import { and, count, desc, eq, ilike, or, schema } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, fileResponse, NO_CONTENT } from '../../lib/schema.ts';
import { type CsvValue, toCsv } from '../../services/csv.ts';
import { attachmentDisposition, LEAD_TABLES, likePattern, SEARCH_COLUMNS, toLeadItem } from '../../services/leads.ts';

/** A row as the inbox shows it; the response schema checks the shape on the way out. */
const itemOf = (row: Record<string, unknown>) => toLeadItem(row) as LeadItem;

const notFound = () => new HttpError(404, MESSAGES.http.notFound);
const tags = ['admin'];

/**
 * The tables differ only in their form columns; the queries here touch the shared ones
 * (id, created_at, handled, spam, file_*), so one table type stands for all three.
 */
type AnyLeadTable = typeof schema.quotes;
const tableOf = (kind: LeadKind) => LEAD_TABLES[kind] as unknown as AnyLeadTable;

const hasFile = (kind: LeadKind) => (LEAD_KINDS_WITH_FILE as readonly LeadKind[]).includes(kind);

/** /api/admin/{quotes|contacts|applications}: the admins' leads inbox. */
export default async function adminLeadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // onRequest, so a stranger is answered 401 before anything about the request is looked at.
  app.addHook('onRequest', app.requireRole('admin'));
  app.addHook('onSend', async (_request, reply) => {
    // Personal data: never kept by a shared cache or the browser's back/forward cache.
    void reply.header('cache-control', 'private, no-store');
  });

  const listSchema = {
    tags,
    summary: 'One page of leads of a kind, newest first, optionally searched and filtered',
    security: BEARER,
    params: LeadKindParamsSchema,
    querystring: LeadListQuerySchema,
    response: { 200: LeadListSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.get('/:kind', { schema: listSchema }, async (request) => {
    const { kind } = request.params;
    const query = request.query;
    const table = tableOf(kind);
    const conditions: SQL[] = [];
    if (query.q) {
      const pattern = likePattern(query.q);
      const search = or(...SEARCH_COLUMNS[kind].map((column) => ilike(column, pattern)));
      if (search) conditions.push(search);
    }
    if (query.handled) conditions.push(eq(table.handled, query.handled === 'true'));
    const where = conditions.length > 0 ? and(...conditions) : undefined;

    const [totals] = await app.db.select({ total: count() }).from(table).where(where);
    const rows = await app.db
      .select()
      .from(table)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(LEAD_PAGE_SIZE)
      .offset((query.page - 1) * LEAD_PAGE_SIZE);
    return {
      items: rows.map(itemOf),
      total: Number(totals?.total ?? 0),
      page: query.page,
      pageSize: LEAD_PAGE_SIZE,
    };
  });

  const exportSchema = {
    tags,
    summary: 'Every lead of a kind as CSV',
    security: BEARER,
    params: LeadKindParamsSchema,
    response: { 200: fileResponse('text/csv', 'CSV, one row per lead'), ...errorResponses(401, 403, 404) },
  };
  app.get('/:kind/export.csv', { schema: exportSchema }, async (request, reply) => {
    const { kind } = request.params;
    const table = tableOf(kind);
    const rows = (await app.db
      .select()
      .from(table)
      .orderBy(desc(table.createdAt), desc(table.id))) as unknown as Record<string, unknown>[];
    const fields: readonly string[] = LEAD_FIELDS[kind];
    const fileColumns = hasFile(kind) ? ['fileName', 'fileSize', 'fileType'] : [];
    const columns = ['id', 'createdAt', 'handled', 'spam', ...fields, ...fileColumns];
    const header = [
      'ID',
      'Received',
      'Handled',
      'Spam',
      ...fields.map(labelOf),
      ...(hasFile(kind) ? ['File name', 'File size (bytes)', 'File type'] : []),
    ];
    const csv = toCsv(
      header,
      rows.map((row) => columns.map((column) => row[column] as CsvValue)),
    );
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${kind}-${date}.csv"`)
      .send(csv);
  });

  const showSchema = {
    tags,
    summary: 'One lead',
    security: BEARER,
    params: LeadParamsSchema,
    response: { 200: LeadItemSchema, ...errorResponses(401, 403, 404) },
  };
  app.get('/:kind/:id', { schema: showSchema }, async (request) => {
    const { kind, id } = request.params;
    const table = tableOf(kind);
    const [row] = await app.db.select().from(table).where(eq(table.id, id));
    if (!row) throw notFound();
    return itemOf(row);
  });

  const patchSchema = {
    tags,
    summary: 'Mark a lead handled or not',
    security: BEARER,
    params: LeadParamsSchema,
    body: LeadHandledSchema,
    response: { 200: LeadItemSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.patch('/:kind/:id', { schema: patchSchema }, async (request) => {
    const { kind, id } = request.params;
    const { handled } = request.body;
    const table = tableOf(kind);
    const [row] = await app.db.update(table).set({ handled }).where(eq(table.id, id)).returning();
    if (!row) throw notFound();
    return itemOf(row);
  });

  /** Erasure on request: the lead, its file and its mails (sent or waiting) are all removed. */
  const deleteSchema = {
    tags,
    summary: 'Erase a lead with its file and its mails',
    security: BEARER,
    params: LeadParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
  };
  app.delete('/:kind/:id', { schema: deleteSchema }, async (request, reply) => {
    const { kind, id } = request.params;
    const table = tableOf(kind);
    const deleted = await app.db.transaction(async (tx) => {
      const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
      if (row)
        await tx.delete(schema.outbox).where(and(eq(schema.outbox.leadKind, kind), eq(schema.outbox.leadId, id)));
      return row;
    });
    if (!deleted) throw notFound();
    const fileKey = hasFile(kind) ? deleted.fileKey : null;
    if (fileKey) {
      await app.storage.delete(fileKey).catch((error: unknown) => {
        request.log.error({ err: error, fileKey }, 'file of a deleted lead could not be removed');
      });
    }
    return reply.status(204).send();
  });

  const fileSchema = {
    tags,
    summary: 'Download the file of a quote or job application',
    security: BEARER,
    params: LeadParamsSchema,
    response: {
      200: fileResponse('application/octet-stream', 'The file as sent, with its stored content type'),
      ...errorResponses(401, 403, 404),
    },
  };
  app.get('/:kind/:id/file', { schema: fileSchema }, async (request, reply) => {
    const { kind, id } = request.params;
    if (!hasFile(kind)) throw notFound();
    const table = tableOf(kind);
    const [row] = await app.db
      .select({ fileKey: table.fileKey, fileName: table.fileName, fileType: table.fileType })
      .from(table)
      .where(eq(table.id, id));
    if (!row?.fileKey) throw notFound();
    const stored = await app.storage.get(row.fileKey);
    if (!stored) throw notFound();
    return reply
      .header('content-type', row.fileType || 'application/octet-stream')
      .header('content-length', String(stored.size))
      .header('content-disposition', attachmentDisposition(row.fileName || 'file'))
      .header('x-content-type-options', 'nosniff')
      .send(stored.stream);
  });
}
