// Replies staff write from a lead's page: a plain-text mail to the visitor through the outbox, from MAIL_FROM
// with Reply-To the agency's mailbox (INBOUND_ADDRESS, so the answer comes back onto the lead), else REPLY_TO or
// the staff member; on the lead's timeline as reply_queued → reply_sent / reply_failed. Its merge fields are
// filled here again (a token left unfilled is refused), and an hour holds at most so many replies per lead and
// per account. A reply to a visitor's answer names it (In-Reply-To, References). And the short templates per kind
// they start from.
import {
  fillMergeFields,
  LEAD_DESK_MESSAGES,
  LEAD_KINDS,
  type LeadKind,
  type LeadReplyInput,
  REPLY_IN_REPLY_TO_MAX,
  MESSAGES,
  mergeProblemMessage,
  mergeValuesOf,
  REPLY_RATE_MESSAGES,
  type ReplyTemplate,
  SPAM_STATUS,
} from '@agency/contract';
import { and, asc, type Db, eq, schema, sql } from '@agency/db';
import { randomUUID } from 'node:crypto';
import { Conflict, Invalid, invalidField, NotFound, TooMany } from '../lib/domain-errors.ts';
import { recordAudit, type Requester } from './audit.ts';
import { type InboundConfig, inboundReplyTo } from './inbound-address.ts';
import { recordEvents } from './lead-events.ts';
import { actorOf, tableOf } from './lead-admin.ts';
import type { LeadApp } from './leads.ts';

export interface ReplyConfig {
  /** REPLY_TO; undefined: the staff member's own address. Unused with a mailbox (inbound). */
  replyTo: string | undefined;
  /** INBOUND_*: the Reply-To is the agency's mailbox. */
  inbound?: Pick<InboundConfig, 'address' | 'plusAddressing'> | undefined;
  /** REPLIES_PER_LEAD_PER_HOUR, REPLIES_PER_ACCOUNT_PER_HOUR */
  replyLimits: { perLeadPerHour: number; perAccountPerHour: number };
}

type Tx = Parameters<Parameters<LeadApp['db']['transaction']>[0]>[0];

/** Any fixed number: with the account's id, the advisory lock that counts one account's replies one at a time. */
const REPLY_ACCOUNT_LOCK = 7_391_032;

/**
 * 429 when the lead or the account already had its replies this hour (reply_queued events of the last hour),
 * with Retry-After: when the oldest of them leaves the hour. The lead's row is locked by the caller and the
 * account's advisory lock is taken here, so replies sent at once are counted one after the other.
 */
