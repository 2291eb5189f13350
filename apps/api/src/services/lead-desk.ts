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
  LEAD_PAGE_SIZE,
  leadStatuses,
  type LeadKind,
  NEW_STATUS,
  PIPELINE_MESSAGES,
  type PersonViewSchema,
  type Reply,
  SPAM_STATUS,
} from '@agency/contract';
import { type Db, sql } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { actorOf, badField, listConditions, tableOf } from './lead-admin.ts';

/** Per kind: the columns that hold the sender's name, phone and what the lead is about. */
const COLUMNS: Record<LeadKind, { name: string; phone: string; topic: string }> = {
  quotes: { name: 'full_name', phone: 'phone', topic: 'services' },
  contacts: { name: 'name', phone: 'phone', topic: 'subject' },
  applications: { name: 'name', phone: 'contact', topic: 'position' },
};

/** One kind's rows in the shape every view reads (`from <kind>`, so conditions may name its columns). */
function leadsOf(kind: LeadKind, where: SQL | undefined): SQL {
  const c = COLUMNS[kind];
  return sql`select ${kind}::text as kind, id, created_at, status, owner_id, last_activity_at, source_path, referrer,
    utm_source, utm_medium, utm_campaign, follow_up_at, follow_up_note, unread_reply_at, ${sql.identifier(c.name)} as name, email,
    ${sql.identifier(c.phone)} as phone, ${sql.identifier(c.topic)} as topic
    from ${tableOf(kind)} ${where ? sql`where ${where}` : sql``}`;
}

const union = (parts: SQL[]) => sql.join(parts, sql` union all `);

interface LeadRow {
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
  unread_reply_at: Date | string | null;
  name: string;
  email: string;
  phone: string;
  topic: string;
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
    unread: row.unread_reply_at !== null,
    followUpAt: isoOrNull(row.follow_up_at),
    followUpNote: row.follow_up_note,
    name: row.name,
    email: row.email,
    phone: row.phone,
    topic: row.topic,
  };
}

/** The rows of `leads` (a union of leadsOf) with their owner's name, in `order`, paged. */
const withOwners = (leads: SQL, tail: SQL) =>
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

/**
 * GET /api/admin/leads: every kind (or `kind`) in one list, newest first, with the per-kind list's filters.
 * A status is refused only when no kind in the list has it; each kind is filtered by the statuses it has.
 */
export async function inbox(
  db: Db,
  request: FastifyRequest,
  query: z.output<typeof InboxQuerySchema>,
): Promise<z.output<typeof InboxSchema>> {
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
  const { page } = query;
  const items =
    parts.length === 0
      ? []
      : await rowsOf<LeadRow & { total: number | string }>(
          db,
          withOwners(
            sql`select *, count(*) over () as total from (${union(parts)}) a`,
            sql`order by l.created_at desc, l.id desc limit ${LEAD_PAGE_SIZE} offset ${(page - 1) * LEAD_PAGE_SIZE}`,
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
  };
}

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
  request: FastifyRequest,
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
  };
}
