import {
  LEAD_FIELDS,
  LEAD_KINDS_WITH_FILE,
  LEAD_PAGE_SIZE,
  LeadHandledSchema,
  LeadListQuerySchema,
  type LeadKind,
  labelOf,
  MESSAGES,
} from '@agency/contract';
import { and, count, desc, eq, ilike, or, schema } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { type CsvValue, toCsv } from '../../services/csv.ts';
import {
  attachmentDisposition,
  isLeadKind,
  isUuid,
  LEAD_TABLES,
  likePattern,
  SEARCH_COLUMNS,
  toLeadItem,
} from '../../services/leads.ts';

const JOB_ONLY_APPLICATIONS = 'Only job applications can be filtered by job opening';

const notFound = () => new HttpError(404, MESSAGES.http.notFound);

interface KindParams {
  kind: string;
}
interface LeadParams extends KindParams {
  id: string;
}

/**
 * The tables differ only in their form columns; the queries here touch the shared ones
 * (id, created_at, handled, spam, file_*), so one table type stands for all three.
 */
type AnyLeadTable = typeof schema.quotes;
const tableOf = (kind: LeadKind) => LEAD_TABLES[kind] as unknown as AnyLeadTable;

function kindOf(params: KindParams): LeadKind {
  if (!isLeadKind(params.kind)) throw notFound();
  return params.kind;
}

function leadOf(params: LeadParams): { kind: LeadKind; id: string } {
  const kind = kindOf(params);
  // A malformed id can match no row; asking PostgreSQL would only produce a cast error.
  if (!isUuid(params.id)) throw notFound();
  return { kind, id: params.id.toLowerCase() };
}

const hasFile = (kind: LeadKind) => (LEAD_KINDS_WITH_FILE as readonly LeadKind[]).includes(kind);

/** /api/admin/{quotes|contacts|applications}: the admins' leads inbox. */
export default async function adminLeadRoutes(app: FastifyInstance) {
  app.addHook('preHandler', app.requireRole('admin'));
  app.addHook('onSend', async (_request, reply) => {
    // Personal data: never kept by a shared cache or the browser's back/forward cache.
    void reply.header('cache-control', 'private, no-store');
  });

  app.get<{ Params: KindParams }>('/:kind', async (request) => {
    const kind = kindOf(request.params);
    const query = parseOr400(LeadListQuerySchema, request.query);
    const table = tableOf(kind);
    const conditions: SQL[] = [];
    if (query.q) {
      const pattern = likePattern(query.q);
      const search = or(...SEARCH_COLUMNS[kind].map((column) => ilike(column, pattern)));
      if (search) conditions.push(search);
    }
    if (query.handled) conditions.push(eq(table.handled, query.handled === 'true'));
    if (query.job) {
      if (kind !== 'applications') throw new HttpError(400, MESSAGES.http.badRequest, { job: JOB_ONLY_APPLICATIONS });
      conditions.push(eq(schema.applications.jobId, query.job));
    }
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
      items: rows.map((row) => toLeadItem(row)),
      total: Number(totals?.total ?? 0),
      page: query.page,
      pageSize: LEAD_PAGE_SIZE,
    };
  });

  app.get<{ Params: KindParams }>('/:kind/export.csv', async (request, reply) => {
    const kind = kindOf(request.params);
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

  app.get<{ Params: LeadParams }>('/:kind/:id', async (request) => {
    const { kind, id } = leadOf(request.params);
    const table = tableOf(kind);
    const [row] = await app.db.select().from(table).where(eq(table.id, id));
    if (!row) throw notFound();
    return toLeadItem(row);
  });

  app.patch<{ Params: LeadParams }>('/:kind/:id', async (request) => {
    const { kind, id } = leadOf(request.params);
    const { handled } = parseOr400(LeadHandledSchema, request.body);
    const table = tableOf(kind);
    const [row] = await app.db.update(table).set({ handled }).where(eq(table.id, id)).returning();
    if (!row) throw notFound();
    return toLeadItem(row);
  });

  /** Erasure on request: the lead, its file and its mails (sent or waiting) are all removed. */
  app.delete<{ Params: LeadParams }>('/:kind/:id', async (request, reply) => {
    const { kind, id } = leadOf(request.params);
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

  app.get<{ Params: LeadParams }>('/:kind/:id/file', async (request, reply) => {
    const { kind, id } = leadOf(request.params);
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
