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
  LEAD_DESK_MESSAGES,
  LEAD_OWNER_ROLES,
  type LeadUpdate,
  type LeadBulkSchema,
  type LeadDetailSchema,
  type LeadEvent,
  type LeadItem,
  type LeadKind,
  type LeadListSchema,
  type LeadListQuerySchema,
  labelOf,
  LEAD_SORT_DIRECTIONS,
  MESSAGES,
  NEW_STATUS,
  type Person,
  PIPELINE_MESSAGES,
  type Role,
  ROLE_ACCESS,
  SPAM_STATUS,
} from '@agency/contract';
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, schema, sql } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { Conflict, Forbidden, Invalid, NotFound, Unauthenticated } from '../lib/domain-errors.ts';
import type { Log } from '../lib/logger.ts';
import { leadAssignedMail, leadsAssignedMail, queueAccountMails } from './account-mail.ts';
import { recordAudit, recordLeadView, type Requester } from './audit.ts';
import { type CsvValue, toCsv } from './csv.ts';
import { deleteAnswersOf } from './lead-attachments.ts';
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
  type LeadApp,
} from './leads.ts';

export type LeadListFilters = z.output<typeof LeadListQuerySchema>;
type LeadBulkOutput = z.output<typeof LeadBulkSchema>;

const JOB_ONLY_APPLICATIONS = 'Only job applications can be filtered by job opening';

const notFound = () => new NotFound(MESSAGES.http.notFound);

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

/** The leads of a kind as CSV, with the list's filters; each exported lead gets an `exported` event. */
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

/**
 * `{ status?, ownerId?, handled? }`. `handled: true` moves a new lead to the pipeline's second step,
 * `false` back to new; `status` wins when both are sent. A lead leaving spam gets what a new lead gets
 * (agency notification, webhooks), except the visitor's confirmation.
 */
