// What editors do with a content document (issue 31, docs/decisions/0028-content-editor-workflow.md): open it,
// save the draft, publish it now or later, restore an earlier version. Each is one transaction that locks the
// document first, so a colleague's autosave landing at the same moment waits and is then refused as stale
// (409), never half-applied; the audit entry is written in the same transaction as the change it records.
// The routes (routes/admin/content/) only declare these.
import {
  CONTENT_MESSAGES,
  type ContentCheck,
  type ContentDocumentEntry,
  type ContentRestoreAnswerSchema,
  MESSAGES,
  stripHtml,
  mapMarkdownFields,
} from '@agency/contract';
import type { Db } from '@agency/db';
import type { z } from 'zod';
import { Conflict, FailsChecks, Forbidden, Invalid, NotFound } from '../lib/domain-errors.ts';
import { type AuditContext, recordAudit } from './audit.ts';
import { publishChecks, sitePaths } from './content-checks.ts';
import {
  type ContentRow,
  type Editor,
  findContent,
  findContentRevision,
  lockContent,
  publishContent,
  registryEntry,
  replaceDraft,
  republish,
  saveDraft,
  StaleVersionError,
} from './site-content.ts';

type Json = Record<string, unknown>;

/** 409: someone saved the document since `version`; names who and when, and gives the current version. */
export class ContentConflictError extends Conflict {
  constructor(readonly current: ContentRow) {
    super(CONTENT_MESSAGES.stale(current.updatedByName ?? 'someone', current.updatedAt.toISOString()), undefined, {
      updatedBy: current.updatedByName,
      updatedAt: current.updatedAt.toISOString(),
      version: current.version,
    });
  }
}

/** 422: the document fails its publish checks, each named by its field's label. */
export class ChecksFailedError extends FailsChecks {
  constructor(readonly checks: ContentCheck[]) {
    super(CONTENT_MESSAGES.checksFailed, undefined, { checks });
  }
}

export const contentNotFound = () => new NotFound(CONTENT_MESSAGES.notFound);

export function entryOf(key: string): ContentDocumentEntry {
  const entry = registryEntry(key);
  if (!entry) throw contentNotFound();
  return entry;
}

export async function rowOf(db: Db, key: string): Promise<ContentRow> {
  const row = await findContent(db, key);
  if (!row) throw contentNotFound();
  return row;
}

/** Runs `work` in one transaction; a stale version anywhere in it is the 409 naming who saved. */
async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx as unknown as Db));
  } catch (error) {
    if (error instanceof StaleVersionError) throw new ContentConflictError(error.current);
    throw error;
  }
}

/** The document checked by its schema: a 400 naming each bad field (`data.plans.2.price`), nothing saved. */
export function parseDocument(entry: ContentDocumentEntry, data: unknown): Json {
  const result = entry.schema.safeParse(data);
  if (result.success) return result.data as Json;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[['data', ...issue.path.map(String)].join('.')] ??= issue.message;
  const first = Object.values(fields)[0] ?? MESSAGES.http.badRequest;
  throw new Invalid(first, fields);
}

/** A policy says when it last changed: the day it goes public. */
const dated = (entry: ContentDocumentEntry, data: Json, at: Date): Json =>
  entry.dated ? { ...data, lastUpdated: at.toISOString().slice(0, 10) } : data;

/** The publish checks of `data` as the document `entry`, each with its field's label. */
export async function checksOf(db: Db, entry: ContentDocumentEntry, data: unknown): Promise<ContentCheck[]> {
  return publishChecks(entry, data, await sitePaths(db));
}

/** `data` with every Markdown field stripped of HTML again: what a public answer may hold, whatever was stored. */
export const cleanDocument = (entry: ContentDocumentEntry, data: Json): Json =>
  mapMarkdownFields(entry.schema, data, stripHtml) as Json;

/** Saves the draft if `version` is still the document's; else the 409 naming who saved. */
export async function saveContentDraft(db: Db, key: string, version: number, body: unknown, editor: Editor) {
  const entry = entryOf(key);
  const data = parseDocument(entry, body);
  try {
    const row = await saveDraft(db, entry.key, version, data, editor);
    if (!row) throw contentNotFound();
    return row;
  } catch (error) {
    if (error instanceof StaleVersionError) throw new ContentConflictError(error.current);
    throw error;
  }
}

