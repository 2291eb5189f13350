// The timeline of a lead: one row per thing that happened to it, with who did it. Staff actions also
// move the lead's last_activity_at; the outbox worker's deliveries do not (they are not somebody's work).
import {
  type Delivery,
  type DeliveryState,
  type LeadEvent,
  type LeadEventType,
  type LeadKind,
  OUTBOX_FAILING,
  type OutboxPurpose,
} from '@agency/contract';
import { and, asc, type Db, eq, schema, sql } from '@agency/db';

/** A transaction or the database itself: events are written in the transaction of what they record. */
export type Writer = Pick<Db, 'insert' | 'update' | 'select' | 'execute'>;

export interface NewEvent {
  kind: LeadKind;
  leadId: string;
  type: LeadEventType;
  actorId?: string | null;
  data?: Record<string, unknown>;
}

/** Rows per INSERT, well below PostgreSQL's 65,535 parameters (an export can cover every lead). */
const CHUNK = 2000;

export async function recordEvents(db: Writer, events: NewEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += CHUNK) {
    await db.insert(schema.leadEvents).values(
      events.slice(start, start + CHUNK).map((event) => ({
        leadKind: event.kind,
        leadId: event.leadId,
        type: event.type,
        actorId: event.actorId ?? null,
        data: event.data ?? {},
      })),
    );
  }
}

/** The host of a webhook URL: enough to tell targets apart, without the secret path of e.g. a Slack URL. */
export function webhookTarget(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'webhook';
  }
}

interface OutboxRowLike {
  id: string;
  purpose: string;
  to: string;
}

/** The `*_queued` event of a new outbox row. */
export function queuedEvent(kind: LeadKind, leadId: string, row: OutboxRowLike, actorId: string | null): NewEvent {
  if (row.purpose === 'webhook') {
    return { kind, leadId, type: 'webhook_queued', actorId, data: { outboxId: row.id, target: webhookTarget(row.to) } };
  }
  return { kind, leadId, type: 'mail_queued', actorId, data: { outboxId: row.id, purpose: row.purpose, to: row.to } };
}

/** Events of a lead, oldest first, with the actor's current name. */
export async function timelineOf(db: Db, kind: LeadKind, leadId: string): Promise<LeadEvent[]> {
  const rows = await db
    .select({
      type: schema.leadEvents.type,
      at: schema.leadEvents.createdAt,
      actorId: schema.users.id,
      actorName: schema.users.name,
      data: schema.leadEvents.data,
    })
    .from(schema.leadEvents)
    .leftJoin(schema.users, eq(schema.users.id, schema.leadEvents.actorId))
    .where(and(eq(schema.leadEvents.leadKind, kind), eq(schema.leadEvents.leadId, leadId)))
    .orderBy(asc(schema.leadEvents.createdAt), asc(schema.leadEvents.seq));
  return rows.map((row) => ({
    type: row.type as LeadEventType,
    at: row.at.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    data: row.data,
  }));
}

/** SQL of "this pending outbox row is failing"; the same rule the stats and the lead detail use. */
export const failingCondition = sql`(${schema.outbox.sentAt} is null and ${schema.outbox.heldAt} is null and (${schema.outbox.attempts} >= ${OUTBOX_FAILING.attempts} or ${schema.outbox.createdAt} < now() - make_interval(secs => ${OUTBOX_FAILING.waitSeconds})))`;

export const deliveryColumns = {
  id: schema.outbox.id,
  leadKind: schema.outbox.leadKind,
  leadId: schema.outbox.leadId,
  purpose: schema.outbox.purpose,
  to: schema.outbox.to,
  attempts: schema.outbox.attempts,
  lastError: schema.outbox.lastError,
  createdAt: schema.outbox.createdAt,
  sentAt: schema.outbox.sentAt,
  nextAttemptAt: schema.outbox.nextAttemptAt,
  failing: sql<boolean>`${failingCondition}`.as('failing'),
};
export interface DeliveryRow {
  id: string;
  purpose: string;
  to: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
  failing: boolean;
}

export function toDelivery(row: DeliveryRow): Delivery {
  let state: DeliveryState;
  if (row.sentAt) state = 'sent';
  else if (row.failing) state = 'failing';
  else if (row.attempts > 0) state = 'retrying';
  else state = 'queued';
  return {
    id: row.id,
    kind: row.purpose as OutboxPurpose,
    target: row.purpose === 'webhook' ? webhookTarget(row.to) : row.to,
    state,
    attempts: Number(row.attempts),
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
    nextAttemptAt: row.sentAt ? null : new Date(row.nextAttemptAt).toISOString(),
  };
}

/** The outbox rows of a lead, oldest first. */
export async function deliveriesOf(db: Db, kind: LeadKind, leadId: string): Promise<Delivery[]> {
  const rows = await db
    .select(deliveryColumns)
    .from(schema.outbox)
    .where(and(eq(schema.outbox.leadKind, kind), eq(schema.outbox.leadId, leadId)))
    .orderBy(asc(schema.outbox.createdAt), asc(schema.outbox.purpose));
  return rows.map(toDelivery);
}
