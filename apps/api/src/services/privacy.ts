// Erasure, access and retention: every copy of a lead goes together — the row, its stored file, its
// mails and webhooks in the outbox (sent or waiting) and its timeline.
import {
  AUDIT_RETENTION_DAYS,
  type ErasureResult,
  LEAD_KINDS,
  LEAD_KINDS_WITH_FILE,
  type LeadKind,
  type RetentionPeriods,
  type RetentionPreview,
  SPAM_STATUS,
} from '@agency/contract';
import { and, count, type Db, desc, eq, isNotNull, lt, or, schema, sql } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import { hashEmail, pruneAudit, recordAudit } from './audit.ts';
import { attachmentsOf, deleteAnswersOf } from './lead-attachments.ts';
import { LEAD_TABLES } from './leads.ts';
import type { Storage } from './storage.ts';
import { createZip, type ZipEntry } from './zip.ts';
import type { Log } from '../lib/logger.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The three lead tables share the columns used here (id, email, status, last_activity_at, file_*). */
type AnyLeadTable = typeof schema.quotes;
const tableOf = (kind: LeadKind) => LEAD_TABLES[kind] as unknown as AnyLeadTable;
const hasFile = (kind: LeadKind) => (LEAD_KINDS_WITH_FILE as readonly LeadKind[]).includes(kind);

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Any fixed number: the advisory lock that lets one instance at a time run the retention job. */
const RETENTION_LOCK = 7_391_011;

/** An address in any case: addresses are stored as typed. */
const emailIs = (table: AnyLeadTable, email: string) => sql`lower(${table.email}) = ${email.trim().toLowerCase()}`;

interface Removed {
  leads: number;
  mails: number;
  fileKeys: string[];
}

/** Deletes the leads of `kind` matching `where` with their outbox rows and timeline, in `tx`. */
async function deleteLeads(tx: Tx, kind: LeadKind, where: SQL): Promise<Removed> {
  const table = tableOf(kind);
  const ids = tx.select({ id: table.id }).from(table).where(where);
  const mails = await tx
    .delete(schema.outbox)
    .where(and(eq(schema.outbox.leadKind, kind), sql`${schema.outbox.leadId} in ${ids}`))
    .returning({ id: schema.outbox.id });
  await tx
    .delete(schema.leadEvents)
    .where(and(eq(schema.leadEvents.leadKind, kind), sql`${schema.leadEvents.leadId} in ${ids}`));
  const answerFiles = await deleteAnswersOf(tx, kind, ids);
  // Contacts have no file columns: asking for one would name a column that does not exist.
  const rows = (await tx
    .delete(table)
    .where(where)
    .returning(hasFile(kind) ? { id: table.id, fileKey: table.fileKey } : { id: table.id })) as {
    id: string;
    fileKey?: string | null;
  }[];
  const fileKeys = [...rows.flatMap((row) => (row.fileKey ? [row.fileKey] : [])), ...answerFiles];
  return { leads: rows.length, mails: mails.length, fileKeys };
}

/** Removes stored files once their rows are gone; answers how many went. A failure is logged, not thrown. */
async function deleteFiles(storage: Storage, keys: string[], log?: Log): Promise<number> {
  let removed = 0;
  for (const key of keys) {
    try {
      await storage.delete(key);
      removed++;
    } catch (error) {
      log?.error({ err: error, fileKey: key }, 'file of a deleted lead could not be removed');
    }
  }
  return removed;
}

/**
 * Right to erasure: every lead of `email` (all kinds, any case) and all its copies, in one transaction with its
 * audit entry `privacy.erased` (its `files`: the files the erased leads held); the files go once it is committed.
 */