export interface PublishRequest {
  version: number;
  publishAt: Date | null;
  override: boolean;
  editor: Editor & { role: string };
  audit: AuditContext;
}

/**
 * Publishes the draft now or at `publishAt`: the checks, the change, its revision and its audit entries in one
 * transaction. Failing checks → 422, unless an admin overrides (audited); a stale version → 409.
 */
export async function publishDocument(db: Db, key: string, request: PublishRequest) {
  const entry = entryOf(key);
  const { version, publishAt, override, editor } = request;
  if (publishAt && publishAt.getTime() <= Date.now())
    throw new Invalid(CONTENT_MESSAGES.publishAtPast, { publishAt: CONTENT_MESSAGES.publishAtPast });
  return inTransaction(db, async (tx) => {
    const row = await lockContent(tx, entry.key);
    if (!row) throw contentNotFound();
    if (row.version !== version) throw new ContentConflictError(row);
    if (!row.draft) throw new Conflict(CONTENT_MESSAGES.noDraft);
    const data = dated(entry, row.draft, publishAt ?? new Date());
    const checks = await checksOf(tx, entry, data);
    if (checks.length && !override) throw new ChecksFailedError(checks);
    if (checks.length && editor.role !== 'admin') throw new Forbidden(CONTENT_MESSAGES.overrideAdminOnly);
    const parsed = checks.length ? data : (entry.schema.parse(data) as Json);
    const saved = await publishContent(tx, entry.key, version, parsed, editor, publishAt);
    if (!saved) throw contentNotFound();
    const target = { type: 'content' as const, id: entry.key };
    await recordAudit(tx, request.audit, {
      action: publishAt ? 'content.scheduled' : 'content.published',
      target,
      data: {
        title: entry.title,
        version: saved.version,
        ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
      },
    });
    if (checks.length) await recordAudit(tx, request.audit, { action: 'content.override', target, data: { checks } });
    return {
      version: saved.version,
      status: publishAt ? ('scheduled' as const) : ('published' as const),
      publishedAt: (publishAt ?? saved.publishedAt).toISOString(),
      overridden: checks,
    };
  });
}

export interface RestoreRequest {
  revisionId: string;
  /** published: the revision goes live now and the draft is kept; draft: it becomes the draft. */
  to: 'published' | 'draft';
  editor: Editor;
  audit: AuditContext;
}

/**
 * Restores an earlier version: live now (the draft kept) or as the draft. One transaction with its audit entry:
 * a colleague's autosave at the same moment waits for it and is then refused as stale, so the restore never
 * fails half-done. Publishing it runs today's checks (422).
 */
export async function restoreRevision(
  db: Db,
  key: string,
  request: RestoreRequest,
): Promise<z.infer<typeof ContentRestoreAnswerSchema>> {
  const entry = entryOf(key);
  return inTransaction(db, async (tx) => {
    const row = await lockContent(tx, entry.key);
    if (!row) throw contentNotFound();
    const revision = await findContentRevision(tx, entry.key, request.revisionId);
    if (!revision) throw new NotFound(CONTENT_MESSAGES.revisionNotFound);
    let saved: ContentRow;
    if (request.to === 'draft') {
      saved = await replaceDraft(tx, entry.key, cleanDocument(entry, revision), request.editor);
    } else {
      const data = dated(entry, cleanDocument(entry, revision), new Date());
      const checks = await checksOf(tx, entry, data);
      if (checks.length) throw new ChecksFailedError(checks);
      saved = await republish(tx, entry.key, data, request.editor);
    }
    await recordAudit(tx, request.audit, {
      action: 'content.restored',
      target: { type: 'content', id: entry.key },
      data: { title: entry.title, revisionId: request.revisionId, to: request.to, version: saved.version },
    });
    return {
      version: saved.version,
      status: request.to,
      publishedAt: saved.publishedAt.toISOString(),
      draft: saved.draft ?? saved.scheduled,
      published: saved.published,
    };
  });
}
