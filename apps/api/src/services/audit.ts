// The audit log: who did what to which record, when and from where. Append-only: nothing here (or
// anywhere in the API) updates or deletes an entry, except the retention job removing entries past
// AUDIT_RETENTION_DAYS (pruneAudit).
import { createHash } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  AUDIT_SYSTEM_ACTOR,
  AUDIT_VIEW_WINDOW_MINUTES,
  type AuditAction,
  type AuditEntry,
  type AuditList,
  type AuditListQuery,
  type AuditTargetType,
  type LeadKind,
  LEAD_KINDS,
  leadAdminPath,
  type Role,
} from '@agency/contract';
import { and, count, type Db, desc, eq, gt, inArray, like, lt, schema, sql } from '@agency/db';

export interface AuditInput {
  action: AuditAction;
  /** What the action was about; ids of leads use their kind (`quotes`, …) as the type. */
  target?: { type: AuditTargetType; id: string };
  /**
   * A few facts worth keeping (`{ from: 'editor', to: 'admin' }`). Never a visitor's personal data in
   * clear: hash an address with hashEmail(). Kept small: above MAX_DATA_CHARS only a marker is stored.
   */
  data?: Record<string, unknown>;
  /**
   * Who acted, when the request has no signed-in user (a sign-in, a failed one): the account if known,
   * else `{ id: null, name: '…' }`. Defaults to request.user.
   */
  actor?: { id: string | null; name: string };
  /** When it happened, if not now: only the retention job, whose clock tests move forward. */
  at?: Date;
}

/** A signed-in account as services know it. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** Who and where (a route passes its request, which has both); null for what the site does by itself. */
export type AuditContext = { ip: string; user: SignedInUser | null } | null;

/** A request's caller as services see it (a route passes its request): address and account. */
export type Requester = NonNullable<AuditContext>;

const MAX_DATA_CHARS = 2000;

/**
 * Appends one entry to the audit log. Call it in a route once the action has succeeded:
 *
 * ```ts
 * import { recordAudit } from '../../services/audit.ts';
 *
 * await recordAudit(app.db, request, {
 *   action: 'lead.status_changed',            // a name from AUDIT_ACTIONS (packages/contract/src/audit.ts)
 *   target: { type: 'quotes', id },
 *   data: { from: 'new', to: 'contacted' },
 * });
 * ```
 *
 * The actor is `request.user` (set by `app.requireRole()`) and the address `request.ip`. Inside a
 * transaction pass `tx` instead of `app.db`, so the entry commits or rolls back with the change. Pass
 * `null` as the request for the system (the retention job). A failure to write throws: an action that
 * cannot be recorded should not look done.
 */
export async function recordAudit(db: Pick<Db, 'insert'>, request: AuditContext, input: AuditInput): Promise<void> {
  const actor = input.actor ??
    (request?.user ? { id: request.user.id, name: request.user.name } : null) ?? {
      id: null,
      name: AUDIT_SYSTEM_ACTOR,
    };
  let data = input.data ?? {};
  if (JSON.stringify(data).length > MAX_DATA_CHARS) data = { truncated: true };
  await db.insert(schema.auditLog).values({
    // The time of this statement, not of its transaction: two entries of one request keep their order.
    at: sql`clock_timestamp()`,
    actorId: actor.id,
    actorName: actor.name,
    action: input.action,
    targetType: input.target?.type ?? null,
    targetId: input.target?.id ?? null,
    ip: request?.ip ?? null,
    data,
    ...(input.at ? { at: input.at } : {}),
  });
}

/**
 * Records that a staff member opened a lead (personal data), once per person and lead within
 * AUDIT_VIEW_WINDOW_MINUTES: the lead's page reads it again after every change made on it.
 */
export async function recordLeadView(db: Db, request: NonNullable<AuditContext>, kind: LeadKind, id: string) {
  const log = schema.auditLog;
  const [recent] = await db
    .select({ id: log.id })
    .from(log)
    .where(
      and(
        eq(log.actorId, request.user!.id),
        eq(log.action, 'lead.viewed'),
        eq(log.targetId, id),
        gt(log.at, sql`now() - make_interval(mins => ${AUDIT_VIEW_WINDOW_MINUTES})`),
      ),
    )
    .limit(1);
  if (!recent) await recordAudit(db, request, { action: 'lead.viewed', target: { type: kind, id } });
}

/**
 * An address as the audit log keeps it: SHA-256 of the trimmed, lower-cased address. Not reversible, yet
 * the agency can still answer "did we erase x@example.com?" by hashing it again.
 */
