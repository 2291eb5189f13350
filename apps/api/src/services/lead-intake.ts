// What happens to every lead a visitor sends, whichever form it came from: where it came from, whether it
// solved the proof of work, its status, and what it triggers (mail, webhooks, timeline), all in one transaction.
import { randomUUID } from 'node:crypto';
import {
  ALTCHA_FIELD,
  LeadSourceSchema,
  type LeadKind,
  type LeadSource,
  NEW_STATUS,
  PIPELINE_MESSAGES,
  type SpamChallengeMode,
} from '@agency/contract';
import { type Database, type Db, schema, sql } from '@agency/db';
import { getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Invalid } from '../lib/domain-errors.ts';
import { parseOr400 } from '../lib/validate.ts';
import { type Verdict, verifySolution } from './challenge.ts';
import { queuedEvent, recordEvents } from './lead-events.ts';
import {
  type LeadMailConfig,
  type LeadMailInput,
  leadMails,
  notificationMail,
  type OutboxInsert,
} from './leads-mail.ts';
import { type WebhookConfig, webhookRows } from './webhooks.ts';
import { confirmationAddress, lockConfirmations } from './confirmation-limit.ts';
import { LEAD_TABLES } from './leads.ts';
import { type RateLimitHit, type RateLimitResult, rateLimitResult } from './rate-limit.ts';

export interface IntakeConfig extends LeadMailConfig {
  /** A recipient gets at most one visitor confirmation per this many hours. */
  confirmationIntervalHours: number;
  spamChallenge: SpamChallengeMode;
  challengeSecret: string;
  webhooks: WebhookConfig;
}

export interface Intake {
  source: LeadSource;
  /** null when SPAM_CHALLENGE=off */
  verdict: Verdict | null;
}

const altchaError = (verdict: Verdict) => {
  const message =
    !verdict.ok && verdict.reason === 'missing' ? PIPELINE_MESSAGES.altchaMissing : PIPELINE_MESSAGES.altchaInvalid;
  return new Invalid(message, { [ALTCHA_FIELD]: message });
};

/** Reads the optional source fields and checks the proof of work; SPAM_CHALLENGE=required refuses here. */
export async function readIntake(fields: Record<string, unknown>, config: IntakeConfig): Promise<Intake> {
  const source = parseOr400(LeadSourceSchema, {
    sourcePath: fields.sourcePath,
    referrer: fields.referrer,
    utmSource: fields.utmSource,
    utmMedium: fields.utmMedium,
    utmCampaign: fields.utmCampaign,
  });
  if (config.spamChallenge === 'off') return { source, verdict: null };
  const verdict = await verifySolution(fields[ALTCHA_FIELD], config.challengeSecret);
  if (!verdict.ok && config.spamChallenge === 'required') throw altchaError(verdict);
  return { source, verdict };
}

export type SpamReason = 'honeypot' | 'challenge';

export interface OutboxRow extends OutboxInsert {
  id: string;
}

/** The lead as its mails and webhooks need it. */
export interface LeadFacts extends LeadMailInput {
  createdAt: Date;
  status: string;
}

const withIds = (rows: Omit<OutboxInsert, 'id'>[]): OutboxRow[] => rows.map((row) => ({ id: randomUUID(), ...row }));

/**
 * Outbox rows of a lead that arrives (`confirmation: true`) or comes out of spam (`false`): the agency's
 * notification (for a lead out of spam worded so, with the time it arrived), the webhooks, and for a new lead
 * the visitor's confirmation.
 */
export function arrivalRows(
  lead: LeadFacts,
  config: IntakeConfig,
  {
    confirmation,
    releasedBy = null,
  }: { confirmation: boolean; /** who moved it out of spam */ releasedBy?: string | null },
) {
  const released = { receivedAt: lead.createdAt, by: releasedBy };
  const mails = confirmation
    ? leadMails(lead, config)
    : [notificationMail({ ...lead, released }, config)].filter((row) => row !== null);
  const hooks = webhookRows(
    { kind: lead.kind, id: lead.id, createdAt: lead.createdAt, status: lead.status, fields: lead.fields },
    config,
  ).map((row) => ({ leadKind: lead.kind, leadId: lead.id, purpose: 'webhook' as const, ...row }));
  return withIds([...mails, ...hooks]);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Queues rows in the transaction `tx` with their `*_queued` events. */
export async function queueRows(tx: Tx, rows: OutboxRow[], actorId: string | null): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(schema.outbox).values(rows);
  await recordEvents(
    tx,
    rows.map((row) => queuedEvent(row.leadKind, row.leadId, row, actorId)),
  );
}

export interface StoredLead {
  status: string;
  /** Outbox rows queued with the lead. */
  queued: number;
}

/** A rate-limit hit the lead's statement counts (plugins/rate-limit.ts `rateLimitInStatement`). */
export interface StatementLimit {
  hit: RateLimitHit;
  /** Told what was counted before anything else is decided; throws (429) over the limit. */
  settle(result: RateLimitResult): void;
}

