// What happens to every lead a visitor sends, whichever form it came from: where it came from, whether it
// solved the proof of work, its status, and what it triggers (mail, webhooks, timeline), all in one transaction.
import { randomUUID } from 'node:crypto';
import {
  ALTCHA_FIELD,
  LeadSourceSchema,
  type LeadKind,
  type LeadSource,
  PIPELINE_MESSAGES,
  type SpamChallengeMode,
} from '@agency/contract';
import type { Db } from '@agency/db';
import { schema } from '@agency/db';
import { HttpError } from '../lib/http-error.ts';
import { parseOr400 } from '../lib/validate.ts';
import { consumeChallenge, type Verdict, verifySolution } from './challenge.ts';
import { type NewEvent, queuedEvent, recordEvents } from './lead-events.ts';
import {
  type LeadMailConfig,
  type LeadMailInput,
  leadMails,
  notificationMail,
  type OutboxInsert,
} from './leads-mail.ts';
import { type WebhookConfig, webhookRows } from './webhooks.ts';
import { withoutRecentConfirmations } from './confirmation-limit.ts';

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
  rows: OutboxRow[];
}

/**
 * In the lead's transaction: spends the challenge (a second use counts as unsolved), settles the status,
 * inserts the lead through `insert`, its `received` event and, unless it is spam, its outbox rows.
 */
export async function storeLead(
  tx: Tx,
  lead: { kind: LeadKind; id: string; honeypot: boolean; mail: Omit<LeadMailInput, 'kind' | 'id'> },
  intake: Intake,
  config: IntakeConfig,
  insert: (columns: { status: string } & LeadSource) => Promise<{ createdAt: Date }[]>,
): Promise<StoredLead> {
  let solved = intake.verdict === null || intake.verdict.ok;
  if (intake.verdict?.ok && !(await consumeChallenge(tx, intake.verdict.challenge, intake.verdict.expiresAt))) {
    if (config.spamChallenge === 'required') throw altchaError({ ok: false, reason: 'invalid' });
    solved = false;
  }
  const spamReason: SpamReason | null = lead.honeypot ? 'honeypot' : solved ? null : 'challenge';
  const status = spamReason ? 'spam' : 'new';
  const [row] = await insert({ status, ...intake.source });
  const received: NewEvent = {
    kind: lead.kind,
    leadId: lead.id,
    type: 'received',
    data: { ...intake.source, ...(spamReason ? { spamReason } : {}) },
  };
  await recordEvents(tx, [received]);
  const rows = spamReason
    ? []
    : arrivalRows(
        { ...lead.mail, kind: lead.kind, id: lead.id, createdAt: row?.createdAt ?? new Date(), status },
        config,
        { confirmation: true },
      );
  const queued = await withoutRecentConfirmations(tx, rows, config.confirmationIntervalHours);
  await queueRows(tx, queued, null);
  return { status, rows: queued };
}
