// The outbox worker's one pass: claim due mails and webhooks, send them outside any transaction, record the
// outcome on the row and in the lead's timeline.
import { createHash } from 'node:crypto';
import type { LeadEventType, LeadKind } from '@agency/contract';
import { type Db, eq, schema, sql } from '@agency/db';
import { ACCOUNT_MAIL_KIND, ACCOUNT_MAIL_PURPOSES } from './account-mail.ts';
import { outboxMessageId } from './inbound-address.ts';
import { recordEvents, webhookTarget } from './lead-events.ts';
import type { MailMessage } from './mail.ts';
import type { SendWebhook } from './webhooks.ts';

export type SendMail = (message: MailMessage) => Promise<void>;

/** What this instance can deliver; rows of a missing kind wait for an instance that can. */
export interface Senders {
  mail?: SendMail | undefined;
  webhook?: SendWebhook | undefined;
}

/** Writes one log line (the server's logger at `warn`). */
export type OutboxLog = (fields: Record<string, unknown>, message: string) => void;

export interface OutboxRun {
  sent: number;
  failed: number;
}

const BATCH_SIZE = 10;
/** Batches per pass, so one pass ends even when mail keeps arriving. */
const MAX_BATCHES = 10;
/** The first retry's wait is twice this (OUTBOX_RETRY_BASE_SECONDS; the browser tests shorten it). */
export const BACKOFF_BASE_SECONDS = 5;
const BACKOFF_MAX_SECONDS = 60 * 60;

/** Wait before the next try after `attempts` tries: base · 2^attempts (base 5 s: 10 s, 20 s, 40 s…), at most an hour. */
export function backoffSeconds(attempts: number, baseSeconds = BACKOFF_BASE_SECONDS): number {
  return Math.min(BACKOFF_MAX_SECONDS, baseSeconds * 2 ** Math.min(attempts, 20));
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
  /** A reply to a visitor's answer: the answer's Message-ID and the References chain (its reply_queued event). */
  in_reply_to: string | null;
  references: string | null;
}

/**
 * Claims up to BATCH_SIZE due rows for 60 s. SKIP LOCKED plus the lease in locked_until means
 * several instances never send the same row at once, and a crashed worker's rows come back later.
 */
async function claim(db: Db, purposes: string[]): Promise<ClaimedRow[]> {
  const result = (await db.execute(sql`
    with claimed as (
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
    )
    select claimed.*, queued.data->>'inReplyTo' as in_reply_to, queued.data->>'references' as "references"
    from claimed left join lead_events queued
      on claimed.purpose = 'reply' and queued.type = 'reply_queued' and queued.lead_kind = claimed.lead_kind
        and queued.lead_id = claimed.lead_id and queued.data->>'outboxId' = claimed.id::text
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

async function deliver(row: ClaimedRow, senders: Senders, messageIdDomain: string | undefined): Promise<void> {
  if (row.purpose === 'webhook') {
    if (!senders.webhook) throw new Error('webhooks are not configured');
    return senders.webhook({ id: row.id, url: row.to, body: row.body });
  }
  if (!senders.mail) throw new Error('SMTP is not configured');
  // A mail about a lead carries its row's id as Message-ID: an answer's In-Reply-To names the lead (issue 32).
  const messageId = messageIdDomain && isLeadRow(row) ? outboxMessageId(row.id, messageIdDomain) : undefined;
  return senders.mail({
    to: row.to,
    subject: row.subject,
    text: row.body,
    replyTo: row.reply_to,
    messageId,
    inReplyTo: row.in_reply_to,
    references: row.references,
  });
}

/** The SMTP reply code of a failed send (nodemailer's `responseCode`, or the code a reply text starts with). */
function smtpCode(error: unknown): number | null {
  const given = (error as { responseCode?: unknown } | null)?.responseCode;
  if (typeof given === 'number') return given;
  const text = error instanceof Error ? error.message : String(error);
  const quoted = /(?:^|:\s)([245]\d\d)[\s-]/.exec(text);
  return quoted ? Number(quoted[1]) : null;
}

/**
 * The one line a failed mail or webhook logs: which row, why, which try. The recipient (an address or a
 * webhook's URL) only as a hash an operator can compare with `sha256(address)`; no subject, body or address.
 */
export function failureLogFields(row: ClaimedRow, error: unknown, nextAttemptSeconds: number) {
  const webhook = row.purpose === 'webhook';
  return {
    outboxId: row.id,
    purpose: row.purpose,
    leadKind: row.lead_kind,
    leadId: row.lead_kind === ACCOUNT_MAIL_KIND ? null : row.lead_id,
    recipientHash: createHash('sha256')
      .update(webhook ? row.to : row.to.trim().toLowerCase())
      .digest('hex')
      .slice(0, 16),
    ...(webhook
      ? { httpStatus: (error as { status?: unknown } | null)?.status ?? null }
      : { smtpCode: smtpCode(error) }),
    errorCode: (error as { code?: unknown } | null)?.code ?? null,
    attempt: Number(row.attempts),
    nextAttemptSeconds,
  };
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
 * `retryBaseSeconds`: the backoff's base (backoffSeconds).
 */
export async function processOutbox(
  db: Db,
  senders: Senders,
  stopping?: () => boolean,
  {
    retryBaseSeconds = BACKOFF_BASE_SECONDS,
    messageIdDomain,
    log,
  }: { retryBaseSeconds?: number; messageIdDomain?: string; log?: OutboxLog } = {},
): Promise<OutboxRun> {
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
        await deliver(row, senders, messageIdDomain);
      } catch (error) {
        run.failed++;
        const delay = backoffSeconds(Number(row.attempts), retryBaseSeconds);
        log?.(
          failureLogFields(row, error, delay),
          row.purpose === 'webhook' ? 'outbox: webhook failed' : 'outbox: mail failed',
        );
        const lastError = String(error instanceof Error ? error.message : error).slice(0, 1000);
        await db.transaction(async (tx) => {
          await tx
            .update(schema.outbox)
            .set({
              lastError,
              lastFailedAt: sql`now()`,
              nextAttemptAt: sql`now() + make_interval(secs => ${delay}::float8)`,
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
