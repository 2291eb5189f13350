// The outbox worker's one pass: claim due mails, send them outside any transaction, record the outcome.
import { type Db, eq, schema, sql } from '@agency/db';
import type { MailMessage } from './mail.ts';

export type SendMail = (message: MailMessage) => Promise<void>;

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
  to: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Claims up to BATCH_SIZE due rows for 60 s. SKIP LOCKED plus the lease in locked_until means
 * several instances never send the same row at once, and a crashed worker's rows come back later.
 */
async function claim(db: Db): Promise<ClaimedRow[]> {
  const result = (await db.execute(sql`
    update outbox set locked_until = now() + interval '60 seconds', attempts = attempts + 1
    where id in (
      select id from outbox
      where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by created_at
      limit ${BATCH_SIZE}
      for update skip locked
    )
    returning id, "to", subject, body, attempts
  `)) as unknown as { rows: ClaimedRow[] };
  return result.rows;
}

export async function processOutbox(db: Db, send: SendMail): Promise<OutboxRun> {
  const run: OutboxRun = { sent: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const rows = await claim(db);
    for (const row of rows) {
      try {
        await send({ to: row.to, subject: row.subject, text: row.body });
      } catch (error) {
        run.failed++;
        const delay = backoffSeconds(Number(row.attempts));
        await db
          .update(schema.outbox)
          .set({
            lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
            nextAttemptAt: sql`now() + ${delay}::int * interval '1 second'`,
            lockedUntil: null,
          })
          .where(eq(schema.outbox.id, row.id));
        continue;
      }
      run.sent++;
      await db
        .update(schema.outbox)
        // Account mail may hold a sign-in secret (a reset link): once delivered, the copy is not kept.
        .set({
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          body: sql`case when ${schema.outbox.leadKind} = 'account' then '' else ${schema.outbox.body} end`,
        })
        .where(eq(schema.outbox.id, row.id));
    }
    if (rows.length < BATCH_SIZE) break;
  }
  return run;
}
