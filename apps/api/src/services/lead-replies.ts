// Replies staff write from a lead's page: a plain-text mail to the visitor through the outbox, from MAIL_FROM
// with Reply-To the staff member (or REPLY_TO), on the lead's timeline as reply_queued → reply_sent / reply_failed.
// And the short templates per kind they start from.
import {
  LEAD_DESK_MESSAGES,
  LEAD_KINDS,
  type LeadKind,
  type LeadReplyInput,
  MESSAGES,
  type ReplyTemplate,
  SPAM_STATUS,
} from '@agency/contract';
import { and, asc, type Db, eq, schema, sql } from '@agency/db';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { recordAudit } from './audit.ts';
import { recordEvents } from './lead-events.ts';
import { actorOf, tableOf } from './lead-admin.ts';

export interface ReplyConfig {
  /** REPLY_TO; undefined: the staff member's own address. */
  replyTo: string | undefined;
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
  request: FastifyRequest,
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
  app: FastifyInstance,
  request: FastifyRequest,
  config: ReplyConfig,
  kind: LeadKind,
  id: string,
  reply: Required<LeadReplyInput>,
): Promise<string> {
  const actor = actorOf(request);
  const table = tableOf(kind) as unknown as typeof schema.contacts;
  const outboxId = randomUUID();
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: table.status, email: table.email })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (!row) {
      if (await wasErased(tx, kind, id)) throw new HttpError(409, LEAD_DESK_MESSAGES.replyToErased);
      throw new HttpError(404, MESSAGES.http.notFound);
    }
    if (row.status === SPAM_STATUS) throw new HttpError(409, LEAD_DESK_MESSAGES.replyToSpam);
    const mail = {
      id: outboxId,
      leadKind: kind,
      leadId: id,
      purpose: 'reply',
      to: row.email.trim(),
      subject: reply.subject,
      body: reply.text,
      replyTo: config.replyTo ?? actor.email,
    };
    await tx.insert(schema.outbox).values(mail);
    await recordEvents(tx, [
      {
        kind,
        leadId: id,
        type: 'reply_queued',
        actorId: actor.id,
        data: { outboxId, to: mail.to, subject: reply.subject, text: reply.text },
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