export async function changeLead(
  app: LeadApp,
  request: Requester,
  delivery: IntakeConfig,
  kind: LeadKind,
  id: string,
  change: LeadUpdate,
): Promise<LeadItem> {
  const keys = ['status', 'ownerId', 'handled', 'followUpAt', 'followUpNote', 'dealValue'] as const;
  if (keys.every((key) => change[key] === undefined)) {
    throw badField('status', PIPELINE_MESSAGES.nothingToChange);
  }
  if (change.dealValue !== undefined && kind !== 'quotes') {
    throw badField('dealValue', LEAD_DESK_MESSAGES.dealValueQuotesOnly);
  }
  if (change.status !== undefined && !isLeadStatus(kind, change.status)) {
    throw badField('status', PIPELINE_MESSAGES.unknownStatus(kind));
  }
  let newOwner: Person | null | undefined;
  let ownerEmail = '';
  if (change.ownerId === null) newOwner = null;
  else if (change.ownerId !== undefined) {
    const [owner] = await app.db
      .select({ id: schema.users.id, name: schema.users.name, role: schema.users.role, email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, change.ownerId.toLowerCase()));
    if (!owner || !mayOwnLeads(owner.role)) throw badField('ownerId', PIPELINE_MESSAGES.ownerNotAdmin);
    newOwner = { id: owner.id, name: owner.name };
    ownerEmail = owner.email;
  }
  const actorId = actorOf(request).id;
  const table = tableOf(kind);

  let mailed = false;
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
    // A follow-up cannot hide on a lead nobody owns (issue 32 point 4): whoever sets it takes the lead.
    if (change.followUpAt && !row.ownerId && newOwner === undefined) {
      const actor = actorOf(request);
      newOwner = { id: actor.id, name: actor.name };
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
      // The new owner is told, unless they took the lead themselves.
      if (newOwner && newOwner.id !== actorId) {
        const sender = String((row as Record<string, unknown>).fullName ?? (row as Record<string, unknown>).name ?? '');
        await queueAccountMails(tx, [
          leadAssignedMail(delivery.siteUrl, { ...newOwner, email: ownerEmail }, actorOf(request).name, {
            kind,
            id,
            from: sender || 'a visitor',
          }),
        ]);
        mailed = true;
      }
    }
    const audits: Parameters<typeof recordAudit>[2][] = [];
    if (change.followUpAt !== undefined || change.followUpNote !== undefined) {
      const before = { at: row.followUpAt?.toISOString() ?? null, note: row.followUpNote ?? null };
      const at =
        change.followUpAt === undefined ? before.at : change.followUpAt && new Date(change.followUpAt).toISOString();
      // A note without a date means nothing: clearing the date clears the note.
      const note = at === null ? null : change.followUpNote === undefined ? before.note : change.followUpNote || null;
      if (at !== before.at || note !== before.note) {
        set.followUpAt = at === null ? null : new Date(at);
        set.followUpNote = note;
        const target = { type: kind, id };
        if (at === null) {
          events.push({ kind, leadId: id, type: 'follow_up_cleared', actorId, data: before });
          audits.push({ action: 'lead.follow_up_cleared', target });
        } else {
          events.push({ kind, leadId: id, type: 'follow_up_set', actorId, data: { at, note } });
          audits.push({ action: 'lead.follow_up_set', target, data: { at } });
        }
      }
    }
    if (change.dealValue !== undefined && kind === 'quotes') {
      const before = row.dealValue === null || row.dealValue === undefined ? null : Number(row.dealValue);
      if (change.dealValue !== before) {
        set.dealValue = change.dealValue;
        const data = { from: before, to: change.dealValue, currency: row.currency ?? null };
        events.push({ kind, leadId: id, type: 'deal_value_changed', actorId, data });
        audits.push({ action: 'lead.deal_value_changed', target: { type: kind, id }, data });
      }
    }
    if (events.length === 0) return 0;
    await tx
      .update(table)
      .set({ ...set, lastActivityAt: sql`now()` })
      .where(eq(table.id, id));
    await recordEvents(tx, events);
    for (const audit of audits) await recordAudit(tx, request, audit);
    for (const event of events) {
      if (event.type !== 'status_changed' && event.type !== 'owner_changed') continue;
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
      // Only what never went out for this lead: a lead marked spam after its notification was sent (and
      // moved back) does not notify the agency twice.
      const sent = await tx
        .select({ purpose: schema.outbox.purpose })
        .from(schema.outbox)
        .where(and(eq(schema.outbox.leadKind, kind), eq(schema.outbox.leadId, id)));
      const already = new Set(sent.map((done) => done.purpose));
      const facts = factsOf(kind, { ...row, status } as unknown as Record<string, unknown>);
      const rows = arrivalRows(facts, delivery, { confirmation: false, releasedBy: actorOf(request).name }).filter(
        (out) => !already.has(out.purpose),
      );
      await queueRows(tx, rows, actorId);
      return rows.length;
    }
    return 0;
  });
  if (queued > 0 || mailed) app.outbox.kick();
  const found = await findLead(app, kind, id);
  return itemOf(found.lead, found.ownerName);
}

