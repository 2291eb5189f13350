// Files one message from the agency's mailbox on its lead (issue 32): which lead it answers (In-Reply-To and
// References naming a mail we sent, else the plus tag of the address it was sent to, else its sender on an open
// lead), then in one transaction its timeline entry (reply_received), its attachments, the lead marked unread and
// the owner's (else the leads inbox's) notification. The IMAP side is plugins/inbound.ts.
import { randomUUID } from 'node:crypto';
import {
  CLOSED_LEAD_STATUSES,
  INBOUND_ATTACHMENT_MAX_BYTES,
  INBOUND_TEXT_MAX_LENGTH,
  LEAD_KINDS,
  leadAdminPath,
  type LeadKind,
} from '@agency/contract';
import { type Db, eq, schema, sql } from '@agency/db';
import type { AddressObject, ParsedMail } from 'mailparser';
import { nameForContent, readAttachment } from './file-type.ts';
import { type InboundConfig, leadOfPlusAddress, outboxIdOf } from './inbound-address.ts';
import { queueRows } from './lead-intake.ts';
import { recordEvents } from './lead-events.ts';
import { type LeadMailConfig, recipientFor } from './leads-mail.ts';
import { displayFileName, LEAD_TABLES, leadFileKey } from './leads.ts';
import { stripQuotedHistory } from './reply-text.ts';
import type { Storage } from './storage.ts';
import type { Log } from '../lib/logger.ts';

/** A message as the filing needs it, read from its source by mailparser. */
export interface IncomingMessage {
  /** Its Message-ID with angle brackets, or `<sha256:…@source>` of its bytes when it has none. */
  messageId: string;
  /** In-Reply-To first, then References from the newest. */
  answers: string[];
  /** Its References as written (oldest first): a reply to it repeats them before its Message-ID. */
  references: string[];
  /** Addresses it was delivered to (To, Cc, Delivered-To, X-Original-To): the plus tag is read from them. */
  recipients: string[];
  from: { address: string; name: string } | null;
  subject: string;
  /** What the sender wrote, without the quoted history. */
  text: string;
  attachments: { fileName: string; declaredType: string; data: Buffer }[];
}

const addressesOf = (value: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) =>
    object.value.flatMap((entry) =>
      entry.address ? [{ address: entry.address.trim().toLowerCase(), name: entry.name ?? '' }] : [],
    ),
  );

const ids = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).map((id) => id.trim()).filter(Boolean);

export function readIncoming(parsed: ParsedMail, fallbackId: string): IncomingMessage {
  const header = (name: string) => parsed.headers.get(name) as AddressObject | AddressObject[] | undefined;
  const recipients = [
    ...addressesOf(parsed.to),
    ...addressesOf(parsed.cc),
    ...addressesOf(header('delivered-to')),
    ...addressesOf(header('x-original-to')),
  ].map((entry) => entry.address);
  const text = stripQuotedHistory(parsed.text ?? '');
  return {
    messageId: parsed.messageId?.trim() || fallbackId,
    answers: [...ids(parsed.inReplyTo), ...ids(parsed.references).reverse()],
    references: ids(parsed.references),
    recipients: [...new Set(recipients)],
    from: addressesOf(parsed.from)[0] ?? null,
    subject: (parsed.subject ?? '').replace(/\s+/g, ' ').trim().slice(0, 300),
    text: text.length > INBOUND_TEXT_MAX_LENGTH ? `${text.slice(0, INBOUND_TEXT_MAX_LENGTH - 1)}…` : text,
    // Images shown inside an HTML message (a signature's logo) are part of its look, not files sent.
    attachments: parsed.attachments
      .filter((attachment) => !attachment.related)
      .map((attachment) => ({
        fileName: displayFileName(attachment.filename ?? 'attachment'),
        declaredType: attachment.contentType ?? '',
        data: attachment.content,
      })),
  };
}

export type KnownStatus = 'filed' | 'unmatched' | 'too_large';

