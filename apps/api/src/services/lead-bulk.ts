// One action on many leads at once (the inbox's bulk bar), in one transaction.

import {
  isLeadStatus,
  LEAD_DESK_MESSAGES,
  type LeadBulkSchema,
  type LeadKind,
  MESSAGES,
  NEW_STATUS,
  type Person,
  PIPELINE_MESSAGES,
  type Role,
  ROLE_ACCESS,
  SPAM_STATUS,
} from '@agency/contract';
import { and, eq, inArray, schema, sql } from '@agency/db';

import type { z } from 'zod';
import { Forbidden } from '../lib/domain-errors.ts';
import type { Log } from '../lib/logger.ts';
import { leadsAssignedMail, queueAccountMails } from './account-mail.ts';
import { recordAudit, type Requester } from './audit.ts';

import { deleteAnswersOf } from './lead-attachments.ts';
import { recordEvents } from './lead-events.ts';
import { arrivalRows, queueRows } from './lead-intake.ts';
import type { StaffDelivery } from './lead-changes.ts';

import { type LeadApp } from './leads.ts';
import { actorOf, badField, factsOf, hasFile, mayOwnLeads, tableOf } from './lead-admin.ts';

type LeadBulkOutput = z.output<typeof LeadBulkSchema>;

/**
 * POST /api/admin/{kind}/bulk: one action on up to BULK_MAX_IDS leads in ONE transaction: an id that is not a
 * lead of this kind, a bad value or an owner who is not staff refuses the whole request (nothing half-applied).
 * Each changed lead gets its timeline event and audit entry (`bulk: true`); → how many leads changed.
 */
export async function bulkChange(
  app: LeadApp,
  request: Requester & { log: Log },
  delivery: StaffDelivery,
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
  // The new owner's mail is signed with the site: read only when that mail may go out, before the transaction.
  const site = newOwner && newOwner.id !== actorId ? await delivery.mailSite() : null;
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
    if (newOwner && newOwner.id !== actorId && assigned.length > 0 && site) {
      const owner = { ...newOwner, email: ownerEmail };
      await queueAccountMails(tx, [leadsAssignedMail(site, owner, actorOf(request).name, kind, assigned)]);
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