export async function eraseByEmail(
  db: Db,
  storage: Storage,
  email: string,
  request: Parameters<typeof recordAudit>[1],
  log?: Log,
): Promise<ErasureResult> {
  const { counts, fileKeys } = await db.transaction(async (tx) => {
    const counts = { quotes: 0, contacts: 0, applications: 0, mails: 0 };
    const fileKeys: string[] = [];
    for (const kind of LEAD_KINDS) {
      const removed = await deleteLeads(tx, kind, emailIs(tableOf(kind), email));
      counts[kind] = removed.leads;
      counts.mails += removed.mails;
      fileKeys.push(...removed.fileKeys);
    }
    await recordAudit(tx, request, {
      action: 'privacy.erased',
      target: { type: 'email', id: hashEmail(email) },
      data: { ...counts, files: fileKeys.length },
    });
    return { counts, fileKeys };
  });
  return { ...counts, files: await deleteFiles(storage, fileKeys, log) };
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const plain = (row: Record<string, unknown>, drop: string[] = []) =>
  Object.fromEntries(Object.entries(row).flatMap(([key, value]) => (drop.includes(key) ? [] : [[key, iso(value)]])));

/** A stored file's name inside the archive, under files/. */
const zipName = (prefix: string, fileName: string | null) =>
  `files/${prefix}-${(fileName ?? 'file').replace(/[/\\]/g, '_')}`;

/**
 * Right of access: a ZIP of `records.json` (every stored record of `email`) and the files they sent: a lead's own
 * file (a brief, a CV) and the files that came with their answers by mail (`answerFiles`).
 */
export async function exportByEmail(
  db: Db,
  storage: Storage,
  email: string,
  request: Parameters<typeof recordAudit>[1],
): Promise<{ zip: Buffer; counts: Record<string, number> }> {
  const files: ZipEntry[] = [];
  const records: Record<string, unknown> = { email: email.trim(), exportedAt: new Date().toISOString() };
  const counts: Record<string, number> = {};
  for (const kind of LEAD_KINDS) {
    const table = tableOf(kind);
    const rows = await db.select().from(table).where(emailIs(table, email)).orderBy(desc(table.createdAt));
    counts[kind] = rows.length;
    records[kind] = await Promise.all(
      rows.map(async (row) => {
        const events = await db
          .select()
          .from(schema.leadEvents)
          .where(and(eq(schema.leadEvents.leadKind, kind), eq(schema.leadEvents.leadId, row.id)))
          .orderBy(schema.leadEvents.createdAt, schema.leadEvents.seq);
        const mails = await db
          .select()
          .from(schema.outbox)
          .where(and(eq(schema.outbox.leadKind, kind), eq(schema.outbox.leadId, row.id)))
          .orderBy(schema.outbox.createdAt);
        let file: string | null = null;
        const stored = hasFile(kind) && row.fileKey ? await storage.get(row.fileKey) : null;
        if (stored) {
          file = zipName(`${kind}-${row.id}`, row.fileName);
          files.push({ name: file, data: await streamToBuffer(stored.stream) });
        }
        const answerFiles = [];
        for (const attachment of await attachmentsOf(db, kind, row.id)) {
          const kept = await storage.get(attachment.fileKey);
          const name = kept ? zipName(`${kind}-${row.id}-answer-${attachment.id}`, attachment.fileName) : null;
          if (kept && name) files.push({ name, data: await streamToBuffer(kept.stream) });
          answerFiles.push({ ...plain(attachment, ['fileKey', 'leadKind', 'leadId']), file: name });
        }
        return {
          ...plain(row, ['fileKey']),
          file,
          answerFiles,
          timeline: events.map((event) => plain(event, ['leadKind', 'leadId', 'seq'])),
          mails: mails.map((mail) => plain(mail, ['leadKind', 'leadId', 'lockedUntil'])),
        };
      }),
    );
  }
  const [account] = await db
    .select({
      id: schema.users.id,
      name: schema.users.name,
      email: schema.users.email,
      role: schema.users.role,
      createdAt: schema.users.createdAt,
    })
    .from(schema.users)
    .where(eq(schema.users.email, email.trim().toLowerCase()));
  records.account = account ? plain(account) : null;
  counts.files = files.length;
  await recordAudit(db, request, {
    action: 'privacy.exported',
    target: { type: 'email', id: hashEmail(email) },
    data: counts,
  });
  const json = Buffer.from(`${JSON.stringify(records, null, 2)}\n`, 'utf8');
  return { zip: createZip([{ name: 'records.json', data: json }, ...files]), counts };
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Leads of `kind` past their period at `now`: spam after periods.spam, any lead after its kind's period. */
function expired(kind: LeadKind, now: Date, periods: RetentionPeriods): SQL {
  const table = tableOf(kind);
  return or(
    lt(table.lastActivityAt, daysBefore(now, periods[kind])),
    and(eq(table.status, SPAM_STATUS), lt(table.lastActivityAt, daysBefore(now, periods.spam))),
  ) as SQL;
}

async function lastRunAt(db: Pick<Db, 'select'>): Promise<Date | null> {
  const [row] = await db
    .select({ at: schema.auditLog.at })
    .from(schema.auditLog)
    .where(eq(schema.auditLog.action, 'privacy.retention_run'))
    .orderBy(desc(schema.auditLog.at))
    .limit(1);
  return row?.at ?? null;
}

/** What a run at `now` would delete. */
export async function previewRetention(db: Db, now: Date, periods: RetentionPeriods): Promise<RetentionPreview> {
  const due = { quotes: 0, contacts: 0, applications: 0, files: 0, mails: 0, audit: 0 };
  for (const kind of LEAD_KINDS) {
    const table = tableOf(kind);
    const where = expired(kind, now, periods);
    const [leads] = await db.select({ n: count() }).from(table).where(where);
    due[kind] = Number(leads?.n ?? 0);
    if (hasFile(kind)) {
      const [files] = await db
        .select({ n: count() })
        .from(table)
        .where(and(where, isNotNull(table.fileKey)));
      due.files += Number(files?.n ?? 0);
    }
    const ids = db.select({ id: table.id }).from(table).where(where);
    const [mails] = await db
      .select({ n: count() })
      .from(schema.outbox)
      .where(and(eq(schema.outbox.leadKind, kind), sql`${schema.outbox.leadId} in ${ids}`));
    due.mails += Number(mails?.n ?? 0);
  }
  const [audit] = await db
    .select({ n: count() })
    .from(schema.auditLog)
    .where(lt(schema.auditLog.at, daysBefore(now, AUDIT_RETENTION_DAYS)));
  due.audit = Number(audit?.n ?? 0);
  const cutoff = (days: number) => daysBefore(now, days).toISOString();
  const last = await lastRunAt(db);
  return {
    periods,
    cutoffs: {
      quotes: cutoff(periods.quotes),
      contacts: cutoff(periods.contacts),
      applications: cutoff(periods.applications),
      spam: cutoff(periods.spam),
    },
    due,
    lastRunAt: last?.toISOString() ?? null,
  };
}

export type RetentionRun =
  | {
      status: 'ran';
      quotes: number;
      contacts: number;
      applications: number;
      files: number;
      mails: number;
      audit: number;
    }
  /** Another instance holds the lock, or a run happened less than a day before `now`. */
  | { status: 'busy' | 'not-due' };

export interface RetentionRunOptions {
  now?: Date;
  periods: RetentionPeriods;
  /** Skip when the last run is less than a day old (the scheduler); a forced run ignores it. */
  onlyIfDue?: boolean;
  log?: Log;
}

/**
 * The daily retention job: deletes expired leads with their copies and audit entries older than
 * AUDIT_RETENTION_DAYS, and records the counts in the audit log. One instance at a time: the run
 * holds a transaction-scoped advisory lock, and a second instance that cannot take it does nothing.
 */
export async function runRetention(db: Db, storage: Storage, options: RetentionRunOptions): Promise<RetentionRun> {
  const now = options.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!locked.rows[0]?.locked) return { status: 'busy' as const };
    if (options.onlyIfDue) {
      const last = await lastRunAt(tx);
      if (last && now.getTime() - last.getTime() < DAY_MS) return { status: 'not-due' as const };
    }
    const counts = { quotes: 0, contacts: 0, applications: 0, mails: 0 };
    const fileKeys: string[] = [];
    for (const kind of LEAD_KINDS) {
      const removed = await deleteLeads(tx, kind, expired(kind, now, options.periods));
      counts[kind] = removed.leads;
      counts.mails += removed.mails;
      fileKeys.push(...removed.fileKeys);
    }
    const audit = await pruneAudit(tx, now, AUDIT_RETENTION_DAYS);
    const run = { status: 'ran' as const, ...counts, files: fileKeys.length, audit };
    // In the run's transaction, so an instance waiting for the lock sees it; at the run's own time, so a
    // clock moved forward keeps the daily rhythm.
    const { status: _status, ...data } = run;
    await recordAudit(tx, null, {
      action: 'privacy.retention_run',
      target: { type: 'retention', id: now.toISOString().slice(0, 10) },
      data: { ...data, periods: options.periods },
      at: now,
    });
    return { ...run, fileKeys };
  });
  if (outcome.status !== 'ran') return outcome;
  // The rows are gone; a file that cannot be removed now is logged with its key for the operator.
  const { fileKeys, ...run } = outcome;
  await deleteFiles(storage, fileKeys, options.log);
  return run;
}
