// Admin API of the leads: what every lead item adds to its form fields, the list query, changes and notes.
import { z } from 'zod';
import { NOTE_MAX_LENGTH, PIPELINE_MESSAGES } from './lead-statuses.ts';
import { LENGTH } from './limits.ts';
import { boundedString, isCleanText } from './text.ts';

/** A staff member as the timeline and the owner field show them. */
export const PersonSchema = z.object({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof PersonSchema>;

/** Fields every lead item adds to its form fields (GET /api/admin/{kind} and /{id}). */
export const LeadWorkSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  /** status is not `new` (kept for clients built on the first inbox) */
  handled: z.boolean(),
  /** status is `spam` */
  spam: z.boolean(),
  owner: PersonSchema.nullable(),
  /** The last time the lead was received or staff did something to it. */
  lastActivityAt: z.string(),
  sourcePath: z.string().nullable(),
  referrer: z.string().nullable(),
  utmSource: z.string().nullable(),
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  /** Posted by the page's own form without JavaScript (no proof of work: held as possible spam when checked). */
  sentWithoutJavaScript: z.boolean(),
  /** An answer from the sender came back (reply_received) and nobody has opened the lead since. */
  unread: z.boolean(),
});
export type LeadWork = z.infer<typeof LeadWorkSchema>;

/** `owner=`: an account id, `me` or `none`. */
export const OWNER_FILTERS = ['me', 'none'] as const;

/**
 * The columns a lead list sorts by (`sort=`): received (the default), the contact's subject, the quote's
 * service, the quote's deal value, the owner's name, the next follow-up. Leads without the value come last.
 */
export const LEAD_SORTS = ['received', 'subject', 'service', 'dealValue', 'owner', 'followUp'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
/** Each sort's direction when `dir` is not given: newest and largest first, the others A to Z and soonest first. */
export const LEAD_SORT_DIRECTIONS: Record<LeadSort, 'asc' | 'desc'> = {
  received: 'desc',
  subject: 'asc',
  service: 'asc',
  dealValue: 'desc',
  owner: 'asc',
  followUp: 'asc',
};

/** GET /api/admin/{kind} query; `status` is checked against the kind by the server. */
export const LeadListQuerySchema = z.object({
  q: boundedString('q', LENGTH.search).trim().optional().default(''),
  handled: z.enum(['true', 'false', ''], { error: 'Handled must be true or false' }).optional().default(''),
  /** Comma list; empty = every status but spam. */
  status: boundedString('status', 300).trim().optional().default(''),
  /** An account id, `me`, `none`; empty = anyone's. */
  owner: z
    .string({ error: 'Owner must be an account id, "me" or "none"' })
    .max(40, 'Owner must be an account id, "me" or "none"')
    .trim()
    .optional()
    .default('')
    .refine(
      (value) =>
        value === '' ||
        (OWNER_FILTERS as readonly string[]).includes(value) ||
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
      'Owner must be an account id, "me" or "none"',
    ),
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(LENGTH.page, 'Page must be a whole number from 1')
    .optional()
    .default(1),
  sort: z
    .enum(LEAD_SORTS, { error: `Sort must be one of: ${LEAD_SORTS.join(', ')}` })
    .optional()
    .default('received'),
  /** asc or desc; empty = the sort's own direction (LEAD_SORT_DIRECTIONS). */
  dir: z.enum(['asc', 'desc', ''], { error: 'Dir must be asc or desc' }).optional().default(''),
  /** Applications for one job opening (its id); applications only. */
  job: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.uuid({ error: 'Job must be the id of a job opening' }).optional()),
});
export type LeadListQuery = z.input<typeof LeadListQuerySchema>;

/** PATCH /api/admin/{kind}/{id}; `status` is checked against the kind by the server. */
export const LeadChangeSchema = z.object({
  status: z.string({ error: 'Status must be text' }).max(40, 'Status must be at most 40 characters').trim().optional(),
  ownerId: z
    .string({ error: 'Owner must be an account id or null' })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Owner must be an account id or null')
    .nullable()
    .optional(),
  handled: z.boolean({ error: 'Handled must be true or false' }).optional(),
});
export type LeadChange = z.input<typeof LeadChangeSchema>;

/** POST /api/admin/{kind}/{id}/notes */
export const LeadNoteSchema = z.object({
  text: z
    .string({ error: PIPELINE_MESSAGES.noteRequired })
    .max(NOTE_MAX_LENGTH, PIPELINE_MESSAGES.noteTooLong)
    .refine(isCleanText, 'Note contains characters that are not allowed')
    .trim()
    .min(1, PIPELINE_MESSAGES.noteRequired),
});
