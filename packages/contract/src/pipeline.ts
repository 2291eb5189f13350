// How leads are worked: statuses per kind, owners, the timeline, delivery state, the dashboard figures,
// where a lead came from and the proof-of-work challenge. Request and response shapes of the admin API.
import { z } from 'zod';
import { LENGTH } from './limits.ts';
import { LEAD_KINDS, type LeadKind, REGIONS } from './options.ts';
import { boundedString, isCleanText } from './text.ts';

/** Every kind can be moved to `spam` (honeypot, unsolved proof of work, or staff's choice). */
export const SPAM_STATUS = 'spam';
export const NEW_STATUS = 'new';

/** The pipeline of each kind, in order; `spam` is added to every kind. */
export const LEAD_PIPELINES = {
  quotes: ['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'],
  contacts: ['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'],
  applications: ['new', 'reviewing', 'interview', 'offer', 'hired', 'rejected'],
} as const satisfies Record<LeadKind, readonly string[]>;

type PipelineStatus = (typeof LEAD_PIPELINES)[LeadKind][number];
export type LeadStatus = PipelineStatus | typeof SPAM_STATUS;
export type LeadStatusOf<K extends LeadKind> = (typeof LEAD_PIPELINES)[K][number] | typeof SPAM_STATUS;

/** Every status a lead of `kind` can have, spam last. */
export const leadStatuses = <K extends LeadKind>(kind: K): readonly LeadStatusOf<K>[] => [
  ...LEAD_PIPELINES[kind],
  SPAM_STATUS,
];

export const isLeadStatus = (kind: LeadKind, value: string): boolean =>
  (leadStatuses(kind) as readonly string[]).includes(value);

/** What `PATCH { handled: true }` moves a new lead to: the pipeline's second step. */
export const HANDLED_STATUS = { quotes: 'contacted', contacts: 'contacted', applications: 'reviewing' } as const;

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  proposal: 'Proposal',
  won: 'Won',
  lost: 'Lost',
  reviewing: 'Reviewing',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  spam: 'Spam',
};

export const NOTE_MAX_LENGTH = 5000;

/** Messages of the pipeline API, written once for the server and the admin UI. */
export const PIPELINE_MESSAGES = {
  unknownStatus: (kind: LeadKind) => `Status must be one of: ${leadStatuses(kind).join(', ')}`,
  ownerNotAdmin: 'The owner must be an admin account',
  ownerInvalid: 'Owner must be an account id, "me" or "none"',
  nothingToChange: 'Send status, ownerId or handled',
  noteRequired: 'Note is required',
  noteTooLong: `Note must be at most ${NOTE_MAX_LENGTH} characters`,
  noInbox: 'No agency inbox is configured (LEADS_TO), so there is no notification to send',
  altchaMissing: 'The spam check was not solved. Please try again.',
  altchaInvalid: 'The spam check is not valid or has expired. Please try again.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Where a lead came from (optional fields of the three public POSTs)

export const SOURCE_LENGTH = { path: 500, referrer: 500, utm: 200 } as const;

const optionalBounded = (field: string, max: number) =>
  boundedString(field, max)
    .trim()
    .optional()
    .transform((value) => value || null);

/** The origin of an http(s) URL, or null for an empty value; anything else is refused. */
const referrerOrigin = optionalBounded('referrer', SOURCE_LENGTH.referrer).transform((value, ctx) => {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'Referrer must be an http(s) URL' });
  return z.NEVER;
});

/**
 * `sourcePath`, `referrer`, `utmSource`, `utmMedium`, `utmCampaign` of POST /api/request-quote, /api/contact
 * and /api/jobs/apply. All optional; the referrer is kept as its origin only.
 */
