// What staff do to leads: list and export them, open one, change its status or owner, add a note, send its
// notification again, download its file and erase it. The admin routes (routes/admin) only declare these;
// each function does one action with its timeline events and audit entries in the same transaction.
import { randomUUID } from 'node:crypto';
import {
  HANDLED_STATUS,
  isLeadStatus,
  LEAD_FIELDS,
  LEAD_KINDS_WITH_FILE,
  LEAD_PAGE_SIZE,
  type LeadChange,
  type LeadDetailSchema,
  type LeadEvent,
  type LeadItem,
  type LeadKind,
  type LeadListSchema,
  type LeadListQuerySchema,
  labelOf,
  MESSAGES,
  NEW_STATUS,
  type Person,
  PIPELINE_MESSAGES,
  SPAM_STATUS,
} from '@agency/contract';
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, schema, sql } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../lib/http-error.ts';
import { recordAudit, recordLeadView } from './audit.ts';
import { type CsvValue, toCsv } from './csv.ts';
import { deliveriesOf, type NewEvent, recordEvents, timelineOf } from './lead-events.ts';
import { arrivalRows, type IntakeConfig, type LeadFacts, queueRows } from './lead-intake.ts';
import { notificationMail } from './leads-mail.ts';
import {
  attachmentDisposition,
  LEAD_TABLES,
  leadDownloadName,
  likePattern,
  SEARCH_COLUMNS,
  toLeadItem,
} from './leads.ts';

export type LeadListFilters = z.output<typeof LeadListQuerySchema>;

const JOB_ONLY_APPLICATIONS = 'Only job applications can be filtered by job opening';

const notFound = () => new HttpError(404, MESSAGES.http.notFound);

export const badField = (field: string, message: string) => new HttpError(400, message, { [field]: message });

/** A row as the inbox shows it; the response schema checks the shape on the way out. */
export const itemOf = (row: Record<string, unknown>, ownerName?: string | null) =>
  toLeadItem(row, ownerName) as LeadItem;

/**
 * The tables differ only in their form columns; the queries here touch the shared ones
 * (id, created_at, status, owner, file_*), so one table type stands for all three.
 */
export type AnyLeadTable = typeof schema.quotes;
export const tableOf = (kind: LeadKind) => LEAD_TABLES[kind] as unknown as AnyLeadTable;

export const hasFile = (kind: LeadKind) => (LEAD_KINDS_WITH_FILE as readonly LeadKind[]).includes(kind);

/** The signed-in staff member (the routes' preHandler guarantees one). */
export const actorOf = (request: FastifyRequest) => {
  if (!request.user) throw new HttpError(401, MESSAGES.http.unauthorized);
  return request.user;
};