/** What the watcher already decided about this Message-ID, if anything. */
export async function knownMessage(db: Db, messageId: string): Promise<KnownStatus | null> {
  const [row] = await db
    .select({ status: schema.inboundMessages.status })
    .from(schema.inboundMessages)
    .where(eq(schema.inboundMessages.messageId, messageId));
  return (row?.status as KnownStatus | undefined) ?? null;
}

/** Remembers a message left in the mailbox (unmatched or too large), once. */
export async function recordLeftMessage(
  db: Db,
  messageId: string,
  status: Exclude<KnownStatus, 'filed'>,
  sizeBytes: number,
): Promise<void> {
  await db.insert(schema.inboundMessages).values({ messageId, status, sizeBytes }).onConflictDoNothing();
}

type LeadRef = { kind: LeadKind; id: string };

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function leadExists(db: Db, lead: LeadRef): Promise<boolean> {
  const table = LEAD_TABLES[lead.kind];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, lead.id));
  return row !== undefined;
}

const isLeadKind = (kind: string): kind is LeadKind => (LEAD_KINDS as readonly string[]).includes(kind);

/** The lead a message answers, or null (left in the mailbox). */
export async function matchLead(
  db: Db,
  inbound: Pick<InboundConfig, 'address'>,
  message: IncomingMessage,
): Promise<LeadRef | null> {
  // 1. A mail we sent (its outbox row) or an answer filed before, named by In-Reply-To or References.
  for (const answered of message.answers) {
    const outboxId = outboxIdOf(answered);
    const [row] = outboxId
      ? await rowsOf<{ lead_kind: string; lead_id: string }>(
          db,
          sql`select lead_kind, lead_id from outbox where id = ${outboxId}`,
        )
      : await rowsOf<{ lead_kind: string; lead_id: string }>(
          db,
          sql`select lead_kind, lead_id from inbound_messages where message_id = ${answered} and status = 'filed'`,
        );
    if (row && isLeadKind(row.lead_kind) && (await leadExists(db, { kind: row.lead_kind, id: row.lead_id }))) {
      return { kind: row.lead_kind, id: row.lead_id };
    }
  }
  // 2. The plus tag of the mailbox's address it was sent to.
  for (const recipient of message.recipients) {
    const lead = leadOfPlusAddress(inbound, recipient);
    if (lead && (await leadExists(db, lead))) return lead;
  }
  // 3. Its sender is the address of an open lead (the most recently active one).
  const from = message.from?.address;
  if (!from) return null;
  const closed = sql.join(
    CLOSED_LEAD_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const [row] = await rowsOf<{ kind: LeadKind; id: string }>(
    db,
    sql`select kind, id from (${sql.join(
      LEAD_KINDS.map(
        (kind) =>
          sql`select ${kind}::text as kind, id, last_activity_at from ${LEAD_TABLES[kind]}
              where lower(email) = ${from} and status not in (${closed})`,
      ),
      sql` union all `,
    )}) l order by last_activity_at desc limit 1`,
  );
  return row ?? null;
}

export interface FilingDeps {
  db: Db;
  storage: Storage;
  log: Log;
  mail: LeadMailConfig;
}

export type FilingResult = { filed: true; attachments: number } | { filed: false };

/**
 * Files the message on `lead`: attachments stored first (checked like a quote's file: a program is refused, the
 * rest kept as what its bytes are), then one transaction; `{ filed: false }` when its Message-ID was filed
 * already (by another instance, or an earlier copy), the stored files then removed again.
 */
export async function fileMessage(
  deps: FilingDeps,
  message: IncomingMessage,
  lead: LeadRef,
  sizeBytes: number,
): Promise<FilingResult> {
  const { db, storage, log } = deps;
  const stored: { id: string; key: string; fileName: string; fileType: string; size: number }[] = [];
  const refused: { fileName: string; reason: string }[] = [];
  for (const attachment of message.attachments) {
    if (attachment.data.length > INBOUND_ATTACHMENT_MAX_BYTES) {
      refused.push({ fileName: attachment.fileName, reason: 'too large' });
      continue;
    }
    const { program, contentType } = await readAttachment(attachment.data, attachment.declaredType);
    if (program) {
      refused.push({ fileName: attachment.fileName, reason: 'a program' });
      continue;
    }
    const key = leadFileKey(lead.kind, lead.id);
    await storage.put(key, attachment.data);
    stored.push({
      id: randomUUID(),
      key,
      fileName: nameForContent(attachment.fileName, contentType),
      fileType: contentType,
      size: attachment.data.length,
    });
  }
  if (refused.length > 0) log.warn({ lead, refused }, 'inbound: attachments of an answer were not kept');
  const removeStored = () => Promise.all(stored.map((file) => storage.delete(file.key).catch(() => {})));

  let filed: boolean;
  try {
    filed = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(schema.inboundMessages)
        .values({ messageId: message.messageId, status: 'filed', leadKind: lead.kind, leadId: lead.id, sizeBytes })
        .onConflictDoNothing()
        .returning({ id: schema.inboundMessages.id });
      if (!claimed) return false;
      if (stored.length > 0) {
        await tx.insert(schema.leadAttachments).values(
          stored.map((file) => ({
            id: file.id,
            leadKind: lead.kind,
            leadId: lead.id,
            fileKey: file.key,
            fileName: file.fileName,
            fileType: file.fileType,
            fileSize: file.size,
          })),
        );
      }
      await recordEvents(tx, [
        {
          kind: lead.kind,
          leadId: lead.id,
          type: 'reply_received',
          data: {
            messageId: message.messageId,
            references: message.references,
            from: message.from?.address ?? '',
            subject: message.subject,
            text: message.text,
            attachments: stored.map((file) => ({ id: file.id, fileName: file.fileName, size: file.size })),
            ...(refused.length > 0 ? { refused } : {}),
          },
        },
      ]);
      const table = LEAD_TABLES[lead.kind];
      const [row] = await tx
        .update(table)
        .set({ unreadReplyAt: sql`now()`, lastActivityAt: sql`now()` })
        .where(eq(table.id, lead.id))
        .returning();
      if (!row) throw new Error('the lead was erased while its answer was filed');
      const notice = await noticeMail(tx, deps.mail, lead, row as unknown as Record<string, unknown>, message, stored);
      if (notice) await queueRows(tx, [notice], null);
      return true;
    });
  } catch (error) {
    await removeStored();
    throw error;
  }
  if (!filed) await removeStored();
  return filed ? { filed: true, attachments: stored.length } : { filed: false };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const KIND_WORDS: Record<LeadKind, string> = {
  quotes: 'quote request',
  contacts: 'contact message',
  applications: 'job application',
};

