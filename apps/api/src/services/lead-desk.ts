// The views over every kind of lead at once: the one inbox (GET /api/admin/leads), a person's page
// (GET /api/admin/people) and the follow-ups due (GET /api/admin/follow-ups). Plain SQL over the three tables
// that PGlite and PostgreSQL run alike.
import {
  type FollowUpListSchema,
  type InboxItem,
  type InboxQuerySchema,
  type InboxSchema,
  isLeadStatus,
  LEAD_KINDS,
  LEAD_OWNER_ROLES,
  LEAD_PAGE_SIZE,
  leadStatuses,
  type LeadKind,
  NEW_STATUS,
  PIPELINE_MESSAGES,
  type PersonViewSchema,
  type Reply,
  type HeldAsSpam,
  SPAM_FOLDER_PATH,
  SPAM_STATUS,
} from '@agency/contract';
import { asc, type Db, inArray, schema, sql, timestamptz } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Requester } from './audit.ts';
import { actorOf, badField, type LeadListFilters, listConditions, sortDirection, tableOf } from './lead-admin.ts';

/** Per kind: the columns that hold the sender's name, phone and what the lead is about. */
const COLUMNS: Record<LeadKind, { name: string; phone: string; topic: string }> = {
  quotes: { name: 'full_name', phone: 'phone', topic: 'services' },
  contacts: { name: 'name', phone: 'phone', topic: 'subject' },
  applications: { name: 'name', phone: 'contact', topic: 'position' },
};

/** Per kind: the subject, service, deal value and currency columns (null where the kind has none). */
const EXTRA: Record<LeadKind, SQL> = {
  quotes: sql`null::text as subject, services as service, deal_value::float8 as deal_value, currency`,
  contacts: sql`subject, null::text as service, null::float8 as deal_value, null::text as currency`,
  applications: sql`null::text as subject, null::text as service, null::float8 as deal_value, null::text as currency`,
};

/** One kind's rows in the shape every view reads (`from <kind>`, so conditions may name its columns). */
function leadsOf(kind: LeadKind, where: SQL | undefined): SQL {
  const c = COLUMNS[kind];
  return sql`select ${kind}::text as kind, id, created_at, status, owner_id, last_activity_at, source_path, referrer,
    utm_source, utm_medium, utm_campaign, follow_up_at, follow_up_note, sent_without_javascript, unread_reply_at,
    ${sql.identifier(c.name)} as name, email, ${sql.identifier(c.phone)} as phone, ${sql.identifier(c.topic)} as topic,
    ${EXTRA[kind]}
    from ${tableOf(kind)} ${where ? sql`where ${where}` : sql``}`;
}

/** ORDER BY of the inbox (over `l`, the leads, and `u`, their owners): the chosen column, then newest first. */
export function inboxOrder(query: Pick<LeadListFilters, 'sort' | 'dir'>): SQL {
  const dir = sortDirection(query);
  const column: Record<LeadListFilters['sort'], SQL | null> = {
    received: null,
    subject: sql`lower(l.subject)`,
    service: sql`lower(l.service)`,
    dealValue: sql`l.deal_value`,
    owner: sql`lower(u.name)`,
    followUp: sql`l.follow_up_at`,
  };
  const chosen = column[query.sort];
  const newest = sql`l.created_at ${query.sort === 'received' ? dir : sql.raw('desc')}, l.id desc`;
  return chosen ? sql`order by ${chosen} ${dir} nulls last, ${newest}` : sql`order by ${newest}`;
}

export const union = (parts: SQL[]) => sql.join(parts, sql` union all `);

export interface LeadRow {
  kind: LeadKind;
  id: string;
  created_at: Date | string;
  status: string;
  owner_id: string | null;
  owner_name: string | null;
  last_activity_at: Date | string;
  source_path: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  follow_up_at: Date | string | null;
  follow_up_note: string | null;
  sent_without_javascript: boolean;
  unread_reply_at: Date | string | null;
  name: string;
  email: string;
  phone: string;
  topic: string;
  subject: string | null;
  service: string | null;
  deal_value: number | string | null;
  currency: string | null;
}

export const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function toInboxItem(row: LeadRow): InboxItem {
  return {
    kind: row.kind,
    id: row.id,
    createdAt: iso(row.created_at),
    status: row.status,
    handled: row.status !== NEW_STATUS,
    spam: row.status === SPAM_STATUS,
    owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? '' } : null,
    lastActivityAt: iso(row.last_activity_at),
    sourcePath: row.source_path,
    referrer: row.referrer,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    sentWithoutJavaScript: Boolean(row.sent_without_javascript),
    unread: row.unread_reply_at !== null,
    followUpAt: isoOrNull(row.follow_up_at),
    followUpNote: row.follow_up_note,
    name: row.name,
    email: row.email,
    phone: row.phone,
    topic: row.topic,
    subject: row.subject,
    service: row.service,
    dealValue: row.deal_value === null ? null : Number(row.deal_value),
    currency: row.currency,
  };
}

