// The files that came with a visitor's answers (issue 32): downloaded by staff like a lead's own file, and erased
// with the lead (by staff, in bulk, on an erasure request or by retention), together with what the mailbox
// watcher remembered of its messages.
import { type LeadKind, MESSAGES } from '@agency/contract';
import { and, type Db, eq, inArray, schema, sql } from '@agency/db';
import type { SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { NotFound } from '../lib/domain-errors.ts';
import { recordAudit, type Requester } from './audit.ts';
import { recordEvents } from './lead-events.ts';
import { attachmentDisposition, type LeadApp } from './leads.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Deletes the attachment rows and remembered messages of the leads `ids` (a list, or a subquery of ids) in `tx`,
 * before the leads themselves; → the storage keys to delete once the transaction is committed.
 */
export async function deleteAnswersOf(tx: Tx, kind: LeadKind, ids: string[] | SQLWrapper): Promise<string[]> {
  const among = (column: PgColumn) => (Array.isArray(ids) ? inArray(column, ids) : sql`${column} in ${ids}`);
  if (Array.isArray(ids) && ids.length === 0) return [];
  const files = await tx
    .delete(schema.leadAttachments)
    .where(and(eq(schema.leadAttachments.leadKind, kind), among(schema.leadAttachments.leadId)))
    .returning({ key: schema.leadAttachments.fileKey });
  await tx
    .delete(schema.inboundMessages)
    .where(and(eq(schema.inboundMessages.leadKind, kind), among(schema.inboundMessages.leadId)));
  return files.map((file) => file.key);
}

/** The files of a lead's answers, oldest first. */
export async function attachmentsOf(db: Pick<Db, 'select'>, kind: LeadKind, id: string) {
  return db
    .select()
    .from(schema.leadAttachments)
    .where(and(eq(schema.leadAttachments.leadKind, kind), eq(schema.leadAttachments.leadId, id)))
    .orderBy(schema.leadAttachments.createdAt);
}

/** An answer's file with the headers of its download; the download is on the timeline and in the audit log. */
export async function openLeadAttachment(
  app: LeadApp,
  request: Requester,
  kind: LeadKind,
  id: string,
  attachmentId: string,
) {
  const [row] = await app.db
    .select()
    .from(schema.leadAttachments)
    .where(
      and(
        eq(schema.leadAttachments.id, attachmentId),
        eq(schema.leadAttachments.leadKind, kind),
        eq(schema.leadAttachments.leadId, id),
      ),
    );
  const stored = row ? await app.storage.get(row.fileKey) : null;
  if (!row || !stored) throw new NotFound(MESSAGES.http.notFound);
  const actorId = request.user?.id ?? null;
  await recordEvents(app.db, [
    { kind, leadId: id, type: 'file_downloaded', actorId, data: { fileName: row.fileName, attachmentId } },
  ]);
  await recordAudit(app.db, request, {
    action: 'lead.file_downloaded',
    target: { type: kind, id },
    data: { attachmentId },
  });
  return {
    stream: stored.stream,
    headers: {
      'content-type': row.fileType,
      'content-length': String(stored.size),
      'content-disposition': attachmentDisposition(row.fileName),
      'x-content-type-options': 'nosniff',
    },
  };
}