/** The mail telling the lead's owner (else the leads inbox) that an answer came; null without either. */
async function noticeMail(
  tx: Tx,
  config: LeadMailConfig,
  lead: LeadRef,
  row: Record<string, unknown>,
  message: IncomingMessage,
  files: { fileName: string; size: number }[],
) {
  const ownerId = typeof row.ownerId === 'string' ? row.ownerId : null;
  const [owner] = ownerId
    ? await tx.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, ownerId))
    : [];
  const to = owner?.email ?? recipientFor(lead.kind, row, config);
  if (!to) return null;
  const sender = message.from
    ? message.from.name
      ? `${message.from.name} <${message.from.address}>`
      : message.from.address
    : 'The sender';
  const lines = [
    `${sender} answered on their ${KIND_WORDS[lead.kind]}.`,
    '',
    `Subject: ${message.subject || '(none)'}`,
    '',
    message.text.length > 4000 ? `${message.text.slice(0, 3999)}…` : message.text,
    '',
  ];
  if (files.length > 0) {
    lines.push(`Attachments: ${files.map((file) => `${file.fileName} (${file.size} bytes)`).join(', ')}`, '');
  }
  lines.push(`Open the lead to answer from the site: ${config.siteUrl}${leadAdminPath(lead.kind, lead.id)}`);
  const who = message.from?.name || message.from?.address || 'the sender';
  return {
    id: randomUUID(),
    leadKind: lead.kind,
    leadId: lead.id,
    purpose: 'notification' as const,
    to,
    subject: `Answer from ${who.replace(/\s+/g, ' ').slice(0, 80)}: ${message.subject.slice(0, 120) || '(no subject)'}`,
    body: `${lines.join('\n')}\n`,
  };
}