/** What a lead's mails and webhooks need, read back from its row. */
export function factsOf(kind: LeadKind, row: Record<string, unknown>): LeadFacts {
  const fields: Record<string, unknown> = {};
  for (const field of LEAD_FIELDS[kind]) fields[field] = row[field];
  const fileName = row.fileName as string | null | undefined;
  return {
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
  request: FastifyRequest,
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

/** One lead with its owner's name, or 404. */
export async function findLead(app: FastifyInstance, kind: LeadKind, id: string) {
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
  app: FastifyInstance,
  request: FastifyRequest,
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
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(LEAD_PAGE_SIZE)
    .offset((page - 1) * LEAD_PAGE_SIZE);
  return {
    items: rows.map((row) => itemOf(row.lead, row.ownerName)),
    total: Number(totals?.total ?? 0),
    page,
    pageSize: LEAD_PAGE_SIZE,
  };
}

/** The leads of a kind as CSV, with the list's filters; each exported lead gets an `exported` event. */
export async function exportLeads(
  app: FastifyInstance,
  request: FastifyRequest,
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
  if (rows.length > 0) {
    const actorId = actorOf(request).id;
    await recordEvents(
      app.db,
      rows.map(({ lead }) => ({ kind, leadId: lead.id, type: 'exported' as const, actorId })),
    );
  }
  await recordAudit(app.db, request, { action: 'lead.exported', data: { kind, rows: rows.length } });
  const date = new Date().toISOString().slice(0, 10);
  return { csv, fileName: `${kind}-${date}.csv` };
}

/** One lead with its timeline and notifications; the view is audited. */
export async function showLead(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: LeadKind,
  id: string,
): Promise<z.output<typeof LeadDetailSchema>> {
  const found = await findLead(app, kind, id);
  const [timeline, notifications] = await Promise.all([timelineOf(app.db, kind, id), deliveriesOf(app.db, kind, id)]);
  await recordLeadView(app.db, request, kind, id);
  return { ...itemOf(found.lead, found.ownerName), timeline, notifications } as z.output<typeof LeadDetailSchema>;
}

/**
 * `{ status?, ownerId?, handled? }`. `handled: true` moves a new lead to the pipeline's second step,
 * `false` back to new; `status` wins when both are sent. A lead leaving spam gets what a new lead gets
 * (agency notification, webhooks), except the visitor's confirmation.
 */
export async function changeLead(
  app: FastifyInstance,
  request: FastifyRequest,
  delivery: IntakeConfig,
  kind: LeadKind,
  id: string,
  change: LeadChange,
): Promise<LeadItem> {
  if (change.status === undefined && change.ownerId === undefined && change.handled === undefined) {
    throw badField('status', PIPELINE_MESSAGES.nothingToChange);
  }
  if (change.status !== undefined && !isLeadStatus(kind, change.status)) {
    throw badField('status', PIPELINE_MESSAGES.unknownStatus(kind));
  }
  let newOwner: Person | null | undefined;
  if (change.ownerId === null) newOwner = null;
  else if (change.ownerId !== undefined) {
    const [owner] = await app.db
      .select({ id: schema.users.id, name: schema.users.name, role: schema.users.role })
      .from(schema.users)
      .where(eq(schema.users.id, change.ownerId.toLowerCase()));
    if (owner?.role !== 'admin') throw badField('ownerId', PIPELINE_MESSAGES.ownerNotAdmin);
    newOwner = { id: owner.id, name: owner.name };
  }
  const actorId = actorOf(request).id;
  const table = tableOf(kind);

  const queued = await app.db.transaction(async (tx) => {
    // Locked so two admins changing one lead at once each see the other's change in `from`.
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!row) throw notFound();
    let status = row.status;
    if (change.status !== undefined) status = change.status;
    else if (change.handled === true && row.status === NEW_STATUS) status = HANDLED_STATUS[kind];
    else if (change.handled === false) status = NEW_STATUS;

    const events: NewEvent[] = [];
    const set: Partial<typeof table.$inferInsert> = {};
    if (status !== row.status) {
      set.status = status;
      events.push({ kind, leadId: id, type: 'status_changed', actorId, data: { from: row.status, to: status } });
    }
    if (newOwner !== undefined && (newOwner?.id ?? null) !== row.ownerId) {
      let from: Person | null = null;
      if (row.ownerId) {
        const [previous] = await tx
          .select({ id: schema.users.id, name: schema.users.name })
          .from(schema.users)
          .where(eq(schema.users.id, row.ownerId));
        from = previous ?? null;
      }
      set.ownerId = newOwner?.id ?? null;
      events.push({ kind, leadId: id, type: 'owner_changed', actorId, data: { from, to: newOwner } });
    }
    if (events.length === 0) return 0;
    await tx
      .update(table)
      .set({ ...set, lastActivityAt: sql`now()` })
      .where(eq(table.id, id));
    await recordEvents(tx, events);
    for (const event of events) {
      const data = event.data as { from: unknown; to: unknown };
      const personId = (person: unknown) => (person as Person | null)?.id ?? null;
      await recordAudit(
        tx,
        request,
        event.type === 'status_changed'
          ? { action: 'lead.status_changed', target: { type: kind, id }, data }
          : {
              action: 'lead.owner_changed',
              target: { type: kind, id },
              data: { from: personId(data.from), to: personId(data.to) },
            },
      );
    }
    if (row.status === SPAM_STATUS && status !== SPAM_STATUS) {
      const facts = factsOf(kind, { ...row, status } as unknown as Record<string, unknown>);
      const rows = arrivalRows(facts, delivery, { confirmation: false });
      await queueRows(tx, rows, actorId);
      return rows.length;
    }
    return 0;
  });
  if (queued > 0) app.outbox.kick();
  const found = await findLead(app, kind, id);
  return itemOf(found.lead, found.ownerName);
}

/** A note on the lead's timeline; the audit log keeps only that there was one (it may hold personal data). */
export async function addNote(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: LeadKind,
  id: string,
  text: string,
): Promise<LeadEvent> {
  const actor = actorOf(request);
  const table = tableOf(kind);
  const at = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ lastActivityAt: sql`now()` })
      .where(eq(table.id, id))
      .returning({ at: table.lastActivityAt });
    if (!row) throw notFound();
    await recordEvents(tx, [{ kind, leadId: id, type: 'note_added', actorId: actor.id, data: { text } }]);
    await recordAudit(tx, request, { action: 'lead.note_added', target: { type: kind, id } });
    return row.at;
  });
  return { type: 'note_added', at: at.toISOString(), actor: { id: actor.id, name: actor.name }, data: { text } };
}

