// Answers that come back onto their lead from the agency's mailbox (issue 32, point 1): the limits, the folder a
// filed message goes to, the dashboard's mailbox line, and the download of an answer's attachment.
import { z } from 'zod';
import { LeadParamsSchema } from './api.ts';
import { MESSAGES } from './messages.ts';
import { QUOTE_FILE_MAX_BYTES } from './limits.ts';

/** A message larger than this is left in the mailbox, logged and counted on the dashboard. */
export const INBOUND_MESSAGE_MAX_BYTES = 25 * 1024 * 1024;
/** Each attachment of an answer, as a quote's file (stored as what its bytes are; programs refused). */
export const INBOUND_ATTACHMENT_MAX_BYTES = QUOTE_FILE_MAX_BYTES;
/** The text of an answer kept on the timeline, without the quoted history. */
export const INBOUND_TEXT_MAX_LENGTH = 20_000;
/** Where a filed message is moved (created when missing); nothing in the mailbox is ever deleted. */
export const INBOUND_FILED_FOLDER = 'Filed';

/** Statuses after which a lead is closed: an answer from its address alone no longer files onto it. */
export const CLOSED_LEAD_STATUSES = ['won', 'lost', 'hired', 'rejected', 'spam'] as const;

/**
 * The dashboard's mailbox line (GET /api/admin/stats `inbound`). `state`: off (no INBOUND_IMAP_URL), waiting (no
 * instance has watched it yet), ok, failing (the last attempt to reach it failed: `lastError` says why).
 */
export const InboundStatusSchema = z.object({
  state: z.enum(['off', 'waiting', 'ok', 'failing']),
  /** The last time the watcher read the mailbox. */
  lastCheckedAt: z.string().nullable(),
  /** Why the mailbox could not be reached (one line, no password); null once it is reached again. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Messages filed on their lead. */
  filed: z.number().int(),
  /** Messages no lead matched, left in the mailbox. */
  unmatched: z.number().int(),
  /** Messages over INBOUND_MESSAGE_MAX_BYTES, left in the mailbox. */
  tooLarge: z.number().int(),
  /** The latest message left for its size: when and how large. */
  lastTooLarge: z.object({ at: z.string(), sizeBytes: z.number().int() }).nullable(),
});
export type InboundStatus = z.infer<typeof InboundStatusSchema>;

/** GET /api/admin/{kind}/{id}/attachments/{attachmentId}: a file that came with an answer. */
export const LeadAttachmentParamsSchema = LeadParamsSchema.extend({
  attachmentId: z.uuid(MESSAGES.http.notFound).toLowerCase(),
});
