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
  SPAM_STATUS,
  type SpamChallengeMode,
} from '@agency/contract';
import { type Database, type Db, schema, sql } from '@agency/db';
import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { HttpError } from '../lib/http-error.ts';
import { parseOr400 } from '../lib/validate.ts';
import { spendChallenge, type Verdict, verifySolution } from './challenge.ts';
import { queuedEvent, recordEvents } from './lead-events.ts';
import {
  type LeadMailConfig,
  type LeadMailInput,
  leadMails,
  notificationMail,
  type OutboxInsert,
} from './leads-mail.ts';
import { type WebhookConfig, webhookRows } from './webhooks.ts';
import { confirmationAddress, lockConfirmations, noRecentConfirmation } from './confirmation-limit.ts';
import { LEAD_TABLES } from './leads.ts';
import { type RateLimitHit, type RateLimitResult, rateLimitHitSql, rateLimitResult } from './rate-limit.ts';

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
  return new HttpError(400, message, { [ALTCHA_FIELD]: message });
};

/** Reads the optional source fields and checks the proof of work; SPAM_CHALLENGE=required refuses here. */
export function readIntake(fields: Record<string, unknown>, config: IntakeConfig): Intake {
  const source = parseOr400(LeadSourceSchema, {
    sourcePath: fields.sourcePath,
    referrer: fields.referrer,
    utmSource: fields.utmSource,
    utmMedium: fields.utmMedium,
    utmCampaign: fields.utmCampaign,
  });
  if (config.spamChallenge === 'off') return { source, verdict: null };
  const verdict = verifySolution(fields[ALTCHA_FIELD], config.challengeSecret);
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
 * notification, the webhooks, and for a new lead the visitor's confirmation.
 */
export function arrivalRows(lead: LeadFacts, config: IntakeConfig, { confirmation }: { confirmation: boolean }) {
  const mails = confirmation ? leadMails(lead, config) : [notificationMail(lead, config)].filter((row) => row !== null);
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

/** A parameter cast to its column's type: in a SELECT or a VALUES list nothing else gives it one. */
const typed = (value: unknown, column: PgColumn): SQL =>
  is(value, SQL) ? value : sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`;

/** `insert into <table> (<row's columns>) select <row's values> where <condition>`: one row, or none. */
function insertRowWhere(table: PgTable, row: Record<string, unknown>, condition: SQL): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const entries = Object.entries(row).filter(([, value]) => value !== undefined);
  const names = entries.map(([key]) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of ${getTableName(table)}`);
    return column;
  });
  return sql`insert into ${table} (${sql.join(
    names.map((column) => sql.identifier(column.name)),
    sql`, `,
  )}) select ${sql.join(
    entries.map(([, value], i) => typed(value, names[i] as PgColumn)),
    sql`, `,
  )} where ${condition}`;
}

const { outbox, leadEvents } = schema;