/** The columns of a lead's table that its form fills (the intake sets the rest). */
export type FormColumns<K extends LeadKind> = Omit<
  (typeof LEAD_TABLES)[K]['$inferInsert'],
  'id' | 'status' | 'ownerId' | 'createdAt' | 'lastActivityAt' | keyof LeadSource
>;

/** One lead as the database function `store_leads` takes it (migration 0024_store_leads.sql says what each means). */
interface LeadInput {
  table: LeadKind;
  /** Every column of the row by its SQL name (status excepted), null where the lead has no value. */
  lead: Record<string, string | number | boolean | null>;
  honeypot: boolean;
  /** `spend`: a valid solution, spent by the function; `unsolved`: none or an invalid one; `off`: no check. */
  challenge: 'spend' | 'unsolved' | 'off';
  required: boolean;
  rate_limit: { key: string; max: number; window_seconds: number } | null;
  challenge_text: string | null;
  challenge_expires_at: string | null;
  received_if_solved: Record<string, unknown>;
  received_if_not: Record<string, unknown>;
  confirmation_hours: number;
  queue: {
    id: string;
    lead_kind: string;
    lead_id: string;
    purpose: string;
    to: string;
    subject: string;
    body: string;
    reply_to: string | null;
    event_type: string;
    event_data: Record<string, unknown>;
    /** The confirmation's address as the limit compares it; null for other rows. */
    confirm_to: string | null;
  }[];
}

/** What `store_leads` answers for one lead: status null when nothing was stored (over the limit, or refused). */
interface LeadOutcome {
  status?: string | null;
  queued?: number;
  hits?: number | null;
  retry_after?: number | null;
  error?: string;
  code?: string;
}

/** The one statement that stores leads: the same text whatever the leads, their data one JSON parameter. */
const storeLeadsStatement = (leads: LeadInput[]): SQL =>
  sql`select store_leads(${JSON.stringify(leads)}::text::jsonb) as results`;

/** Most leads written by one call; the rest wait for the next. */
const MOST_LEADS_PER_CALL = 100;

const outcomesOf = (rows: Record<string, unknown>[]): LeadOutcome[] => {
  const results = rows[0]?.results;
  return (typeof results === 'string' ? JSON.parse(results) : results) as LeadOutcome[];
};

/**
 * Group commit on PGlite. PGlite runs in this thread and answers a statement without leaving it, so a lead never
 * finds a call running: instead the first lead waits for the end of this turn of the event loop (setImmediate),
 * the leads that reach here in that turn (the requests read from the network together) join it, and all are
 * written by one call, in one transaction, each in its own savepoint inside the function. Every caller is answered
 * only after its call returned, that is after the commit that holds its lead.
 */
interface PendingLead {
  input: LeadInput;
  resolve: (outcome: LeadOutcome) => void;
  reject: (error: unknown) => void;
}

class LeadWriter {
  private waiting: PendingLead[] = [];
  private busy = false;

  constructor(private readonly run: Database['run']) {}

  write(input: LeadInput): Promise<LeadOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (this.busy) return;
      this.busy = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain() {
    try {
      while (this.waiting.length > 0) {
        const calls = this.waiting.splice(0, MOST_LEADS_PER_CALL);
        const inputs = calls.map((call) => call.input);
        try {
          const outcomes = outcomesOf(await this.run(storeLeadsStatement(inputs)));
          calls.forEach((call, i) => call.resolve(outcomes[i] ?? { error: 'no result', code: '' }));
        } catch (error) {
          if (calls.length === 1) calls[0]?.reject(error);
          // The call failed as a whole (a lead its JSON parameter cannot carry): each lead again on its own, so
          // only the one at fault fails.
          else for (const call of calls) await this.writeAlone(call);
        }
      }
    } finally {
      this.busy = false;
    }
  }

  private async writeAlone(call: {
    input: LeadInput;
    resolve: (outcome: LeadOutcome) => void;
    reject: (error: unknown) => void;
  }) {
    try {
      call.resolve(
        outcomesOf(await this.run(storeLeadsStatement([call.input])))[0] ?? { error: 'no result', code: '' },
      );
    } catch (error) {
      call.reject(error);
    }
  }
}

/** One writer per embedded database. */
const writers = new WeakMap<object, LeadWriter>();
const writerOf = (database: Pick<Database, 'db' | 'run'>) => {
  let writer = writers.get(database.db);
  if (!writer) writers.set(database.db, (writer = new LeadWriter(database.run)));
  return writer;
};

/** A lead column's value as JSON: times as ISO text, for `jsonb_populate_record`. */
const jsonValue = (value: unknown): string | number | boolean | null =>
  value instanceof Date ? value.toISOString() : (value as string | number | boolean | null);

