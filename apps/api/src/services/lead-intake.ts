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
import { Invalid } from '../lib/domain-errors.ts';
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

/** A parameter cast to its column's type: in a SELECT or a VALUES list nothing else gives it one. */
const typed = (value: unknown, column: PgColumn): SQL =>
  is(value, SQL) ? value : sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`;

/** `insert into <table> (<row's columns>) select <row's values> where <condition>`: one row, or none. */
function insertRowWhere(table: PgTable, row: Record<string, unknown>, condition: SQL): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const entries = Object.entries(row);
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

const { outbox } = schema;

/** What decides the structure of a lead's statement; everything else is a value. */
interface LeadShape {
  kind: LeadKind;
  honeypot: boolean;
  /** `spend`: a valid solution, spent by the statement; `unsolved`: none or an invalid one; `off`: no check. */
  challenge: 'spend' | 'unsolved' | 'off';
  /** SPAM_CHALLENGE=required */
  required: boolean;
  /** The statement counts the request's rate-limit hit. */
  limited: boolean;
  /** The lead's columns that have a value. */
  columns: string[];
  /** Outbox rows queued with the lead. */
  queued: number;
}

type Leaf = string | number | boolean | null | Date;
type LeadValues = {
  lead: Record<string, Leaf>;
  /** The `received` event's data (JSON) when the challenge counts as solved, and when not. */
  receivedIfSolved: string;
  receivedIfNot: string;
  challenge: string;
  challengeExpiresAt: string;
  rateLimitKey: string;
  rateLimitMax: number;
  rateLimitWindow: number;
  confirmationHours: number;
  queue: {
    id: string;
    leadKind: string;
    leadId: string;
    purpose: string;
    to: string;
    subject: string;
    body: string;
    eventType: string;
    /** JSON */
    eventData: string;
    /** The confirmation's address as the limit compares it; null for other rows. */
    confirmTo: string | null;
    replyTo: string | null;
  }[];
};

/**
 * A lead with everything it triggers as ONE statement (data-modifying CTEs are one atomic unit): spends the
 * challenge (a second use counts as unsolved), settles the status, inserts the lead, its `received` event
 * and, unless it is spam, its outbox rows with their `*_queued` events. With `limited`, it also counts the
 * request's rate-limit hit and writes nothing over the limit.
 */
function leadStatement(shape: LeadShape, v: LeadValues): SQL {
  const solved =
    shape.challenge === 'spend' ? sql`exists (select 1 from ch)` : sql.raw(String(shape.challenge === 'off'));
  const status = shape.honeypot
    ? sql`${SPAM_STATUS}::text`
    : sql`(case when ${solved} then ${NEW_STATUS}::text else ${SPAM_STATUS}::text end)`;
  const ctes: SQL[] = [];
  if (shape.limited) {
    const hit = { key: v.rateLimitKey, max: v.rateLimitMax, windowSeconds: v.rateLimitWindow };
    ctes.push(sql`rl as (${rateLimitHitSql(hit)})`);
  }
  const allowed = shape.limited ? sql`(select hits from rl) <= ${v.rateLimitMax}::int` : sql`true`;
  if (shape.challenge === 'spend')
    ctes.push(sql`ch as (${spendChallenge(v.challenge, v.challengeExpiresAt, allowed)})`);
  const leadRow = { ...Object.fromEntries(shape.columns.map((column) => [column, v.lead[column]])), status };
  // SPAM_CHALLENGE=required: a challenge used before stores nothing (400).
  const stored = shape.challenge === 'spend' && shape.required ? sql`${allowed} and ${solved}` : allowed;
  ctes.push(sql`lead as (${insertRowWhere(LEAD_TABLES[shape.kind] as PgTable, leadRow, stored)} returning status)`);
  const events = [
    sql`select 0 as ord, ${shape.kind}::text as lead_kind, ${v.lead.id}::uuid as lead_id, 'received'::text as type,
      (case when ${solved} then ${v.receivedIfSolved}::jsonb else ${v.receivedIfNot}::jsonb end) as data
      from lead`,
  ];
  if (shape.queued > 0) {
    const values = v.queue.slice(0, shape.queued).map(
      (row, i) =>
        sql`(${typed(row.id, outbox.id)}, ${typed(row.leadKind, outbox.leadKind)}, ${typed(row.leadId, outbox.leadId)},
        ${typed(row.purpose, outbox.purpose)}, ${typed(row.to, outbox.to)}, ${typed(row.subject, outbox.subject)},
        ${typed(row.body, outbox.body)}, ${i + 1}::int, ${row.eventType}::text, ${row.eventData}::jsonb,
        ${row.confirmTo}::text, ${row.replyTo}::text)`,
    );
    ctes.push(sql`queue (id, lead_kind, lead_id, purpose, "to", subject, body, ord, event_type, event_data, confirm_to, reply_to) as (
      values ${sql.join(values, sql`, `)})`);
    ctes.push(sql`ob as (
      insert into outbox (id, lead_kind, lead_id, purpose, "to", subject, body, reply_to)
      select id, lead_kind, lead_id, purpose, "to", subject, body, reply_to from queue
      where exists (select 1 from lead where status = ${NEW_STATUS})
        and (confirm_to is null or ${noRecentConfirmation(sql`confirm_to`, v.confirmationHours)})
      returning id)`);
    events.push(sql`select ord, lead_kind, lead_id, event_type, event_data from queue where id in (select id from ob)`);
  }
  // Ordered so the timeline's `seq` puts `received` before what it queued.
  ctes.push(sql`ev as (
    insert into lead_events (lead_kind, lead_id, type, data)
    select lead_kind, lead_id, type, data from (${sql.join(events, sql` union all `)}) e order by ord)`);
  const queued = shape.queued > 0 ? sql`(select count(*) from ob)::int` : sql`0`;
  const counted = shape.limited
    ? sql`, (select hits from rl) as hits, (select retry_after from rl) as retry_after`
    : sql``;
  return sql`with ${sql.join(ctes, sql`, `)}
    select (select status from lead) as status, ${queued} as queued${counted}`;
}

/**
 * Stores a lead with everything it triggers in one statement (leadStatement). PGlite runs in this process
 * and answers one statement at a time, so every round trip of a lead would queue the others behind it
 * (issue 14). On PostgreSQL a lead that queues a visitor confirmation first takes that address's lock in a
 * transaction (confirmation-limit.ts), so two leads to one address cannot both pass the check.
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
  const leadColumns = Object.fromEntries(
    Object.entries({ ...columns, id: lead.id, ...intake.source, createdAt, lastActivityAt: createdAt }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as Record<string, Leaf>;
  const shape: LeadShape = {
    kind: lead.kind,
    honeypot: lead.honeypot,
    challenge: challenge ? 'spend' : intake.verdict === null ? 'off' : 'unsolved',
    required: config.spamChallenge === 'required',
    limited: limit !== null,
    columns: Object.keys(leadColumns),
    queued: rows.length,
  };
  const values: LeadValues = {
    lead: leadColumns,
    receivedIfSolved: JSON.stringify(lead.honeypot ? spamBy('honeypot') : { ...intake.source }),
    receivedIfNot: JSON.stringify(lead.honeypot ? spamBy('honeypot') : spamBy('challenge')),
    challenge: challenge?.challenge ?? '',
    challengeExpiresAt: challenge?.expiresAt.toISOString() ?? '',
    rateLimitKey: limit?.hit.key ?? '',
    rateLimitMax: limit?.hit.max ?? 0,
    rateLimitWindow: limit?.hit.windowSeconds ?? 0,
    confirmationHours: config.confirmationIntervalHours,
    queue: rows.map((row) => {
      const event = queuedEvent(row.leadKind, row.leadId, row, null);
      return {
        id: row.id,
        leadKind: row.leadKind,
        leadId: row.leadId,
        purpose: row.purpose,
        to: row.to,
        subject: row.subject,
        body: row.body,
        eventType: event.type,
        eventData: JSON.stringify(event.data ?? {}),
        confirmTo: row.purpose === 'confirmation' ? confirmationAddress(row.to) : null,
        replyTo: row.replyTo ?? null,
      };
    }),
  };

  type Row = { status?: string | null; queued?: unknown; hits?: unknown; retry_after?: unknown };
  // One statement, committed on its own. PostgreSQL: a lead that queues a confirmation first takes its
  // address's lock, in a transaction with the statement.
  const statement = leadStatement(shape, values);
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