/** The rows of `leads` (a union of leadsOf) with their owner's name, in `order`, paged. */
export const withOwners = (leads: SQL, tail: SQL) =>
  sql`select l.*, u.name as owner_name from (${leads}) l left join users u on u.id = l.owner_id ${tail}`;

/** Leads of status `new` nobody owns, per kind. */
export async function newUnassigned(db: Db): Promise<Record<LeadKind, number> & { total: number }> {
  const counts = await rowsOf<{ kind: LeadKind; n: number | string }>(
    db,
    union(
      LEAD_KINDS.map(
        (kind) =>
          sql`select ${kind}::text as kind, count(*) as n from ${tableOf(kind)} where status = ${NEW_STATUS} and owner_id is null`,
      ),
    ),
  );
  const result = { total: 0, quotes: 0, contacts: 0, applications: 0 };
  for (const row of counts) {
    result[row.kind] = Number(row.n);
    result.total += Number(row.n);
  }
  return result;
}

/** When the last digest went out before `now` (null before the first): what was held as spam since then is news. */
export async function lastDigestAt(db: Db, now = new Date()): Promise<Date | null> {
  const [row] = await rowsOf<{ at: Date | string | null }>(
    db,
    sql`select max(ran_at) as at from daily_runs where job = 'digest' and ran_at < ${timestamptz(now)}`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** Leads held as possible spam (received and still in spam) since the last digest before `now`, or ever before the first. */
export async function heldAsSpam(db: Db, now = new Date()): Promise<HeldAsSpam> {
  const since = await lastDigestAt(db, now);
  const after = since ? sql`and created_at >= ${timestamptz(since)}` : sql``;
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from (${union(
      LEAD_KINDS.map((kind) => sql`select id from ${tableOf(kind)} where status = ${SPAM_STATUS} ${after}`),
    )}) s`,
  );
  return { count: Number(row?.n ?? 0), since: since?.toISOString() ?? null, path: SPAM_FOLDER_PATH };
}

/** Follow-ups due by the end of today in `timeZone` (or overdue), spam left out: `ownerId`'s, or not theirs. */
async function followUpsDue(db: Db, ownerId: string, timeZone: string, mine: boolean): Promise<number> {
  const whose = mine ? sql`owner_id = ${ownerId}::uuid` : sql`owner_id is distinct from ${ownerId}::uuid`;
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from (${union(
      LEAD_KINDS.map(
        (kind) => sql`select id from ${tableOf(kind)} where follow_up_at is not null
          and follow_up_at < ${endOfToday(timeZone)} and status <> ${SPAM_STATUS} and ${whose}`,
      ),
    )}) f`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The inbox's leads as one union per kind, with the list's filters: every kind (or `kind`; `job` means
 * applications). A status is refused only when no kind in the list has it; each kind is filtered by the
 * statuses it has. The CSV of every kind (lead-export.ts) reads the same.
 */
export function inboxParts(request: Requester, query: z.output<typeof InboxQuerySchema>): SQL[] {
  let kinds: readonly LeadKind[] = query.kind ? [query.kind] : LEAD_KINDS;
  // Applications are the only leads of a job opening.
  if (query.job && !query.kind) kinds = ['applications'];
  const statuses = query.status
    .split(',')
    .map((status) => status.trim())
    .filter(Boolean);
  const unknown = statuses.find((status) => !kinds.some((kind) => isLeadStatus(kind, status)));
  if (unknown !== undefined) {
    const message = query.kind
      ? PIPELINE_MESSAGES.unknownStatus(query.kind)
      : `Status must be one of: ${[...new Set(LEAD_KINDS.flatMap((kind) => leadStatuses(kind)))].join(', ')}`;
    throw badField('status', message);
  }
  const parts: SQL[] = [];
  for (const kind of kinds) {
    const own = statuses.filter((status) => isLeadStatus(kind, status));
    if (statuses.length > 0 && own.length === 0) continue;
    parts.push(leadsOf(kind, listConditions(kind, { ...query, status: own.join(',') }, request)));
  }
  return parts;
}

/**
 * GET /api/admin/leads: every kind (or `kind`) in one list, newest first, with the per-kind list's filters.
 * A status is refused only when no kind in the list has it; each kind is filtered by the statuses it has.
 */
export async function inbox(
  db: Db,
  request: Requester,
  query: z.output<typeof InboxQuerySchema>,
  timeZone: string,
): Promise<z.output<typeof InboxSchema>> {
  const parts = inboxParts(request, query);
  const { page } = query;
  const items =
    parts.length === 0
      ? []
      : await rowsOf<LeadRow & { total: number | string }>(
          db,
          withOwners(
            sql`select *, count(*) over () as total from (${union(parts)}) a`,
            sql`${inboxOrder(query)} limit ${LEAD_PAGE_SIZE} offset ${(page - 1) * LEAD_PAGE_SIZE}`,
          ),
        );
  let total = Number(items[0]?.total ?? 0);
  if (items.length === 0 && page > 1 && parts.length > 0) {
    const [counted] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from (${union(parts)}) a`);
    total = Number(counted?.n ?? 0);
  }
  return {
    items: items.map(toInboxItem),
    total,
    page,
    pageSize: LEAD_PAGE_SIZE,
    newUnassigned: await newUnassigned(db),
    myFollowUpsDue: await followUpsDue(db, actorOf(request).id, timeZone, true),
    heldAsSpam: await heldAsSpam(db),
  };
}

/** GET /api/admin/owners: the accounts that may own a lead, by name. */
export const leadOwners = (db: Db) =>
  db
    .select({ id: schema.users.id, name: schema.users.name })
    .from(schema.users)
    .where(inArray(schema.users.role, [...LEAD_OWNER_ROLES]))
    .orderBy(asc(schema.users.name), asc(schema.users.id));

const sameEmail = (email: string) => sql`lower(email) = lower(${email.trim()})`;

interface ReplyRow {
  kind: LeadKind;
  lead_id: string;
  at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  data: Record<string, unknown> | string;
  sent_at: Date | string | null;
  last_error: string | null;
}

const dataOf = (value: Record<string, unknown> | string) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

/** GET /api/admin/people?email=: what this address sent (spam included), the notes and the replies. */
export async function personView(db: Db, email: string): Promise<z.output<typeof PersonViewSchema>> {
  const leads = await rowsOf<LeadRow>(
    db,
    withOwners(
      union(LEAD_KINDS.map((kind) => leadsOf(kind, sameEmail(email)))),
      sql`order by l.created_at desc, l.id desc`,
    ),
  );
  if (leads.length === 0) return { email: email.trim(), leads: [], notes: [], replies: [] };
  const ids = sql.join(
    leads.map((lead) => sql`(${lead.kind}::text, ${lead.id}::uuid)`),
    sql`, `,
  );
  const events = await rowsOf<ReplyRow & { type: string }>(
    db,
    sql`select e.lead_kind as kind, e.lead_id, e.type, e.created_at as at, u.id as actor_id, u.name as actor_name,
        e.data, o.sent_at, o.last_error
      from lead_events e
      left join users u on u.id = e.actor_id
      left join outbox o on e.type = 'reply_queued' and o.id::text = e.data->>'outboxId'
      where (e.lead_kind, e.lead_id) in (${ids}) and e.type in ('note_added', 'reply_queued')
      order by e.created_at desc, e.seq desc`,
  );
  const author = (row: ReplyRow) => (row.actor_id ? { id: row.actor_id, name: row.actor_name ?? '' } : null);
  const notes = events
    .filter((row) => row.type === 'note_added')
    .map((row) => ({
      kind: row.kind,
      leadId: row.lead_id,
      at: iso(row.at),
      author: author(row),
      text: String(dataOf(row.data).text ?? ''),
    }));
  const replies: Reply[] = events
    .filter((row) => row.type === 'reply_queued')
    .map((row) => {
      const data = dataOf(row.data);
      return {
        kind: row.kind,
        leadId: row.lead_id,
        outboxId: String(data.outboxId ?? ''),
        at: iso(row.at),
        author: author(row),
        to: String(data.to ?? ''),
        subject: String(data.subject ?? ''),
        text: String(data.text ?? ''),
        state: row.sent_at ? 'sent' : row.last_error ? 'failed' : 'queued',
      };
    });
  return { email: email.trim(), leads: leads.map(toInboxItem), notes, replies };
}

/** SQL of the end of today in `timeZone` (midnight tonight there), as a timestamptz. */
export const endOfToday = (timeZone: string) =>
  sql`((date_trunc('day', now() at time zone ${timeZone}) + interval '1 day') at time zone ${timeZone})`;

/**
 * GET /api/admin/follow-ups: follow-ups due by the end of today in TIME_ZONE (overdue ones first), of
 * `owner` (`me`, `all` or an account id); spam is left out.
 */
export async function followUps(
  db: Db,
  request: Requester,
  owner: string,
  timeZone: string,
): Promise<z.output<typeof FollowUpListSchema>> {
  const ownerId = owner === 'me' ? actorOf(request).id : owner === 'all' ? null : owner.toLowerCase();
  const where = sql`follow_up_at is not null and follow_up_at < ${endOfToday(timeZone)} and status <> ${SPAM_STATUS}
    ${ownerId ? sql`and owner_id = ${ownerId}::uuid` : sql``}`;
  const rows = await rowsOf<LeadRow & { overdue: boolean }>(
    db,
    withOwners(
      union(LEAD_KINDS.map((kind) => leadsOf(kind, where))),
      sql`order by l.follow_up_at asc, l.id asc limit 500`,
    ),
  );
  const now = Date.now();
  return {
    items: rows.map((row) => {
      const item = toInboxItem(row);
      const at = item.followUpAt ?? iso(new Date(now));
      return { ...item, followUpAt: at, overdue: new Date(at).getTime() < now };
    }),
    othersDue: ownerId ? await followUpsDue(db, ownerId, timeZone, false) : 0,
  };
}
