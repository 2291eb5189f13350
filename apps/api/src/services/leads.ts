// The three lead kinds in one place: their tables, searchable columns, API shape and storage keys.
import { type LeadKind, NEW_STATUS, SPAM_STATUS } from '@agency/contract';
import { schema } from '@agency/db';

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
    if (key === 'fileKey' || key === 'ownerId') continue;
    item[key] = value instanceof Date ? value.toISOString() : value;
  }
  item.handled = row.status !== NEW_STATUS;
  item.spam = row.status === SPAM_STATUS;
  item.owner = typeof row.ownerId === 'string' ? { id: row.ownerId, name: ownerName ?? '' } : null;
  return item;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A file name safe as the last part of a storage key: ASCII letters, digits, dot, dash,
 * underscore; never empty, never starting with a dot.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '')
    .slice(-100);
  return cleaned || 'file';
}

/**
 * The name a visitor gave the file, kept for the admin; without path parts or control characters.
 * Browsers send `"`, CR and LF in a multipart file name as %22, %0D, %0A (HTML spec), so those are decoded.
 */
export function displayFileName(name: string): string {
  const decoded = name.replace(/%22/gi, '"').replace(/%0[ad]/gi, '');
  const base = (decoded.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  return base.slice(-200) || 'file';
}

export const leadFileKey = (kind: LeadKind, id: string, fileName: string) =>
  `leads/${kind}/${id}/${safeFileName(fileName)}`;

/** Content-Disposition for a download: the name as given plus an RFC 5987 form for non-ASCII names. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