/**
 * Stores a lead with everything it triggers by the database function `store_leads` (migration 0024): spends the
 * challenge (a second use counts as unsolved), settles the status, inserts the lead, its `received` event and,
 * unless it is spam, its outbox rows with their `*_queued` events; with `limit`, it first counts the request's
 * rate-limit hit and stores nothing over the limit. PGlite answers one statement at a time, so the leads that
 * arrive together are written by one call (LeadWriter). On PostgreSQL a lead that queues a visitor confirmation
 * first takes that address's lock in a transaction (confirmation-limit.ts), so two leads to one address cannot
 * both pass the check.
 */
export async function storeLead<K extends LeadKind>(
  database: Pick<Database, 'db' | 'kind' | 'run'>,
  lead: { kind: K; id: string; honeypot: boolean; mail: Omit<LeadMailInput, 'kind' | 'id'> },
  intake: Intake,
  config: IntakeConfig,
  columns: FormColumns<K>,
  limit: StatementLimit | null = null,
): Promise<StoredLead> {
  // The lead's own clock reading: its webhook carries it, so it is given rather than left to now().
  const createdAt = new Date();
  const challenge = intake.verdict?.ok ? intake.verdict : null;
  const spamBy = (reason: SpamReason) => ({ ...intake.source, spamReason: reason });
  const surelySpam = lead.honeypot || (!challenge && intake.verdict !== null);
  const rows = surelySpam
    ? []
    : arrivalRows(
        { ...lead.mail, source: intake.source, kind: lead.kind, id: lead.id, createdAt, status: NEW_STATUS },
        config,
        { confirmation: true },
      );
  const confirmations = rows.filter((row) => row.purpose === 'confirmation').map((row) => confirmationAddress(row.to));
  const table = LEAD_TABLES[lead.kind] as PgTable;
  const tableColumns = getTableColumns(table) as Record<string, PgColumn>;
  const given: Record<string, unknown> = {
    ...columns,
    id: lead.id,
    ...intake.source,
    createdAt,
    lastActivityAt: createdAt,
  };
  for (const key of Object.keys(given))
    if (!tableColumns[key]) throw new Error(`${key} is not a column of ${getTableName(table)}`);
  // Every column but the status, which the function settles: one the lead has no value for is null, so a column
  // with a default must be given (a later one with a default fails here, in the tests, not silently).
  const row: LeadInput['lead'] = {};
  for (const [key, column] of Object.entries(tableColumns)) {
    if (column.name === 'status') continue;
    const value = given[key];
    if (value === undefined && column.hasDefault)
      throw new Error(`${column.name} has a default: the lead gives it (store_leads writes null)`);
    row[column.name] = value === undefined ? null : jsonValue(value);
  }
  const input: LeadInput = {
    table: lead.kind,
    lead: row,
    honeypot: lead.honeypot,
    challenge: challenge ? 'spend' : intake.verdict === null ? 'off' : 'unsolved',
    required: config.spamChallenge === 'required',
    rate_limit: limit && { key: limit.hit.key, max: limit.hit.max, window_seconds: limit.hit.windowSeconds },
    challenge_text: challenge?.challenge ?? null,
    challenge_expires_at: challenge?.expiresAt.toISOString() ?? null,
    received_if_solved: lead.honeypot ? spamBy('honeypot') : { ...intake.source },
    received_if_not: lead.honeypot ? spamBy('honeypot') : spamBy('challenge'),
    confirmation_hours: config.confirmationIntervalHours,
    queue: rows.map((row) => {
      const event = queuedEvent(row.leadKind, row.leadId, row, null);
      return {
        id: row.id,
        lead_kind: row.leadKind,
        lead_id: row.leadId,
        purpose: row.purpose,
        to: row.to,
        subject: row.subject,
        body: row.body,
        reply_to: row.replyTo ?? null,
        event_type: event.type,
        event_data: event.data ?? {},
        confirm_to: row.purpose === 'confirmation' ? confirmationAddress(row.to) : null,
      };
    }),
  };

  let outcome: LeadOutcome;
  if (database.kind === 'pglite') outcome = await writerOf(database).write(input);
  else if (confirmations.length === 0) outcome = outcomesOf(await database.run(storeLeadsStatement([input])))[0] ?? {};
  else
    // PostgreSQL: the confirmation's address lock first, in a transaction with the statement.
    outcome =
      (await database.db.transaction(async (tx) => {
        await lockConfirmations(tx, confirmations);
        return outcomesOf(
          ((await tx.execute(storeLeadsStatement([input]))) as unknown as { rows: Record<string, unknown>[] }).rows,
        )[0];
      })) ?? {};
  if (outcome.error !== undefined) throw new Error(`the lead could not be stored (${outcome.code}): ${outcome.error}`);
  if (limit) limit.settle(rateLimitResult(limit.hit, outcome));
  if (!outcome.status) throw altchaError({ ok: false, reason: 'invalid' });
  return { status: outcome.status, queued: Number(outcome.queued) };
}