/** A note on the lead's timeline; the audit log keeps only that there was one (it may hold personal data). */
export async function addNote(
  app: LeadApp,
  request: Requester,
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
  app: LeadApp,
  request: Requester,
  delivery: IntakeConfig,
  kind: LeadKind,
  id: string,
): Promise<number> {
  const actorId = actorOf(request).id;
  const table = tableOf(kind);
  const queued = await app.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ row: table, ownerName: schema.users.name })
      .from(table)
      .leftJoin(schema.users, eq(schema.users.id, table.ownerId))
      .where(eq(table.id, id));
    if (!found) throw notFound();
    const { row } = found;
    // A resend says so, with the lead's status and owner as they are now.
    const owner = row.ownerId ? { id: row.ownerId, name: found.ownerName ?? '' } : null;
    const facts = factsOf(kind, row as unknown as Record<string, unknown>);
    const mail = notificationMail({ ...facts, resend: { status: row.status, owner } }, delivery);
    if (!mail) throw new Conflict(PIPELINE_MESSAGES.noInbox);
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
export async function eraseLead(app: LeadApp, request: Requester & { log: Log }, kind: LeadKind, id: string) {
  const table = tableOf(kind);
  const deleted = await app.db.transaction(async (tx) => {
    const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
    if (!row) return null;
    await tx.delete(schema.outbox).where(and(eq(schema.outbox.leadKind, kind), eq(schema.outbox.leadId, id)));
    await tx
      .delete(schema.leadEvents)
      .where(and(eq(schema.leadEvents.leadKind, kind), eq(schema.leadEvents.leadId, id)));
    return { row, answerFiles: await deleteAnswersOf(tx, kind, [id]) };
  });
  if (!deleted) throw notFound();
  await recordAudit(app.db, request, { action: 'lead.deleted', target: { type: kind, id } });
  const fileKeys = [hasFile(kind) ? deleted.row.fileKey : null, ...deleted.answerFiles];
  for (const fileKey of fileKeys) {
    if (!fileKey) continue;
    await app.storage.delete(fileKey).catch((error: unknown) => {
      request.log.error({ err: error, fileKey }, 'file of a deleted lead could not be removed');
    });
  }
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

/**
 * POST /api/admin/{kind}/bulk: one action on up to BULK_MAX_IDS leads in ONE transaction: an id that is not a
 * lead of this kind, a bad value or an owner who is not staff refuses the whole request (nothing half-applied).
 * Each changed lead gets its timeline event and audit entry (`bulk: true`); → how many leads changed.
 */
export async function bulkChange(
  app: LeadApp,
  request: Requester & { log: Log },
  delivery: IntakeConfig,
  kind: LeadKind,
  input: LeadBulkOutput,
): Promise<number> {
  const { action } = input;
  const ids = [...new Set(input.ids)];
  const actorId = actorOf(request).id;
  // Erasing leads is a privacy tool, as DELETE /api/admin/{kind}/{id} is: admins only.
  if (action === 'delete' && !(ROLE_ACCESS.admin as readonly Role[]).includes(actorOf(request).role)) {
    throw new Forbidden(MESSAGES.http.forbidden);
  }
  let target: string | undefined;
  let newOwner: Person | null = null;
  let ownerEmail = '';
  if (action === 'status') {
    if (!input.value) throw badField('value', LEAD_DESK_MESSAGES.bulkValueRequired);
    if (!isLeadStatus(kind, input.value)) throw badField('value', PIPELINE_MESSAGES.unknownStatus(kind));
    target = input.value;
  } else if (action === 'spam') target = SPAM_STATUS;
  else if (action === 'not_spam') target = NEW_STATUS;
  else if (action === 'owner' && input.value) {
    const [owner] = /^[0-9a-f-]{36}$/i.test(input.value)
      ? await app.db
          .select({ id: schema.users.id, name: schema.users.name, role: schema.users.role, email: schema.users.email })
          .from(schema.users)
          .where(eq(schema.users.id, input.value.toLowerCase()))
      : [];
    if (!owner || !mayOwnLeads(owner.role)) throw badField('value', PIPELINE_MESSAGES.ownerNotAdmin);
    newOwner = { id: owner.id, name: owner.name };
    ownerEmail = owner.email;
  }
  const table = tableOf(kind);
  const result = await app.db.transaction(async (tx) => {
    const rows = await tx.select().from(table).where(inArray(table.id, ids)).for('update');
    if (rows.length !== ids.length) throw badField('ids', LEAD_DESK_MESSAGES.bulkIdsOtherKind);
    if (action === 'delete') {
      await tx.delete(table).where(inArray(table.id, ids));
      await tx.delete(schema.outbox).where(and(eq(schema.outbox.leadKind, kind), inArray(schema.outbox.leadId, ids)));
      await tx
        .delete(schema.leadEvents)
        .where(and(eq(schema.leadEvents.leadKind, kind), inArray(schema.leadEvents.leadId, ids)));
      for (const row of rows) {
        await recordAudit(tx, request, {
          action: 'lead.deleted',
          target: { type: kind, id: row.id },
          data: { bulk: true },
        });
      }
      const answerFiles = await deleteAnswersOf(tx, kind, ids);
      const fileKeys = [...(hasFile(kind) ? rows.map((row) => row.fileKey) : []), ...answerFiles];
      return { updated: rows.length, queued: 0, fileKeys };
    }
    let updated = 0;
    let queued = 0;
    const owners = new Map<string, Person>();
    /** The leads the new owner was given, for their one mail. */
    const assigned: { id: string; from: string }[] = [];
    if (action === 'owner') {
      const previous = [...new Set(rows.map((row) => row.ownerId).filter((owner) => owner !== null))];
      if (previous.length > 0) {
        const people = await tx
          .select({ id: schema.users.id, name: schema.users.name })
          .from(schema.users)
          .where(inArray(schema.users.id, previous));
        for (const person of people) owners.set(person.id, person);
      }
    }
    for (const row of rows) {
      const id = row.id;
      const subject = { type: kind, id } as const;
      if (action === 'owner') {
        if ((newOwner?.id ?? null) === row.ownerId) continue;
        const from = row.ownerId ? (owners.get(row.ownerId) ?? null) : null;
        await tx
          .update(table)
          .set({ ownerId: newOwner?.id ?? null, lastActivityAt: sql`now()` })
          .where(eq(table.id, id));
        await recordEvents(tx, [
          { kind, leadId: id, type: 'owner_changed', actorId, data: { from, to: newOwner, bulk: true } },
        ]);
        await recordAudit(tx, request, {
          action: 'lead.owner_changed',
          target: subject,
          data: { from: from?.id ?? null, to: newOwner?.id ?? null, bulk: true },
        });
        const sender = String((row as Record<string, unknown>).fullName ?? (row as Record<string, unknown>).name ?? '');
        assigned.push({ id, from: sender || 'a visitor' });
        updated++;
        continue;
      }
      // not_spam moves only leads that are in spam; the others are left as they are.
      if (action === 'not_spam' && row.status !== SPAM_STATUS) continue;
      if (target === undefined || row.status === target) continue;
      await tx
        .update(table)
        .set({ status: target, lastActivityAt: sql`now()` })
        .where(eq(table.id, id));
      const data = { from: row.status, to: target, bulk: true };
      await recordEvents(tx, [{ kind, leadId: id, type: 'status_changed', actorId, data }]);
      await recordAudit(tx, request, { action: 'lead.status_changed', target: subject, data });
      if (row.status === SPAM_STATUS) {
        const sent = await tx
          .select({ purpose: schema.outbox.purpose })
          .from(schema.outbox)
          .where(and(eq(schema.outbox.leadKind, kind), eq(schema.outbox.leadId, id)));
        const already = new Set(sent.map((done) => done.purpose));
        const facts = factsOf(kind, { ...row, status: target } as unknown as Record<string, unknown>);
        const out = arrivalRows(facts, delivery, { confirmation: false, releasedBy: actorOf(request).name }).filter(
          (r) => !already.has(r.purpose),
        );
        await queueRows(tx, out, actorId);
        queued += out.length;
      }
      updated++;
    }
    // The new owner is told once, of all the leads, unless they took them themselves (as a single assignment).
    if (newOwner && newOwner.id !== actorId && assigned.length > 0) {
      const owner = { ...newOwner, email: ownerEmail };
      await queueAccountMails(tx, [leadsAssignedMail(delivery.siteUrl, owner, actorOf(request).name, kind, assigned)]);
      queued++;
    }
    return { updated, queued, fileKeys: [] as (string | null)[] };
  });
  if (result.queued > 0) app.outbox.kick();
  for (const fileKey of result.fileKeys) {
    if (!fileKey) continue;
    await app.storage.delete(fileKey).catch((error: unknown) => {
      request.log.error({ err: error, fileKey }, 'file of a deleted lead could not be removed');
    });
  }
  return result.updated;
}