/**
 * Stores a lead with everything it triggers in ONE statement (data-modifying CTEs are one atomic unit):
 * spends the challenge (a second use counts as unsolved), settles the status, inserts the lead, its `received`
 * event and, unless it is spam, its outbox rows with their `*_queued` events. PGlite runs in this process and
 * answers one statement at a time, so every round trip of a lead would queue the others behind it (issue 14).
 * With `limit`, the statement also counts the request's rate-limit hit and writes nothing over the limit.
 * On PostgreSQL a lead that queues a visitor confirmation first takes that address's lock in a transaction
 * (confirmation-limit.ts), so two leads to one address cannot both pass the check.
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
  // Known now unless the challenge still has to be spent: then the statement decides.
  const solved = challenge ? sql`exists (select 1 from ch)` : sql.raw(String(intake.verdict === null));
  const spamBy = (reason: SpamReason) => ({ ...intake.source, spamReason: reason });
  const receivedIfSolved = lead.honeypot ? spamBy('honeypot') : { ...intake.source };
  const receivedIfNot = lead.honeypot ? spamBy('honeypot') : spamBy('challenge');
  const status = lead.honeypot
    ? sql`${SPAM_STATUS}::text`
    : sql`(case when ${solved} then ${NEW_STATUS}::text else ${SPAM_STATUS}::text end)`;
  const surelySpam = lead.honeypot || (!challenge && intake.verdict !== null);
  const rows = surelySpam
    ? []
    : arrivalRows({ ...lead.mail, kind: lead.kind, id: lead.id, createdAt, status: NEW_STATUS }, config, {
        confirmation: true,
      });
  const confirmations = rows.filter((row) => row.purpose === 'confirmation').map((row) => confirmationAddress(row.to));

  const ctes: SQL[] = [];
  if (limit) ctes.push(sql`rl as (${rateLimitHitSql(limit.hit)})`);
  const allowed = limit ? sql`(select hits from rl) <= ${limit.hit.max}::int` : sql`true`;
  if (challenge) {
    ctes.push(sql`ch as (${spendChallenge(challenge.challenge, challenge.expiresAt, allowed)})`);
  }
  const table = LEAD_TABLES[lead.kind] as PgTable;
  const leadRow = {
    ...columns,
    id: lead.id,
    status,
    ...intake.source,
    createdAt,
    lastActivityAt: createdAt,
  };
  // SPAM_CHALLENGE=required: a challenge used before stores nothing (400).
  const stored = challenge && config.spamChallenge === 'required' ? sql`${allowed} and ${solved}` : allowed;
  ctes.push(sql`lead as (${insertRowWhere(table, leadRow, stored)} returning status)`);
  const events = [
    sql`select 0 as ord, ${lead.kind}::text as lead_kind, ${lead.id}::uuid as lead_id, 'received'::text as type,
      (case when ${solved} then ${JSON.stringify(receivedIfSolved)}::jsonb else ${JSON.stringify(receivedIfNot)}::jsonb end) as data
      from lead`,
  ];
  if (rows.length > 0) {
    const values = rows.map((row, i) => {
      const event = queuedEvent(row.leadKind, row.leadId, row, null);
      return sql`(${typed(row.id, outbox.id)}, ${typed(row.leadKind, outbox.leadKind)}, ${typed(row.leadId, outbox.leadId)},
        ${typed(row.purpose, outbox.purpose)}, ${typed(row.to, outbox.to)}, ${typed(row.subject, outbox.subject)},
        ${typed(row.body, outbox.body)}, ${i + 1}::int, ${typed(event.type, leadEvents.type)},
        ${typed(event.data ?? {}, leadEvents.data)}, ${row.purpose === 'confirmation' ? confirmationAddress(row.to) : null}::text)`;
    });
    ctes.push(sql`queue (id, lead_kind, lead_id, purpose, "to", subject, body, ord, event_type, event_data, confirm_to) as (
      values ${sql.join(values, sql`, `)})`);
    ctes.push(sql`ob as (
      insert into outbox (id, lead_kind, lead_id, purpose, "to", subject, body)
      select id, lead_kind, lead_id, purpose, "to", subject, body from queue
      where exists (select 1 from lead where status = ${NEW_STATUS})
        and (confirm_to is null or ${noRecentConfirmation(sql`confirm_to`, config.confirmationIntervalHours)})
      returning id)`);
    events.push(sql`select ord, lead_kind, lead_id, event_type, event_data from queue where id in (select id from ob)`);
  }
  // Ordered so the timeline's `seq` puts `received` before what it queued.
  ctes.push(sql`ev as (
    insert into lead_events (lead_kind, lead_id, type, data)
    select lead_kind, lead_id, type, data from (${sql.join(events, sql` union all `)}) e order by ord)`);
  const queued = rows.length > 0 ? sql`(select count(*) from ob)::int` : sql`0`;
  const counted = limit ? sql`, (select hits from rl) as hits, (select retry_after from rl) as retry_after` : sql``;
  const statement = sql`with ${sql.join(ctes, sql`, `)}
    select (select status from lead) as status, ${queued} as queued${counted}`;

  type Row = { status?: string | null; queued?: unknown; hits?: unknown; retry_after?: unknown };
  // PGlite: one prepared statement in one call into the engine (Database.run). PostgreSQL: a lead that queues
  // a confirmation first takes its address's lock, in a transaction with the statement.
  const row = (
    database.kind === 'postgres' && confirmations.length > 0
      ? await database.db.transaction(async (tx) => {
          await lockConfirmations(tx, confirmations);
          return ((await tx.execute(statement)) as unknown as { rows: Row[] }).rows[0];
        })
      : (await database.run(statement))[0]
  ) as Row | undefined;
  if (limit) limit.settle(rateLimitResult(limit.hit, row));
  if (!row?.status) throw altchaError({ ok: false, reason: 'invalid' });
  return { status: row.status, queued: Number(row.queued) };
}
