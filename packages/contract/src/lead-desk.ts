// Issue 22, the staff's lead work: the one inbox, a person's page, replies and their templates, follow-ups,
// deal values, bulk actions and invitations. Request and response shapes of those admin API routes.
import { z } from 'zod';
import { LENGTH } from './limits.ts';
import { LEAD_KINDS, type Role } from './options.ts';
import { LeadChangeSchema, LeadListQuerySchema, LeadWorkSchema, PersonSchema } from './lead-work.ts';
import { EmailSchema, newPassword } from './schemas.ts';
import { boundedString, isCleanText } from './text.ts';

// ---------------------------------------------------------------------------------------------------------
// Limits and messages

export const REPLY_LIMITS = { subject: 200, text: 20_000 } as const;
/** A Message-ID fits one header line (RFC 5322: 998 characters). */
export const REPLY_IN_REPLY_TO_MAX = 998;
export const FOLLOW_UP_NOTE_MAX = 500;
export const BULK_MAX_IDS = 500;
export const REPLY_TEMPLATE_LIMITS = { perKind: 20, name: 80, subject: REPLY_LIMITS.subject, text: 5000 } as const;
/** An invitation's link works this long, once. */
export const INVITE_TTL_DAYS = 7;
/** Roles an admin can invite to (`pending` is what a self-registered account waits as). */
export const INVITE_ROLES = ['admin', 'editor', 'sales'] as const satisfies readonly Role[];
/** The morning digest goes out at this hour in TIME_ZONE. */
export const DIGEST_HOUR = 9;
/** A `new` lead nobody owns is in the digest once it is older than this. */
export const UNASSIGNED_AFTER_HOURS = 24;

export const LEAD_DESK_MESSAGES = {
  replySubjectRequired: 'Subject is required',
  replySubjectTooLong: `Subject must be at most ${REPLY_LIMITS.subject} characters`,
  replySubjectLineBreak: 'Subject must be one line (no line breaks)',
  replyTextRequired: 'Text is required',
  replyTextTooLong: `Text must be at most ${REPLY_LIMITS.text} characters`,
  replyToSpam: 'This lead is marked as spam: move it out of spam before replying',
  replyToErased: 'This lead was erased: there is nobody to reply to',
  replyInReplyToInvalid: 'In-Reply-To must be one Message-ID, e.g. <answer@example.com>',
  replyInReplyToUnknown: 'In-Reply-To must name an answer received on this lead',
  followUpAtInvalid: 'Follow-up must be a date and time (ISO 8601) or null',
  followUpNoteTooLong: `Follow-up note must be at most ${FOLLOW_UP_NOTE_MAX} characters`,
  dealValueInvalid: 'Deal value must be an amount from 0 to 999,999,999,999.99, or null',
  dealValueQuotesOnly: 'Only quote requests carry a deal value',
  bulkIdsRequired: 'Ids must list at least one lead',
  bulkTooMany: `At most ${BULK_MAX_IDS} leads at once`,
  bulkIdInvalid: 'Ids must be lead ids',
  bulkIdsOtherKind: 'Some ids are not leads of this kind',
  bulkActionUnknown: 'Action must be one of: status, owner, spam, not_spam, delete',
  bulkValueRequired: 'Value is required for this action',
  templatesTooMany: `At most ${REPLY_TEMPLATE_LIMITS.perKind} templates per kind`,
  inviteRole: `Role must be one of: ${INVITE_ROLES.join(', ')}`,
  inviteSent: (email: string) => `An invitation was sent to ${email}.`,
  inviteInvalid: 'This invitation link is not valid, was already used or has expired',
  inviteNotFound: 'Invitation not found',
  peopleEmailRequired: 'Email is required',
} as const;

// ---------------------------------------------------------------------------------------------------------
// One inbox: GET /api/admin/leads

/** The list's filters of GET /api/admin/{kind}, plus `kind` (empty = every kind). `status` is checked by the server. */
export const InboxQuerySchema = LeadListQuerySchema.extend({
  kind: z
    .enum([...LEAD_KINDS, ''], { error: `Kind must be one of: ${LEAD_KINDS.join(', ')}` })
    .optional()
    .default(''),
});
export type InboxQuery = z.input<typeof InboxQuerySchema>;