export const LeadSourceSchema = z.object({
  sourcePath: optionalBounded('sourcePath', SOURCE_LENGTH.path).refine(
    (value) => value === null || value.startsWith('/'),
    'Source path must start with /',
  ),
  referrer: referrerOrigin,
  utmSource: optionalBounded('utmSource', SOURCE_LENGTH.utm),
  utmMedium: optionalBounded('utmMedium', SOURCE_LENGTH.utm),
  utmCampaign: optionalBounded('utmCampaign', SOURCE_LENGTH.utm),
});
export type LeadSourceInput = z.input<typeof LeadSourceSchema>;
export type LeadSource = z.output<typeof LeadSourceSchema>;
export const LEAD_SOURCE_FIELDS = ['sourcePath', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign'] as const;

// ---------------------------------------------------------------------------------------------------------
// Proof of work (ALTCHA-compatible)

/** The form field carrying the solution: base64 of the JSON `AltchaPayload`. */
export const ALTCHA_FIELD = 'altcha';
/** A challenge is valid this long after it was issued (the expiry is carried in its salt). */
export const CHALLENGE_TTL_SECONDS = 10 * 60;
/** How a lead without a valid solution is treated (SPAM_CHALLENGE). */
export const SPAM_CHALLENGE_MODES = ['score', 'required', 'off'] as const;
export type SpamChallengeMode = (typeof SPAM_CHALLENGE_MODES)[number];

/** GET /api/challenge */
export const ChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  /** hex SHA-256 of `salt + number` */
  challenge: z.string(),
  maxnumber: z.number().int(),
  /** random hex, then `?expires=<unix seconds>` */
  salt: z.string(),
  /** hex HMAC-SHA-256 of `challenge` with the server's key */
  signature: z.string(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

/** What the `altcha` field decodes to. */
export const AltchaPayloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().max(200),
  number: z.number().int().min(0),
  salt: z.string().max(200),
  signature: z.string().max(200),
});
export type AltchaPayload = z.infer<typeof AltchaPayloadSchema>;

// ---------------------------------------------------------------------------------------------------------
// Admin API: list, change, notes

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
});
export type LeadWork = z.infer<typeof LeadWorkSchema>;

/** `owner=`: an account id, `me` or `none`. */
export const OWNER_FILTERS = ['me', 'none'] as const;

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

// ---------------------------------------------------------------------------------------------------------
// Timeline and delivery

export const LEAD_EVENT_TYPES = [
  'received',
  'mail_queued',
  'mail_sent',
  'mail_failed',
  'webhook_queued',
  'webhook_sent',
  'webhook_failed',
  'status_changed',
  'owner_changed',
  'note_added',
  'file_downloaded',
  'exported',
  'reply_queued',
  'reply_sent',
  'reply_failed',
  'follow_up_set',
  'follow_up_cleared',
  'deal_value_changed',
] as const;
export type LeadEventType = (typeof LEAD_EVENT_TYPES)[number];

/**
 * One timeline entry. `data` by type:
 * - received: `{ sourcePath, referrer, utmSource, utmMedium, utmCampaign, spamReason? ('honeypot' | 'challenge') }`
 * - mail_queued / mail_sent: `{ outboxId, purpose ('notification' | 'confirmation'), to }`
 * - mail_failed: `{ outboxId, purpose, to, attempts, lastError }`
 * - webhook_queued / webhook_sent: `{ outboxId, target (host of the URL) }`; webhook_failed adds `attempts, lastError`
 * - status_changed: `{ from, to }`; owner_changed: `{ from: Person | null, to: Person | null }`
 * - note_added: `{ text }`; file_downloaded: `{ fileName }`; exported: `{}`
 * - reply_queued: `{ outboxId, to, subject, text }`; reply_sent: `{ outboxId, to }`; reply_failed adds `attempts, lastError`
 * - follow_up_set: `{ at, note }`; follow_up_cleared: `{ at, note }` (what was cleared)
 * - deal_value_changed: `{ from, to, currency }`
 * - status_changed and owner_changed carry `bulk: true` when made by POST /api/admin/{kind}/bulk
 */
