// What staff read of leads, and the helpers every lead service shares: list and export them, open one, download
// its file. Changing one lead: lead-changes.ts; many at once: lead-bulk.ts. The admin routes (routes/admin) only
// declare these; each function does one action with its timeline events and audit entries in the same transaction.

import {
  isLeadStatus,
  LEAD_FIELDS,
  LEAD_KINDS_WITH_FILE,
  LEAD_PAGE_SIZE,
  LEAD_OWNER_ROLES,
  type LeadDetailSchema,
  type LeadItem,
  type LeadKind,
  type LeadListSchema,
  type LeadListQuerySchema,
  labelOf,
  LEAD_SORT_DIRECTIONS,
  MESSAGES,
  NEW_STATUS,
  PIPELINE_MESSAGES,
  SPAM_STATUS,
} from '@agency/contract';
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, schema, sql } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { Invalid, NotFound, Unauthenticated } from '../lib/domain-errors.ts';

import { recordAudit, recordLeadView, type Requester } from './audit.ts';
import { type CsvValue, toCsv } from './csv.ts';

import { deliveriesOf, recordEvents, timelineOf } from './lead-events.ts';
import { type LeadFacts } from './lead-intake.ts';

import {
  attachmentDisposition,
  LEAD_TABLES,
  leadDownloadName,
  likePattern,
  SEARCH_COLUMNS,
  toLeadItem,
  type LeadApp,
} from './leads.ts';

export type LeadListFilters = z.output<typeof LeadListQuerySchema>;

const JOB_ONLY_APPLICATIONS = 'Only job applications can be filtered by job opening';

export const notFound = () => new NotFound(MESSAGES.http.notFound);

export const badField = (field: string, message: string) => new Invalid(message, { [field]: message });

/** A row as the inbox shows it; the response schema checks the shape on the way out. */
export const itemOf = (row: Record<string, unknown>, ownerName?: string | null) =>
  toLeadItem(row, ownerName) as LeadItem;

/**
 * The tables differ only in their form columns; the queries here touch the shared ones
 * (id, created_at, status, owner, file_*), so one table type stands for all three.
 */
export type AnyLeadTable = typeof schema.quotes;
export const tableOf = (kind: LeadKind) => LEAD_TABLES[kind] as unknown as AnyLeadTable;

/** Whether an account of `role` may own leads (be assigned them). */
export const mayOwnLeads = (role: string | undefined) => (LEAD_OWNER_ROLES as readonly string[]).includes(role ?? '');

export const hasFile = (kind: LeadKind) => (LEAD_KINDS_WITH_FILE as readonly LeadKind[]).includes(kind);

/** The signed-in staff member (the routes' preHandler guarantees one). */
export const actorOf = (request: Requester) => {
  if (!request.user) throw new Unauthenticated(MESSAGES.http.unauthorized);
  return request.user;
};

/** What a lead's mails and webhooks need, read back from its row. */
export function factsOf(kind: LeadKind, row: Record<string, unknown>): LeadFacts {
  const fields: Record<string, unknown> = {};
  for (const field of LEAD_FIELDS[kind]) fields[field] = row[field];
  const fileName = row.fileName as string | null | undefined;
  const text = (key: string) => (typeof row[key] === 'string' ? (row[key] as string) : null);
  return {
    source: {
      sourcePath: text('sourcePath'),
      referrer: text('referrer'),
      utmSource: text('utmSource'),
      utmMedium: text('utmMedium'),
      utmCampaign: text('utmCampaign'),
    },
    kind,
    id: String(row.id),
    createdAt: row.createdAt as Date,
    status: String(row.status),
    fields,
    file: fileName
      ? { name: fileName, size: Number(row.fileSize ?? 0), type: String(row.fileType ?? 'application/octet-stream') }
      : null,
  };
}