export function hashEmail(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Actor of what someone not signed in tried: a failed sign-in. */
export const ANONYMOUS_ACTOR = { id: null, name: 'Not signed in' } as const;

/**
 * The entry of a sign-in attempt. A success is the account's own action; a failure is recorded against
 * the account it tried (or, for an address without an account, its hash) by someone not signed in.
 */
export function signInAudit(
  action: 'auth.login_succeeded' | 'auth.login_failed',
  email: string,
  user: { id: string; name: string } | undefined,
): AuditInput {
  const target = user ? { type: 'user' as const, id: user.id } : { type: 'email' as const, id: hashEmail(email) };
  const actor = action === 'auth.login_succeeded' && user ? { id: user.id, name: user.name } : ANONYMOUS_ACTOR;
  return { action, target, actor };
}

/**
 * A blog write, plus `blog.published` / `blog.scheduled` / `blog.unpublished` when it changed the status (a
 * new post that is published or scheduled at once counts as such).
 */
export async function recordBlogAudit(
  db: Pick<Db, 'insert'>,
  request: AuditContext,
  action: 'blog.created' | 'blog.updated',
  blog: { _id: string; title: string; status: string },
  previousStatus?: string,
): Promise<void> {
  const target = { type: 'blog' as const, id: blog._id };
  await recordAudit(db, request, { action, target, data: { title: blog.title, status: blog.status } });
  const before = action === 'blog.created' ? 'draft' : previousStatus;
  if (before === undefined || before === blog.status) return;
  const changed =
    blog.status === 'published'
      ? 'blog.published'
      : blog.status === 'scheduled'
        ? 'blog.scheduled'
        : 'blog.unpublished';
  await recordAudit(db, request, { action: changed, target, data: { title: blog.title } });
}

/** A job opening write, plus `job.opened` / `job.closed` when it changed whether applicants see it. */
export async function recordJobAudit(
  db: Pick<Db, 'insert'>,
  request: AuditContext,
  action: 'job.created' | 'job.updated',
  job: { id: string; title: string; open: boolean },
  wasOpen?: boolean,
): Promise<void> {
  const target = { type: 'job' as const, id: job.id };
  await recordAudit(db, request, { action, target, data: { title: job.title, open: job.open } });
  if (wasOpen === undefined || wasOpen === job.open) return;
  await recordAudit(db, request, {
    action: job.open ? 'job.opened' : 'job.closed',
    target,
    data: { title: job.title },
  });
}

type AuditRow = typeof schema.auditLog.$inferSelect;

const LEAD_NOUNS: Record<LeadKind, string> = {
  quotes: 'Quote request',
  contacts: 'Contact message',
  applications: 'Job application',
};
type Named = { label: string | null; path: string | null };

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{ id → name }` of a query's rows (uuid ids only). */
async function namesOf(ids: string[], lookup: (ids: string[]) => Promise<{ id: string; name: string }[]>) {
  const valid = [...new Set(ids.filter((id) => UUID_TEXT.test(id)))];
  const found = valid.length > 0 ? await lookup(valid) : [];
  return new Map(found.map((row) => [row.id, row.name]));
}

/**
 * The labels and admin paths of a page's targets, as they are now (a renamed post shows its new title); a target
 * that is gone keeps the name its entry recorded (`data.name`, `data.title`), without a link.
 */
async function targetNames(db: Db, rows: AuditRow[]): Promise<Map<string, Named>> {
  const idsOf = (type: string) => rows.filter((row) => row.targetType === type).map((row) => row.targetId ?? '');
  const [users, blogs, jobs, invites, ...leads] = await Promise.all([
    namesOf(idsOf('user'), (ids) =>
      db
        .select({ id: schema.users.id, name: schema.users.name })
        .from(schema.users)
        .where(inArray(schema.users.id, ids)),
    ),
    namesOf(idsOf('blog'), (ids) =>
      db
        .select({ id: schema.blogs.id, name: schema.blogs.title })
        .from(schema.blogs)
        .where(inArray(schema.blogs.id, ids)),
    ),
    namesOf(idsOf('job'), (ids) =>
      db.select({ id: schema.jobs.id, name: schema.jobs.title }).from(schema.jobs).where(inArray(schema.jobs.id, ids)),
    ),
    namesOf(idsOf('invite'), (ids) =>
      db
        .select({ id: schema.userInvites.id, name: schema.userInvites.email })
        .from(schema.userInvites)
        .where(inArray(schema.userInvites.id, ids)),
    ),
    // A lead is named by its kind and day, never by what the visitor sent: the log holds no personal data.
    ...LEAD_KINDS.map((kind) => {
      const table = kind === 'quotes' ? schema.quotes : kind === 'contacts' ? schema.contacts : schema.applications;
      return namesOf(idsOf(kind), async (ids) =>
        (await db.select({ id: table.id, at: table.createdAt }).from(table).where(inArray(table.id, ids))).map(
          (row) => ({ id: row.id, name: `${LEAD_NOUNS[kind]} of ${row.at.toISOString().slice(0, 10)}` }),
        ),
      );
    }),
  ]);
  const found = new Map<string, Named>();
  const key = (type: string, id: string) => `${type}:${id}`;
  for (const [id, name] of users) found.set(key('user', id), { label: name, path: '/admin/team' });
  for (const [id, name] of blogs) found.set(key('blog', id), { label: name, path: '/admin/blog' });
  for (const [id, name] of jobs) found.set(key('job', id), { label: name, path: '/admin/jobs' });
  for (const [id, name] of invites)
    found.set(key('invite', id), { label: `Invitation of ${name}`, path: '/admin/team' });
  LEAD_KINDS.forEach((kind, index) => {
    for (const [id, name] of leads[index] ?? new Map<string, string>()) {
      found.set(key(kind, id), { label: name, path: leadAdminPath(kind, id) });
    }
  });
  return found;
}

/** What an entry's target is called and where it is, or the name its entry recorded when it is gone. */
function nameOf(row: AuditRow, found: Map<string, Named>): Named {
  const known = found.get(`${row.targetType}:${row.targetId}`);
  if (known) return known;
  if (row.targetType === 'content' && row.targetId) {
    return { label: row.targetId, path: `/admin/content/${row.targetId}` };
  }
  if (row.targetType === 'email') return { label: 'An address (kept hashed)', path: null };
  const data = row.data as Record<string, unknown>;
  const recorded = typeof data.name === 'string' ? data.name : typeof data.title === 'string' ? data.title : null;
  return { label: recorded, path: null };
}

/** The names of the accounts whose ids appear as values in the entries' data (`{ from, to }` of an owner change). */
async function peopleIn(db: Db, rows: AuditRow[]): Promise<Record<string, string>> {
  const ids = rows.flatMap((row) =>
    Object.values(row.data as Record<string, unknown>).filter((value): value is string => typeof value === 'string'),
  );
  const names = await namesOf(ids, (valid) =>
    db
      .select({ id: schema.users.id, name: schema.users.name })
      .from(schema.users)
      .where(inArray(schema.users.id, valid)),
  );
  return Object.fromEntries(names);
}

function toAuditEntry(row: AuditRow, found: Map<string, Named>): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName },
    action: row.action,
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    ...(row.targetType && row.targetId ? nameOf(row, found) : { label: null, path: null }),
    ip: row.ip,
    data: row.data,
  };
}

/** One page of the log, newest first, filtered by actor id and by action or area (`lead`). */
export async function listAudit(db: Db, query: AuditListQuery): Promise<AuditList> {
  const table = schema.auditLog;
  const conditions = [];
  if (query.actor) conditions.push(eq(table.actorId, query.actor));
  if (query.action) {
    conditions.push(
      (AUDIT_ACTIONS as readonly string[]).includes(query.action)
        ? eq(table.action, query.action)
        : like(table.action, `${query.action}.%`),
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totals] = await db.select({ total: count() }).from(table).where(where);
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(desc(table.seq))
    .limit(AUDIT_PAGE_SIZE)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  // The latest name of each actor: an account renamed since still appears once.
  const actors = (await db.execute(sql`
    select distinct on (actor_id) actor_id as id, actor_name as name
    from audit_log where actor_id is not null
    order by actor_id, at desc
  `)) as unknown as { rows: { id: string; name: string }[] };
  const [found, people] = await Promise.all([targetNames(db, rows), peopleIn(db, rows)]);
  return {
    items: rows.map((row) => toAuditEntry(row, found)),
    people,
    total: Number(totals?.total ?? 0),
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    actors: actors.rows.sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Removes entries older than `days` before `now`; answers how many. Only the retention job calls it. */
export async function pruneAudit(db: Pick<Db, 'delete'>, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(schema.auditLog)
    .where(lt(schema.auditLog.at, cutoff))
    .returning({ id: schema.auditLog.id });
  return removed.length;
}
