// What staff do to one lead: change its status or owner, add a note, send its notification again, erase it.
// Each is one transaction with its timeline events and audit entries.
import { randomUUID } from 'node:crypto';
import {
  HANDLED_STATUS,
  isLeadStatus,
  LEAD_DESK_MESSAGES,
  type LeadUpdate,
  type LeadEvent,
  type LeadItem,
  type LeadKind,
  NEW_STATUS,
  type Person,
  PIPELINE_MESSAGES,
  SPAM_STATUS,
} from '@agency/contract';
import { and, eq, schema, sql } from '@agency/db';

import { Conflict } from '../lib/domain-errors.ts';
import type { Log } from '../lib/logger.ts';
import { leadAssignedMail, queueAccountMails } from './account-mail.ts';
import { recordAudit, type Requester } from './audit.ts';

import { deleteAnswersOf } from './lead-attachments.ts';
import { type NewEvent, recordEvents } from './lead-events.ts';
import { arrivalRows, type IntakeConfig, queueRows } from './lead-intake.ts';
import { notificationMail } from './leads-mail.ts';
import type { MailSite } from './site-details.ts';
import { type LeadApp } from './leads.ts';
import { actorOf, badField, factsOf, findLead, hasFile, itemOf, mayOwnLeads, notFound, tableOf } from './lead-admin.ts';

/** What a staff change of a lead mails with: the intake's settings, and the site as published now. */
export type StaffDelivery = IntakeConfig & {
  /**
   * Read only when a mail signed with it may go out (a lead given to someone else), and before the change's
   * transaction: on PGlite a read of the published documents inside it would wait for the transaction to end.
   */
  mailSite(): Promise<MailSite>;
};

/**
 * `{ status?, ownerId?, handled? }`. `handled: true` moves a new lead to the pipeline's second step,
 * `false` back to new; `status` wins when both are sent. A lead leaving spam gets what a new lead gets
 * (agency notification, webhooks), except the visitor's confirmation.
 */
export async function changeLead(
  app: LeadApp,
  request: Requester,
  delivery: StaffDelivery,
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
  // The new owner's mail is signed with the site: read only when that mail may go out.
  const site = newOwner && newOwner.id !== actorId ? await delivery.mailSite() : null;

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
      // The new owner is told, unless they took the lead themselves (a follow-up's taker is the actor: no site).
      if (newOwner && newOwner.id !== actorId && site) {
        const sender = String((row as Record<string, unknown>).fullName ?? (row as Record<string, unknown>).name ?? '');
        await queueAccountMails(tx, [
          leadAssignedMail(site, { ...newOwner, email: ownerEmail }, actorOf(request).name, {
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

/**
 * Erasure on request: the lead, its file, its timeline and its mails (sent or waiting) are all removed, in one
 * transaction with `lead.deleted`; the files once it is committed.
 */
export async function eraseLead(app: LeadApp, request: Requester & { log: Log }, kind: LeadKind, id: string) {
  const table = tableOf(kind);
  const deleted = await app.db.transaction(async (tx) => {
    const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
    if (!row) return null;
    await tx.delete(schema.outbox).where(and(eq(schema.outbox.leadKind, kind), eq(schema.outbox.leadId, id)));
    await tx
      .delete(schema.leadEvents)
      .where(and(eq(schema.leadEvents.leadKind, kind), eq(schema.leadEvents.leadId, id)));
    const answerFiles = await deleteAnswersOf(tx, kind, [id]);
    await recordAudit(tx, request, { action: 'lead.deleted', target: { type: kind, id } });
    return { row, answerFiles };
  });
  if (!deleted) throw notFound();
  const fileKeys = [hasFile(kind) ? deleted.row.fileKey : null, ...deleted.answerFiles];
  for (const fileKey of fileKeys) {
    if (!fileKey) continue;
    await app.storage.delete(fileKey).catch((error: unknown) => {
      request.log.error({ err: error, fileKey }, 'file of a deleted lead could not be removed');
    });
  }
}