/** A lead as the one inbox and the person's page list it: the work fields, its kind and who sent it. */
export const InboxItemSchema = LeadWorkSchema.extend({
  kind: z.enum(LEAD_KINDS),
  /** fullName of a quote, name of the others */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** subject of a contact message, services of a quote, position of an application */
  topic: z.string(),
  /** A contact message's subject (null for the other kinds). */
  subject: z.string().nullable(),
  /** A quote's services (null for the other kinds). */
  service: z.string().nullable(),
  /** A quote's deal value and currency (null for the other kinds or without one). */
  dealValue: z.number().nullable(),
  currency: z.string().nullable(),
  followUpAt: z.string().nullable(),
  followUpNote: z.string().nullable(),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;

/** Leads held as possible spam since the last digest (all of them before the first): a count and a link. */
export const HeldAsSpamSchema = z.object({
  count: z.number().int(),
  /** ISO 8601: the last digest's time; null before the first digest. */
  since: z.string().nullable(),
  /** The admin's spam folder. */
  path: z.string(),
});
export type HeldAsSpam = z.infer<typeof HeldAsSpamSchema>;
/** The admin's spam folder: the one inbox filtered to spam. */
export const SPAM_FOLDER_PATH = '/admin/leads?status=spam';

export const InboxSchema = z.object({
  items: z.array(InboxItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The caller's follow-ups due by the end of today or overdue (the Leads tab shows it). */
  myFollowUpsDue: z.number().int(),
  /** What was held as possible spam since the last digest (the navigation shows it). */
  heldAsSpam: HeldAsSpamSchema,
  /** Leads of status `new` nobody owns (the Leads tab's badge), in all and per kind; spam never counts. */
  newUnassigned: z.object({
    total: z.number().int(),
    quotes: z.number().int(),
    contacts: z.number().int(),
    applications: z.number().int(),
  }),
});
export type Inbox = z.infer<typeof InboxSchema>;

/** GET /api/admin/owners: the accounts a lead can be given to (admins and sales), by name. */
export const LeadOwnersSchema = z.object({ items: z.array(PersonSchema) });
export type LeadOwners = z.infer<typeof LeadOwnersSchema>;

// ---------------------------------------------------------------------------------------------------------
// One person: GET /api/admin/people?email=

export const PeopleQuerySchema = z.object({ email: EmailSchema });

export const REPLY_STATES = ['queued', 'sent', 'failed'] as const;

/** A reply sent from a lead (POST /api/admin/{kind}/{id}/reply), as the person's page shows it. */
export const ReplySchema = z.object({
  kind: z.enum(LEAD_KINDS),
  leadId: z.string(),
  outboxId: z.string(),
  at: z.string(),
  author: PersonSchema.nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** queued (waiting or retrying), sent, failed (the last attempt failed; it is retried) */
  state: z.enum(REPLY_STATES),
});
export type Reply = z.infer<typeof ReplySchema>;

export const PersonNoteSchema = z.object({
  kind: z.enum(LEAD_KINDS),
  leadId: z.string(),
  at: z.string(),
  author: PersonSchema.nullable(),
  text: z.string(),
});

export const PersonViewSchema = z.object({
  /** The address asked for, as typed (matched in any case). */
  email: z.string(),
  /** Every lead of the address, newest first, spam included. */
  leads: z.array(InboxItemSchema),
  /** Notes on those leads, newest first. */
  notes: z.array(PersonNoteSchema),
  /** Replies sent to the address from any of them, newest first. */
  replies: z.array(ReplySchema),
});
export type PersonView = z.infer<typeof PersonViewSchema>;

// ---------------------------------------------------------------------------------------------------------
// Replies: POST /api/admin/{kind}/{id}/reply, GET/PUT /api/admin/reply-templates

/** A mail header's text: one line (CR, LF or other line breaks would start a new header). */
const oneLine = (value: string) => !/[\r\n\u0085\u2028\u2029]/.test(value);

const subject = (max: number) =>
  boundedString('subject', max)
    .refine(oneLine, LEAD_DESK_MESSAGES.replySubjectLineBreak)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, LEAD_DESK_MESSAGES.replySubjectRequired));

export const LeadReplySchema = z.object({
  subject: z
    .string({ error: LEAD_DESK_MESSAGES.replySubjectRequired })
    .max(REPLY_LIMITS.subject, LEAD_DESK_MESSAGES.replySubjectTooLong)
    .pipe(subject(REPLY_LIMITS.subject)),
  text: z
    .string({ error: LEAD_DESK_MESSAGES.replyTextRequired })
    .max(REPLY_LIMITS.text, LEAD_DESK_MESSAGES.replyTextTooLong)
    .refine(isCleanText, 'Text contains characters that are not allowed')
    .refine((value) => value.trim().length > 0, LEAD_DESK_MESSAGES.replyTextRequired),
  /**
   * The Message-ID of the visitor's answer this reply answers (its `reply_received` event's `messageId`): the
   * mail then carries In-Reply-To and References, so the visitor's mail program threads it.
   */
  inReplyTo: z
    .string({ error: LEAD_DESK_MESSAGES.replyInReplyToInvalid })
    .max(REPLY_IN_REPLY_TO_MAX, LEAD_DESK_MESSAGES.replyInReplyToInvalid)
    .refine((value) => /^<[^<>\s]+>$/.test(value.trim()), LEAD_DESK_MESSAGES.replyInReplyToInvalid)
    .transform((value) => value.trim())
    .optional(),
});
export type LeadReplyInput = z.input<typeof LeadReplySchema>;

/** 202: the reply waits in the outbox; its timeline shows reply_queued, then reply_sent or reply_failed. */
export const LeadReplyResponseSchema = z.object({ queued: z.literal(1), outboxId: z.string() });

export const ReplyTemplateSchema = z.object({
  kind: z.enum(LEAD_KINDS, { error: `Kind must be one of: ${LEAD_KINDS.join(', ')}` }),
  name: boundedString('name', REPLY_TEMPLATE_LIMITS.name).trim().min(1, 'Name is required'),
  subject: subject(REPLY_TEMPLATE_LIMITS.subject),
  text: boundedString('text', REPLY_TEMPLATE_LIMITS.text).trim().min(1, LEAD_DESK_MESSAGES.replyTextRequired),
});
export type ReplyTemplate = z.output<typeof ReplyTemplateSchema>;

/** GET and PUT /api/admin/reply-templates: the whole list, in order (PUT replaces it). */
export const ReplyTemplatesSchema = z.object({
  templates: z
    .array(ReplyTemplateSchema)
    .max(REPLY_TEMPLATE_LIMITS.perKind * LEAD_KINDS.length, LEAD_DESK_MESSAGES.templatesTooMany)
    .refine(
      (templates) =>
        LEAD_KINDS.every((kind) => templates.filter((t) => t.kind === kind).length <= REPLY_TEMPLATE_LIMITS.perKind),
      LEAD_DESK_MESSAGES.templatesTooMany,
    ),
});
export type ReplyTemplates = z.output<typeof ReplyTemplatesSchema>;
/** The answer of GET and PUT /api/admin/reply-templates (the same shape, as stored). */
export const ReplyTemplateListSchema = z.object({
  templates: z.array(z.object({ kind: z.enum(LEAD_KINDS), name: z.string(), subject: z.string(), text: z.string() })),
});

// ---------------------------------------------------------------------------------------------------------
// Follow-ups and deal value: PATCH /api/admin/{kind}/{id}, GET /api/admin/follow-ups

const followUpAt = z
  .union([z.iso.datetime({ offset: true, error: LEAD_DESK_MESSAGES.followUpAtInvalid }), z.null()], {
    error: LEAD_DESK_MESSAGES.followUpAtInvalid,
  })
  .optional();

/** PATCH /api/admin/{kind}/{id}: status, owner, handled, and the follow-up and (quotes) deal value. */
export const LeadUpdateSchema = LeadChangeSchema.extend({
  followUpAt,
  followUpNote: z
    .union([
      boundedString('followUpNote', FOLLOW_UP_NOTE_MAX)
        .max(FOLLOW_UP_NOTE_MAX, LEAD_DESK_MESSAGES.followUpNoteTooLong)
        .trim(),
      z.null(),
    ])
    .optional(),
  dealValue: z
    .union([
      z
        .number({ error: LEAD_DESK_MESSAGES.dealValueInvalid })
        .min(0, LEAD_DESK_MESSAGES.dealValueInvalid)
        .max(999_999_999_999.99, LEAD_DESK_MESSAGES.dealValueInvalid)
        .refine((value) => Number.isFinite(value), LEAD_DESK_MESSAGES.dealValueInvalid),
      z.null(),
    ])
    .optional(),
});
export type LeadUpdate = z.input<typeof LeadUpdateSchema>;

/** GET /api/admin/follow-ups: `me` (default), `all`, or an account id. */
export const FollowUpsQuerySchema = z.object({
  owner: z
    .string()
    .max(40, 'Owner must be "me", "all" or an account id')
    .trim()
    .optional()
    .default('me')
    .refine(
      (value) =>
        value === 'me' ||
        value === 'all' ||
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
      'Owner must be "me", "all" or an account id',
    ),
});

export const FollowUpItemSchema = InboxItemSchema.extend({
  followUpAt: z.string(),
  /** Before now. */
  overdue: z.boolean(),
});
/** Follow-ups due by the end of today (TIME_ZONE), overdue first, oldest first. */
export const FollowUpListSchema = z.object({
  items: z.array(FollowUpItemSchema),
  /** Follow-ups due (today or overdue) that are not in `items`: anyone else's and nobody's (0 for `all`). */
  othersDue: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------------
// Bulk: POST /api/admin/{kind}/bulk

export const BULK_ACTIONS = ['status', 'owner', 'spam', 'not_spam', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const LeadBulkSchema = z.object({
  ids: z
    .array(z.uuid(LEAD_DESK_MESSAGES.bulkIdInvalid).toLowerCase(), { error: LEAD_DESK_MESSAGES.bulkIdsRequired })
    .min(1, LEAD_DESK_MESSAGES.bulkIdsRequired)
    .max(BULK_MAX_IDS, LEAD_DESK_MESSAGES.bulkTooMany),
  action: z.enum(BULK_ACTIONS, { error: LEAD_DESK_MESSAGES.bulkActionUnknown }),
  /** `status`: the status; `owner`: an account id, or null for nobody. */
  value: z.string().max(40).nullable().optional(),
});
export type LeadBulkInput = z.input<typeof LeadBulkSchema>;
export const LeadBulkResponseSchema = z.object({ updated: z.number().int() });

// ---------------------------------------------------------------------------------------------------------
// Invitations: POST/GET /api/users/invites, DELETE /api/users/invites/{id}, POST /api/auth/invites/accept

export const InviteCreateSchema = z.object({
  email: EmailSchema,
  role: z.enum(INVITE_ROLES, { error: LEAD_DESK_MESSAGES.inviteRole }),
});

export const InviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedBy: PersonSchema.nullable(),
});
export type Invite = z.infer<typeof InviteSchema>;
export const InviteListSchema = z.object({ items: z.array(InviteSchema) });

/** `{ id }` of DELETE /api/users/invites/{id} (a malformed id is a 404, like an unknown one). */
export const InviteIdParamsSchema = z.object({
  id: z.uuid(LEAD_DESK_MESSAGES.inviteNotFound).toLowerCase().describe('The invitation id (UUID)'),
});

export const InviteAcceptSchema = z.object({
  token: boundedString('token', LENGTH.token).min(1, 'Token is required'),
  name: boundedString('name', LENGTH.name).trim().min(1, 'Name is required'),
  password: newPassword('password'),
});

/** The account's preferences (GET/PUT /api/auth/preferences). Security mails cannot be turned off. */
export const PreferencesSchema = z.object({
  /** The 09:00 digest of due follow-ups and leads left unassigned. */
  digestMail: z.boolean({ error: 'Digest mail must be true or false' }),
});