/** WHERE of the list and the export: q, status (default: all but spam), owner, handled, job. */
export function listConditions(
  kind: LeadKind,
  query: LeadListFilters,
  request: Requester,
  table: AnyLeadTable = tableOf(kind),
): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const search = or(...SEARCH_COLUMNS[kind].map((column) => ilike(column, pattern)));
    if (search) conditions.push(search);
  }
  const statuses = query.status
    .split(',')
    .map((status) => status.trim())
    .filter(Boolean);
  const unknown = statuses.find((status) => !isLeadStatus(kind, status));
  if (unknown !== undefined) throw badField('status', PIPELINE_MESSAGES.unknownStatus(kind));
  conditions.push(statuses.length > 0 ? inArray(table.status, statuses) : ne(table.status, SPAM_STATUS));
  if (query.handled) {
    conditions.push(query.handled === 'true' ? ne(table.status, NEW_STATUS) : eq(table.status, NEW_STATUS));
  }
  if (query.owner === 'none') conditions.push(isNull(table.ownerId));
  else if (query.owner === 'me') conditions.push(eq(table.ownerId, actorOf(request).id));
  else if (query.owner) conditions.push(eq(table.ownerId, query.owner.toLowerCase()));
  if (query.job) {
    if (kind !== 'applications') throw badField('job', JOB_ONLY_APPLICATIONS);
    conditions.push(eq(schema.applications.jobId, query.job));
  }
  return and(...conditions);
}

/** The direction of a list's sort, as SQL: the one asked for, else the sort's own. */
export const sortDirection = (query: Pick<LeadListFilters, 'sort' | 'dir'>) =>
  sql.raw((query.dir || LEAD_SORT_DIRECTIONS[query.sort]) === 'asc' ? 'asc' : 'desc');

/** ORDER BY of one kind's list: the chosen column (leads without it last), then newest first. */
function listOrder(kind: LeadKind, query: LeadListFilters, table: AnyLeadTable): SQL[] {
  const dir = sortDirection(query);
  const column: Record<LeadListFilters['sort'], SQL | null> = {
    received: null,
    subject: kind === 'contacts' ? sql`lower(${schema.contacts.subject})` : null,
    service: kind === 'quotes' ? sql`lower(${schema.quotes.services})` : null,
    dealValue: kind === 'quotes' ? sql`${schema.quotes.dealValue}` : null,
    owner: sql`lower(${schema.users.name})`,
    followUp: sql`${table.followUpAt}`,
  };
  const chosen = column[query.sort];
  const newest = [sql`${table.createdAt} ${query.sort === 'received' ? dir : sql.raw('desc')}`, desc(table.id)];
  return chosen ? [sql`${chosen} ${dir} nulls last`, ...newest] : newest;
}

/** One lead with its owner's name, or 404. */
export async function findLead(app: LeadApp, kind: LeadKind, id: string) {
  const table = tableOf(kind);
  const [found] = await app.db
    .select({ lead: table, ownerName: schema.users.name })
    .from(table)
    .leftJoin(schema.users, eq(schema.users.id, table.ownerId))
    .where(eq(table.id, id));
  if (!found) throw notFound();
  return found;
}

/** One page of leads of a kind, newest first. */
export async function listLeads(
  app: LeadApp,
  request: Requester,
  kind: LeadKind,
  query: LeadListFilters,
): Promise<z.output<typeof LeadListSchema>> {
  const { page } = query;
  const where = listConditions(kind, query, request);
  const table = tableOf(kind);
  const [totals] = await app.db.select({ total: count() }).from(table).where(where);
  const rows = await app.db
    .select({ lead: table, ownerName: schema.users.name })
    .from(table)
    .leftJoin(schema.users, eq(schema.users.id, table.ownerId))
    .where(where)
    .orderBy(...listOrder(kind, query, table))
    .limit(LEAD_PAGE_SIZE)
    .offset((page - 1) * LEAD_PAGE_SIZE);
  return {
    items: rows.map((row) => itemOf(row.lead, row.ownerName)),
    total: Number(totals?.total ?? 0),
    page,
    pageSize: LEAD_PAGE_SIZE,
  };
}

/**
 * The leads of a kind as CSV, with the list's filters; each exported lead gets an `exported` event, in one
 * transaction with the audit entry `lead.exported`.
 */