/** Queues the agency's notification again → how many mails were queued; 409 without an inbox to send it to. */
export async function resendNotification(
  app: FastifyInstance,
  request: FastifyRequest,
  delivery: IntakeConfig,
  kind: LeadKind,
  id: string,
): Promise<number> {
  const actorId = actorOf(request).id;
  const table = tableOf(kind);
  const queued = await app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(table).where(eq(table.id, id));
    if (!row) throw notFound();
    const mail = notificationMail(factsOf(kind, row as unknown as Record<string, unknown>), delivery);
    if (!mail) throw new HttpError(409, PIPELINE_MESSAGES.noInbox);
    await queueRows(tx, [{ id: randomUUID(), ...mail }], actorId);
    await recordAudit(tx, request, { action: 'lead.notification_resent', target: { type: kind, id } });
    await tx
      .update(table)
      .set({ lastActivityAt: sql`now()` })
      .where(eq(table.id, id));
    return 1;
  });
  app.outbox.kick();
  return queued;
}

/** Erasure on request: the lead, its file, its timeline and its mails (sent or waiting) are all removed. */
export async function eraseLead(app: FastifyInstance, request: FastifyRequest, kind: LeadKind, id: string) {
  const table = tableOf(kind);
  const deleted = await app.db.transaction(async (tx) => {
    const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
    if (row) {
      await tx.delete(schema.outbox).where(and(eq(schema.outbox.leadKind, kind), eq(schema.outbox.leadId, id)));
      await tx
        .delete(schema.leadEvents)
        .where(and(eq(schema.leadEvents.leadKind, kind), eq(schema.leadEvents.leadId, id)));
    }
    return row;
  });
  if (!deleted) throw notFound();
  await recordAudit(app.db, request, { action: 'lead.deleted', target: { type: kind, id } });
  const fileKey = hasFile(kind) ? deleted.fileKey : null;
  if (fileKey) {
    await app.storage.delete(fileKey).catch((error: unknown) => {
      request.log.error({ err: error, fileKey }, 'file of a deleted lead could not be removed');
    });
  }
}

/** The file of a quote or application with the headers of its download; the download is on the timeline. */
export async function openLeadFile(app: FastifyInstance, request: FastifyRequest, kind: LeadKind, id: string) {
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
