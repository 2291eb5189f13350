// The three lead kinds in one place: their tables, searchable columns, API shape and storage keys.
import { randomUUID } from 'node:crypto';
import { type LeadKind, NEW_STATUS, SPAM_STATUS } from '@agency/contract';
import { type Db, schema } from '@agency/db';
import { cvTypeOf, nameForContent } from './file-type.ts';
import type { Storage } from './storage.ts';

/** What the lead services use of the app: its database, file store and outbox (a route passes `app`). */
export interface LeadApp {
  db: Db;
  storage: Storage;
  outbox: { kick(): void };
}

export const LEAD_TABLES = {
  quotes: schema.quotes,
  contacts: schema.contacts,
  applications: schema.applications,
} as const;

export type LeadTable = (typeof LEAD_TABLES)[LeadKind];

/** Columns the inbox search (`q`) looks in. */
export const SEARCH_COLUMNS = {
  quotes: [
    schema.quotes.fullName,
    schema.quotes.email,
    schema.quotes.phone,
    schema.quotes.companyName,
    schema.quotes.services,
    schema.quotes.description,
    schema.quotes.additionalDetails,
    schema.quotes.fileName,
  ],
  contacts: [
    schema.contacts.name,
    schema.contacts.email,
    schema.contacts.phone,
    schema.contacts.subject,
    schema.contacts.message,
  ],
  applications: [
    schema.applications.name,
    schema.applications.email,
    schema.applications.contact,
    schema.applications.town,
    schema.applications.country,
    schema.applications.position,
    schema.applications.info,
    schema.applications.fileName,
  ],
} as const;

/**
 * A stored row as the admin API returns it: camelCase, ISO dates, no storage key, the owner as
 * `{ id, name }`, and `handled` (status is not new) and `spam` (status is spam) for older clients.
 */
export function toLeadItem(row: Record<string, unknown>, ownerName?: string | null): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'fileKey' || key === 'ownerId' || key === 'unreadReplyAt') continue;
    // Names stored before they were cleaned on upload are cleaned on the way out.
    if (key === 'fileName' && typeof value === 'string') item[key] = displayFileName(value);
    else item[key] = value instanceof Date ? value.toISOString() : value;
  }
  item.handled = row.status !== NEW_STATUS;
  item.spam = row.status === SPAM_STATUS;
  item.unread = row.unreadReplyAt !== null && row.unreadReplyAt !== undefined;
  item.owner = typeof row.ownerId === 'string' ? { id: row.ownerId, name: ownerName ?? '' } : null;
  return item;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** Longest display name kept, in characters; the extension survives the cut. */
export const FILE_NAME_MAX = 200;

/**
 * Characters that change how a name reads without being part of it: control characters, line and
 * paragraph separators, and the bidirectional embeddings, overrides and isolates (U+202E makes
 * "\u202Egnp.exe" display as "exe.png"). Joiners stay: Devanagari and Persian names need them.
 */
const INVISIBLE = /[\p{Cc}\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name a visitor gave the file, kept only as display text for the admin: without path parts,
 * control or bidirectional characters, at most FILE_NAME_MAX characters. Any real name is accepted
 * (`My CV...pdf`, `report…pdf`, `Résumé – v2…final.docx`); it never becomes part of a storage key.
 * Browsers send `"`, CR and LF in a multipart file name as %22, %0D, %0A (HTML spec), so those are decoded.
 */
export function displayFileName(name: string): string {
  const decoded = name.replace(/%22/gi, '"').replace(/%0[ad]/gi, '');
  const base = (decoded.split(/[\\/]/).pop() ?? '').normalize('NFC').replace(INVISIBLE, '').trim();
  const chars = Array.from(base);
  if (chars.length > FILE_NAME_MAX) {
    const dot = base.lastIndexOf('.');
    const extension = dot > 0 ? Array.from(base.slice(dot)).slice(0, 20) : [];
    return `${chars.slice(0, FILE_NAME_MAX - extension.length - 1).join('')}…${extension.join('')}`;
  }
  return base || 'file';
}

/** Where a lead's file is stored: made of ids only, never of anything the visitor typed. */
export const leadFileKey = (kind: LeadKind, leadId: string) => `leads/${kind}/${leadId}/${randomUUID()}`;

/**
 * The name a download carries: the display name with the extension of the type the content was
 * recognised as, so `cv.bat` that is a PDF downloads as `cv.pdf`.
 */
export function downloadFileName(fileName: string, extension: string | undefined): string {
  const name = displayFileName(fileName);
  if (!extension) return name;
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/[.\s]+$/, '') || 'file';
  return `${stem}.${extension}`;
}

/**
 * The name a lead's file downloads as. CVs were recognised by content (PDF, DOC, DOCX) and carry that
 * extension; a quote attachment's extension fits the type its bytes were recognised as (`run.bat` holding text
 * downloads as `run.txt`), whatever name it was stored under.
 */
export const leadDownloadName = (kind: LeadKind, fileName: string | null, fileType: string | null) =>
  kind === 'applications'
    ? downloadFileName(fileName || 'file', cvTypeOf(fileType))
    : nameForContent(displayFileName(fileName || 'file'), fileType ?? 'application/octet-stream');

/** Content-Disposition for a download: the name as given plus an RFC 5987 form for non-ASCII names. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