export async function exportLeads(
  app: LeadApp,
  request: Requester,
  kind: LeadKind,
  query: LeadListFilters,
): Promise<{ csv: string; fileName: string }> {
  const where = listConditions(kind, query, request);
  const table = tableOf(kind);
  const rows = await app.db
    .select({ lead: table, ownerName: schema.users.name })
    .from(table)
    .leftJoin(schema.users, eq(schema.users.id, table.ownerId))
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id));
  const fields: readonly string[] = LEAD_FIELDS[kind];
  const fileColumns = hasFile(kind) ? ['fileName', 'fileSize', 'fileType'] : [];
  const sourceColumns = ['sourcePath', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign'];
  const header = [
    'ID',
    'Received',
    'Status',
    'Owner',
    'Last activity',
    ...fields.map(labelOf),
    ...(hasFile(kind) ? ['File name', 'File size (bytes)', 'File type'] : []),
    'Source page',
    'Referrer',
    'UTM source',
    'UTM medium',
    'UTM campaign',
  ];
  const csv = toCsv(
    header,
    rows.map(({ lead, ownerName }) => {
      const row = lead as unknown as Record<string, unknown>;
      return [
        lead.id,
        lead.createdAt,
        lead.status,
        ownerName ?? '',
        lead.lastActivityAt,
        ...[...fields, ...fileColumns, ...sourceColumns].map((column) => row[column] as CsvValue),
      ];
    }),
  );
  await app.db.transaction(async (tx) => {
    if (rows.length > 0) {
      const actorId = actorOf(request).id;
      await recordEvents(
        tx,
        rows.map(({ lead }) => ({ kind, leadId: lead.id, type: 'exported' as const, actorId })),
      );
    }
    await recordAudit(tx, request, { action: 'lead.exported', data: { kind, rows: rows.length } });
  });
  const date = new Date().toISOString().slice(0, 10);
  return { csv, fileName: `${kind}-${date}.csv` };
}

/** One lead with its timeline and notifications; the view is audited. */
export async function showLead(
  app: LeadApp,
  request: Requester,
  kind: LeadKind,
  id: string,
): Promise<z.output<typeof LeadDetailSchema>> {
  const found = await findLead(app, kind, id);
  const [timeline, notifications] = await Promise.all([timelineOf(app.db, kind, id), deliveriesOf(app.db, kind, id)]);
  await recordLeadView(app.db, request, kind, id);
  // Opened: the answers that came back are read (the inbox stops showing the lead as unread).
  if (found.lead.unreadReplyAt) {
    const table = tableOf(kind);
    await app.db.update(table).set({ unreadReplyAt: null }).where(eq(table.id, id));
  }
  return { ...itemOf(found.lead, found.ownerName), timeline, notifications } as z.output<typeof LeadDetailSchema>;
}

/** The file of a quote or application with the headers of its download; the download is on the timeline. */
export async function openLeadFile(app: LeadApp, request: Requester, kind: LeadKind, id: string) {
  if (!hasFile(kind)) throw notFound();
  const table = tableOf(kind);
  const [row] = await app.db
    .select({ fileKey: table.fileKey, fileName: table.fileName, fileType: table.fileType })
    .from(table)
    .where(eq(table.id, id));
  if (!row?.fileKey) throw notFound();
  const stored = await app.storage.get(row.fileKey);
  if (!stored) throw notFound();
  await recordEvents(app.db, [
    { kind, leadId: id, type: 'file_downloaded', actorId: actorOf(request).id, data: { fileName: row.fileName } },
  ]);
  await recordAudit(app.db, request, { action: 'lead.file_downloaded', target: { type: kind, id } });
  return {
    stream: stored.stream,
    headers: {
      'content-type': row.fileType || 'application/octet-stream',
      'content-length': String(stored.size),
      'content-disposition': attachmentDisposition(leadDownloadName(kind, row.fileName, row.fileType)),
      'x-content-type-options': 'nosniff',
    },
  };
}