export const LeadEventSchema = z.object({
  type: z.enum(LEAD_EVENT_TYPES),
  /** ISO 8601 */
  at: z.string(),
  /** The staff member who did it; null for the visitor and the outbox worker. */
  actor: PersonSchema.nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type LeadEvent = z.infer<typeof LeadEventSchema>;

export const OUTBOX_PURPOSES = ['notification', 'confirmation', 'webhook', 'reply'] as const;
export type OutboxPurpose = (typeof OUTBOX_PURPOSES)[number];

/**
 * sent; queued (not tried yet); retrying (failed, will be tried again); failing (failed at least
 * OUTBOX_FAILING.attempts times or waiting longer than OUTBOX_FAILING.waitSeconds).
 */
export const DELIVERY_STATES = ['sent', 'queued', 'retrying', 'failing'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const OUTBOX_FAILING = { attempts: 5, waitSeconds: 60 * 60 } as const;

/** One notification of a lead (a row of the outbox). */
export const DeliverySchema = z.object({
  id: z.string(),
  /** notification (agency mail), confirmation (visitor mail), webhook, or reply (staff's mail to the visitor) */
  kind: z.enum(OUTBOX_PURPOSES),
  /** The mail address, or the host of the webhook URL. */
  target: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

/** GET /api/admin/{kind}/{id} adds these to the lead item. */
export const LeadDetailExtrasSchema = z.object({
  timeline: z.array(LeadEventSchema),
  notifications: z.array(DeliverySchema),
});
export type LeadDetailExtras = z.infer<typeof LeadDetailExtrasSchema>;

/** POST /api/admin/{kind}/{id}/resend → 202 */
export const ResendResponseSchema = z.object({ queued: z.number().int() });

// ---------------------------------------------------------------------------------------------------------
// Dashboard: GET /api/admin/stats

const countsBy = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<T[number], z.ZodNumber>);

export const REGION_BUCKETS = [...REGIONS, 'none'] as const;

const WeekSchema = z.object({
  total: z.number().int(),
  byKind: countsBy(LEAD_KINDS),
  /** Region of quote requests; `none` = the quote modal, contact messages and applications. */
  byRegion: countsBy(REGION_BUCKETS),
});

export const OutboxHealthSchema = z.object({
  /** Rows not sent yet. */
  pending: z.number().int(),
  /** Pending rows tried ≥ 5 times or waiting for more than an hour. */
  failing: z.number().int(),
  /** Age of the oldest pending row; 0 when nothing waits. */
  oldestPendingSeconds: z.number().int(),
  /** Error of the most recently failed pending row. */
  lastError: z.string().nullable(),
});
export type OutboxHealth = z.infer<typeof OutboxHealthSchema>;

export const StatsSchema = z.object({
  /** Leads received (spam excluded) in the last 7 days and the 7 days before. */
  newLeads: z.object({ thisWeek: WeekSchema, lastWeek: WeekSchema }),
  /** Every lead by its current status, per kind. */
  byStatus: z.object({
    quotes: z.record(z.string(), z.number().int()),
    contacts: z.record(z.string(), z.number().int()),
    applications: z.record(z.string(), z.number().int()),
  }),
  /** Median of (first status change other than to spam − received), leads of the last 90 days; null without any. */
  medianFirstResponseSeconds: z.number().nullable(),
  /** Most frequent `sourcePath` of leads in the last 30 days (spam excluded), at most 10. */
  topSourcePaths: z.array(z.object({ path: z.string(), count: z.number().int() })),
  /** Most frequent utm_campaign (with its source and medium) in the last 30 days, at most 10. */
  topCampaigns: z.array(
    z.object({
      campaign: z.string(),
      source: z.string().nullable(),
      medium: z.string().nullable(),
      count: z.number().int(),
    }),
  ),
  /** The failing outbox rows (at most 20), oldest first. */
  failingNotifications: z.array(
    DeliverySchema.extend({ leadKind: z.enum(LEAD_KINDS), leadId: z.string(), adminPath: z.string() }),
  ),
  outbox: OutboxHealthSchema,
});
export type Stats = z.infer<typeof StatsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Webhooks

export const WEBHOOK_PAYLOADS = ['minimal', 'full'] as const;
export type WebhookPayloadMode = (typeof WEBHOOK_PAYLOADS)[number];

/** Body POSTed to a (non-Slack) WEBHOOK_URLS entry, signed per Standard Webhooks. */
export const WebhookBodySchema = z.object({
  type: z.literal('lead.created'),
  /** ISO 8601: when the event happened (the lead arrived, or was moved out of spam). */
  timestamp: z.string(),
  data: z.object({
    kind: z.enum(LEAD_KINDS),
    id: z.string(),
    createdAt: z.string(),
    region: z.enum(REGIONS).nullable(),
    status: z.string(),
    /** The lead's page in the admin area. */
    url: z.string(),
    /** Only with WEBHOOK_PAYLOAD=full: the form fields. */
    fields: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type WebhookBody = z.infer<typeof WebhookBodySchema>;
