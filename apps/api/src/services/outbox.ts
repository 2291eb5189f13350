// The outbox worker's one pass: claim due mails and webhooks, send them outside any transaction, record the
// outcome on the row and in the lead's timeline.
import type { LeadEventType, LeadKind } from '@agency/contract';
import { type Db, eq, schema, sql } from '@agency/db';
import { ACCOUNT_MAIL_KIND, ACCOUNT_MAIL_PURPOSES } from './account-mail.ts';
import { recordEvents, webhookTarget } from './lead-events.ts';
import type { MailMessage } from './mail.ts';
import type { SendWebhook } from './webhooks.ts';

export type SendMail = (message: MailMessage) => Promise<void>;

/** What this instance can deliver; rows of a missing kind wait for an instance that can. */
export interface Senders {
  mail?: SendMail | undefined;
  webhook?: SendWebhook | undefined;
}

export interface OutboxRun {
  sent: number;
  failed: number;
}

const BATCH_SIZE = 10;
/** Batches per pass, so one pass ends even when mail keeps arriving. */
const MAX_BATCHES = 10;
const BACKOFF_BASE_SECONDS = 5;
const BACKOFF_MAX_SECONDS = 60 * 60;

/** Wait before the next try after `attempts` tries: 5 s · 2^attempts, at most an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(BACKOFF_MAX_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.min(attempts, 20));
}

interface ClaimedRow {
  id: string;
  /** A lead kind, or ACCOUNT_MAIL_KIND for mail to an account owner (no lead, no timeline). */
  lead_kind: LeadKind | typeof ACCOUNT_MAIL_KIND;
  lead_id: string;
  purpose: string;
  to: string;
  subject: string;
  body: string;
  reply_to: string | null;
  attempts: number;
}

/**
 * Claims up to BATCH_SIZE due rows for 60 s. SKIP LOCKED plus the lease in locked_until means
 * several instances never send the same row at once, and a crashed worker's rows come back later.
 */
async function claim(db: Db, purposes: string[]): Promise<ClaimedRow[]> {
  const result = (await db.execute(sql`
    update outbox set locked_until = now() + interval '60 seconds', attempts = attempts + 1
    where id in (
      select id from outbox
      where sent_at is null and held_at is null and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
        and purpose in (${sql.join(
          purposes.map((purpose) => sql`${purpose}`),
          sql`, `,
        )})
      order by created_at
      limit ${BATCH_SIZE}
      for update skip locked
    )
    returning id, lead_kind, lead_id, purpose, "to", subject, body, reply_to, attempts
  `)) as unknown as { rows: ClaimedRow[] };
  return result.rows;
}

/** Releases rows claimed but not tried: no lease, and the attempt that never happened is not counted. */
async function handBack(db: Db, rows: ClaimedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`update outbox set locked_until = null, attempts = greatest(attempts - 1, 0)
    where sent_at is null and id in (${sql.join(
      rows.map((row) => sql`${row.id}`),
      sql`, `,
    )})`);
}

async function deliver(row: ClaimedRow, senders: Senders): Promise<void> {
  if (row.purpose === 'webhook') {
    if (!senders.webhook) throw new Error('webhooks are not configured');
    return senders.webhook({ id: row.id, url: row.to, body: row.body });
  }
  if (!senders.mail) throw new Error('SMTP is not configured');
  return senders.mail({ to: row.to, subject: row.subject, text: row.body, replyTo: row.reply_to });
}

const isLeadRow = (row: ClaimedRow): row is ClaimedRow & { lead_kind: LeadKind } => row.lead_kind !== ACCOUNT_MAIL_KIND;

/**
 * The timeline's words for this row: mail_* with its purpose and address, webhook_* with the URL's host,
 * reply_* (a staff member's reply to the visitor) with its address.
 */
function outcomeEvent(row: ClaimedRow & { lead_kind: LeadKind }, outcome: 'sent' | 'failed', error?: string) {
  const webhook = row.purpose === 'webhook';
  const reply = row.purpose === 'reply';
  const type = `${webhook ? 'webhook' : reply ? 'reply' : 'mail'}_${outcome}` as LeadEventType;
  const data: Record<string, unknown> = webhook
    ? { outboxId: row.id, target: webhookTarget(row.to) }
    : reply
      ? { outboxId: row.id, to: row.to }
      : { outboxId: row.id, purpose: row.purpose, to: row.to };
  if (outcome === 'failed') Object.assign(data, { attempts: Number(row.attempts), lastError: error ?? null });
  return { kind: row.lead_kind, leadId: row.lead_id, type, data };
}

/**
 * `stopping`: true once the instance is shutting down (SIGTERM): the row being sent is finished, and the rows
 * claimed but not tried yet are handed back (lease and attempt undone) for another instance to send at once.
 */
export async function processOutbox(db: Db, senders: Senders, stopping?: () => boolean): Promise<OutboxRun> {
  const run: OutboxRun = { sent: 0, failed: 0 };
  const purposes = [
    ...(senders.mail ? ['notification', 'confirmation', 'reply', ...ACCOUNT_MAIL_PURPOSES] : []),
    ...(senders.webhook ? ['webhook'] : []),
  ];
  if (purposes.length === 0) return run;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    if (stopping?.()) break;
    const rows = await claim(db, purposes);
    for (const [index, row] of rows.entries()) {
      if (stopping?.()) {
        await handBack(db, rows.slice(index));
        return run;
      }
      try {
        await deliver(row, senders);
      } catch (error) {
        run.failed++;
        const delay = backoffSeconds(Number(row.attempts));
        const lastError = String(error instanceof Error ? error.message : error).slice(0, 1000);
        await db.transaction(async (tx) => {
          await tx
            .update(schema.outbox)
            .set({
              lastError,
              lastFailedAt: sql`now()`,
              nextAttemptAt: sql`now() + ${delay}::int * interval '1 second'`,
              lockedUntil: null,
            })
            .where(eq(schema.outbox.id, row.id));
          if (isLeadRow(row)) await recordEvents(tx, [outcomeEvent(row, 'failed', lastError)]);
        });
        continue;
      }
      run.sent++;
      await db.transaction(async (tx) => {
        await tx
          .update(schema.outbox)
          // Account mail may hold a sign-in secret (a reset link): once delivered, the copy is not kept.
          .set({
            sentAt: sql`now()`,
            lockedUntil: null,
            lastError: null,
            body: sql`case when ${schema.outbox.leadKind} = ${ACCOUNT_MAIL_KIND} then '' else ${schema.outbox.body} end`,
          })
          .where(eq(schema.outbox.id, row.id));
        if (isLeadRow(row)) await recordEvents(tx, [outcomeEvent(row, 'sent')]);
      });
    }
    if (rows.length < BATCH_SIZE) break;
  }
  return run;
}