async function checkReplyLimits(
  tx: Tx,
  limits: ReplyConfig['replyLimits'],
  kind: LeadKind,
  id: string,
  actorId: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REPLY_ACCOUNT_LOCK}, hashtext(${actorId}))`);
  const hour = sql`created_at > now() - interval '1 hour'`;
  const counted = (where: ReturnType<typeof sql>) =>
    sql`select count(*)::int as n,
          ceil(extract(epoch from (min(created_at) + interval '1 hour' - now())))::int as retry_after
        from lead_events where type = 'reply_queued' and ${hour} and ${where}`;
  type Count = { n: number; retry_after: number | null };
  const first = async (query: ReturnType<typeof sql>) =>
    ((await tx.execute(query)) as unknown as { rows: Count[] }).rows[0] ?? { n: 0, retry_after: null };
  const refuse = (message: string, count: Count) => {
    const retryAfter = Math.max(1, Number(count.retry_after ?? 3600));
    throw new TooMany(message, retryAfter);
  };
  const lead = await first(counted(sql`lead_kind = ${kind} and lead_id = ${id}`));
  if (lead.n >= limits.perLeadPerHour) refuse(REPLY_RATE_MESSAGES.perLead(limits.perLeadPerHour), lead);
  const account = await first(counted(sql`actor_id = ${actorId}`));
  if (account.n >= limits.perAccountPerHour) refuse(REPLY_RATE_MESSAGES.perAccount(limits.perAccountPerHour), account);
}

/** The reply with its merge fields filled for this lead and sender; 400 naming the first token left unfilled. */
function filledReply(kind: LeadKind, lead: Record<string, unknown>, sender: { name: string }, reply: LeadReply) {
  const values = mergeValuesOf(kind, lead, sender);
  const subject = fillMergeFields(reply.subject, values);
  const text = fillMergeFields(reply.text, values);
  const fields: Record<string, string> = {};
  if (subject.problems[0]) fields.subject = mergeProblemMessage(subject.problems[0]);
  if (text.problems[0]) fields.text = mergeProblemMessage(text.problems[0]);
  const first = fields.subject ?? fields.text;
  if (first) throw new Invalid(first, fields);
  return { subject: subject.text, text: text.text };
}

/** A reply as the route hands it over: the schema's output (inReplyTo optional). */
export type LeadReply = Required<Omit<LeadReplyInput, 'inReplyTo'>> & { inReplyTo?: string | undefined };

/**
 * The threading headers of a reply to the answer with Message-ID `inReplyTo` (filed on this lead): In-Reply-To that
 * answer, References its own References then it (RFC 5322 3.6.4), oldest dropped past one header line. 400 when no
 * answer of this lead has that Message-ID.
 */
async function threadingOf(tx: Tx, kind: LeadKind, id: string, inReplyTo: string) {
  const [answer] = await tx
    .select({ data: schema.leadEvents.data })
    .from(schema.leadEvents)
    .where(
      and(
        eq(schema.leadEvents.leadKind, kind),
        eq(schema.leadEvents.leadId, id),
        eq(schema.leadEvents.type, 'reply_received'),
        sql`${schema.leadEvents.data}->>'messageId' = ${inReplyTo}`,
      ),
    )
    .limit(1);
  if (!answer) {
    throw invalidField('inReplyTo', LEAD_DESK_MESSAGES.replyInReplyToUnknown);
  }
  const earlier = Array.isArray(answer.data.references) ? answer.data.references.map(String) : [];
  const references = [...earlier.filter((ref) => ref !== inReplyTo), inReplyTo];
  while (references.length > 1 && references.join(' ').length > REPLY_IN_REPLY_TO_MAX) references.shift();
  return { inReplyTo, references: references.join(' ') };
}

/** The templates, per kind in LEAD_KINDS order, each kind in its saved order. */
export async function readReplyTemplates(db: Db): Promise<ReplyTemplate[]> {
  const rows = await db
    .select()
    .from(schema.replyTemplates)
    .orderBy(asc(schema.replyTemplates.leadKind), asc(schema.replyTemplates.position));
  const order = (kind: string) => LEAD_KINDS.indexOf(kind as LeadKind);
  return rows
    .sort((a, b) => order(a.leadKind) - order(b.leadKind) || a.position - b.position)
    .map((row) => ({ kind: row.leadKind as LeadKind, name: row.name, subject: row.subject, text: row.text }));
}

/** Replaces every template with `templates` (one transaction) and records that they changed. */
export async function saveReplyTemplates(
  db: Db,
  request: Requester,
  templates: ReplyTemplate[],
): Promise<ReplyTemplate[]> {
  await db.transaction(async (tx) => {
    await tx.delete(schema.replyTemplates);
    if (templates.length > 0) {
      await tx.insert(schema.replyTemplates).values(
        templates.map((template, position) => ({
          leadKind: template.kind,
          position,
          name: template.name,
          subject: template.subject,
          text: template.text,
        })),
      );
    }
    await recordAudit(tx, request, { action: 'settings.reply_templates_changed', data: { count: templates.length } });
  });
  return readReplyTemplates(db);
}

/** Whether the audit log records that this lead was erased. */
async function wasErased(db: Pick<Db, 'select'>, kind: LeadKind, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.auditLog.id })
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.action, 'lead.deleted'),
        eq(schema.auditLog.targetType, kind),
        eq(schema.auditLog.targetId, id),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Queues a reply to the lead's sender → the outbox row's id. 409 when the lead is spam or was erased,
 * 404 when there never was such a lead.
 */
export async function replyToLead(
  app: LeadApp,
  request: Requester,
  config: ReplyConfig,
  kind: LeadKind,
  id: string,
  reply: LeadReply,
): Promise<string> {
  const actor = actorOf(request);
  const table = tableOf(kind) as unknown as typeof schema.contacts;
  const outboxId = randomUUID();
  await app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!row) {
      if (await wasErased(tx, kind, id)) throw new Conflict(LEAD_DESK_MESSAGES.replyToErased);
      throw new NotFound(MESSAGES.http.notFound);
    }
    if (row.status === SPAM_STATUS) throw new Conflict(LEAD_DESK_MESSAGES.replyToSpam);
    const filled = filledReply(kind, row as unknown as Record<string, unknown>, actor, reply);
    const threading = reply.inReplyTo ? await threadingOf(tx, kind, id, reply.inReplyTo) : null;
    await checkReplyLimits(tx, config.replyLimits, kind, id, actor.id);
    const mail = {
      id: outboxId,
      leadKind: kind,
      leadId: id,
      purpose: 'reply',
      to: row.email.trim(),
      subject: filled.subject,
      body: filled.text,
      replyTo: config.inbound ? inboundReplyTo(config.inbound, kind, id) : (config.replyTo ?? actor.email),
    };
    await tx.insert(schema.outbox).values(mail);
    await recordEvents(tx, [
      {
        kind,
        leadId: id,
        type: 'reply_queued',
        actorId: actor.id,
        // The outbox worker reads the threading headers from here when it sends the mail (outbox.ts, claim).
        data: { outboxId, to: mail.to, subject: filled.subject, text: filled.text, ...threading },
      },
    ]);
    await tx
      .update(table)
      .set({ lastActivityAt: sql`now()` })
      .where(eq(table.id, id));
    // The text may hold personal data: the audit log keeps only that a reply went out.
    await recordAudit(tx, request, { action: 'lead.replied', target: { type: kind, id }, data: { outboxId } });
  });
  app.outbox.kick();
  return outboxId;
}
