// The database schema as drizzle queries it. A change here comes with a hand-written migration in
// ../migrations (and its journal entry); `npm run db:check` fails while the two disagree.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  date,
  primaryKey,
  pgTable,
  text,
  timestamp,
  type ExtraConfigColumn,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: id(),
  name: text('name').notNull(),
  /** Stored lower-case; unique. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** admin | editor | pending */
  role: text('role').notNull().default('pending'),
  /** TOTP secret, encrypted (services/two-factor.ts); set by 2FA setup, in force once totpEnabledAt is set. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The 30-second step of the last accepted code: a code is accepted once. */
  totpLastStep: integer('totp_last_step'),
  /** The morning digest of follow-ups and unassigned leads; the account page turns it off. */
  digestMail: boolean('digest_mail').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens rotated from one login share a family; reuse revokes the family. */
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** Truncated User-Agent of the sign-in or refresh that created the token (the sessions list shows it). */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Single-use password reset links; the token itself is never stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/** The second step of a sign-in with 2FA: the password was right, a code is still due. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the challenge token. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    /** Wrong codes so far; the challenge ends at LOGIN_CHALLENGE_MAX_FAILURES. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** Two-factor recovery codes: ten per enabling, each usable once, stored as SHA-256. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Site-wide settings an admin changes in the admin area (e.g. `require_two_factor`). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Failed logins, counted per account and per address to slow down guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    /** `pair:`, `ip:` or `account:` and a SHA-256 (base64url) of the account and/or address. */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.createdAt)],
);

/** PostgreSQL's full-text document type; written by the database only (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** (account, address) pairs that signed in successfully: exempt from the account-wide refusal. */
export const loginKnownAddresses = pgTable('login_known_addresses', {
  /** The same hash as a login_failures `pair:` key. */
  key: text('key').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
});

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** The excerpt was written by an editor (kept when the content changes), not taken from the content. */
    excerptWritten: boolean('excerpt_written').notNull().default(false),
    imageUrl: text('image_url'),
    /** Describes the image for screen readers; required whenever there is an image. */
    imageAlt: text('image_alt'),
    /** The page's <title> and meta description when they differ from the title and excerpt. */
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    /** The image shared with links to the post (og:image); its description is required with it. */
    socialImageUrl: text('social_image_url'),
    socialImageAlt: text('social_image_alt'),
    /** draft | published | scheduled (public once published_at has passed) */
    status: text('status').notNull().default('published'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Title (weight A) and content (weight B) for the blog search. */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "content"), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The editor's autosaved form (issue 23, item 6), never public; null when nothing waits. */
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    /** Raised by every draft save, update and restore: a save from another version is refused (409). */
    version: integer('version').notNull().default(1),
    /** Who made the current version (a draft save included), and when: named by a 409. */
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    /**
     * Made by the first autosave of a new post (issue 23) and not saved by an editor yet: a draft nobody sees,
     * whose first save makes no revision and remembers no earlier address.
     */
    neverSaved: boolean('never_saved').notNull().default(false),
  },
  (t) => [
    index('blogs_status_published_idx').on(t.status, t.publishedAt),
    index('blogs_search_idx').using('gin', t.search),
    index('blogs_tags_idx').using('gin', t.tags),
    check('blogs_status_check', sql`${t.status} IN ('draft', 'published', 'scheduled')`),
  ],
);

/** Earlier slugs of a post: /blog/<old> answers 301 to the post's current slug. */
export const blogSlugs = pgTable(
  'blog_slugs',
  {
    slug: text('slug').primaryKey(),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('blog_slugs_blog_idx').on(t.blogId)],
);

/** The version of a post before each update, so an edit can be undone. */
export const blogRevisions = pgTable(
  'blog_revisions',
  {
    id: id(),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    imageAlt: text('image_alt'),
    /** A hand-written excerpt; null when it was taken from the content. */
    excerpt: text('excerpt'),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    socialImageUrl: text('social_image_url'),
    socialImageAlt: text('social_image_alt'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Who made the update that replaced this version. */
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('blog_revisions_blog_idx').on(t.blogId, t.createdAt)],
);

/**
 * The media library: one uploaded image each, stored once as WebP variants (images/<id>-<width>.webp);
 * `url` is the largest variant's address, `alt` its required description.
 */
export const media = pgTable(
  'media',
  {
    /** Also the stored variants' name. */
    id: uuid('id').primaryKey(),
    url: text('url').notNull(),
    alt: text('alt').notNull(),
    width: integer('width'),
    height: integer('height'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('media_created_idx').on(t.createdAt), check('media_alt_check', sql`length(btrim(${t.alt})) > 0`)],
);

/** Job openings shown on /career and /career/<slug>. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** london | kent | kathmandu | remote */
    location: text('location').notNull(),
    /** schema.org employmentType: FULL_TIME, PART_TIME, CONTRACTOR, TEMPORARY, INTERN */
    employmentType: text('employment_type').notNull(),
    salaryMin: integer('salary_min').notNull(),
    salaryMax: integer('salary_max').notNull(),
    salaryCurrency: text('salary_currency').notNull(),
    /** schema.org unitText: YEAR, MONTH or HOUR */
    salaryUnit: text('salary_unit').notNull().default('YEAR'),
    /** Markdown, rendered sanitized. */
    description: text('description').notNull(),
    /** open | closed */
    status: text('status').notNull().default('open'),
    validThrough: timestamp('valid_through', { withTimezone: true }).notNull(),
    datePosted: timestamp('date_posted', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_open_idx').on(t.status, t.validThrough),
    check('jobs_status_check', sql`${t.status} IN ('open', 'closed')`),
  ],
);

/** Columns every lead has: its place in the pipeline, owner, last activity, where it came from, time. */
const leadColumns = () => ({
  id: id(),
  /** One of LEAD_PIPELINES[kind] or `spam` (contract/lead-statuses.ts). */
  status: text('status').notNull().default('new'),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  /** Received, or the last thing staff did to the lead. */
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  /** Path of the page the lead was sent from. */
  sourcePath: text('source_path'),
  /** Origin of the visitor's referrer. */
  referrer: text('referrer'),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  utmCampaign: text('utm_campaign'),
  /** When staff promised to come back to the lead (GET /api/admin/follow-ups, the morning digest). */
  followUpAt: timestamp('follow_up_at', { withTimezone: true }),
  followUpNote: text('follow_up_note'),
  /** Posted by the page's own form without JavaScript (routes/forms): it carries no proof of work. */
  sentWithoutJavaScript: boolean('sent_without_javascript').notNull().default(false),
  /** An answer from the sender came back from the mailbox (issue 32) and nobody has opened the lead since. */
  unreadReplyAt: timestamp('unread_reply_at', { withTimezone: true }),
  createdAt: createdAt(),
});

const leadIndexes = (
  name: string,
  t: {
    status: ExtraConfigColumn;
    createdAt: ExtraConfigColumn;
    ownerId: ExtraConfigColumn;
    followUpAt: ExtraConfigColumn;
    email: ExtraConfigColumn;
  },
) => [
  index(`${name}_created_idx`).on(t.createdAt),
  index(`${name}_status_created_idx`).on(t.status, t.createdAt),
  index(`${name}_owner_idx`).on(t.ownerId),
  index(`${name}_follow_up_idx`)
    .on(t.followUpAt)
    .where(sql`${t.followUpAt} is not null`),
  // The person view (GET /api/admin/people?email=) finds every lead of an address, any case.
  index(`${name}_email_idx`).on(sql`lower(${t.email})`),
];

/** A stored private file attached to a lead. */
const fileColumns = (prefix: string) => ({
  fileKey: text(`${prefix}_key`),
  fileName: text(`${prefix}_name`),
  fileType: text(`${prefix}_type`),
  fileSize: integer(`${prefix}_size`),
});

export const quotes = pgTable(
  'quotes',
  {
    ...leadColumns(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    companyName: text('company_name').notNull(),
    size: text('size').notNull(),
    contactMethod: text('contact_method').notNull(),
    services: text('services').notNull(),
    description: text('description').notNull(),
    budget: text('budget').notNull(),
    deadline: text('deadline').notNull(),
    source: text('source').notNull(),
    additionalDetails: text('additional_details').notNull(),
    /** null for the quote modal; uk | nepal for the regional forms */
    region: text('region'),
    currency: text('currency'),
    /** The deal's amount in the quote's currency, set by staff (the dashboard's pipeline value). */
    dealValue: numeric('deal_value', { precision: 14, scale: 2, mode: 'number' }),
    ...fileColumns('file'),
  },
  (t) => leadIndexes('quotes', t),
);

export const contacts = pgTable(
  'contacts',
  {
    ...leadColumns(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
  },
  (t) => leadIndexes('contacts', t),
);

export const applications = pgTable(
  'applications',
  {
    ...leadColumns(),
    name: text('name').notNull(),
    contact: text('contact').notNull(),
    email: text('email').notNull(),
    town: text('town').notNull(),
    country: text('country').notNull(),
    position: text('position').notNull(),
    salary: text('salary').notNull(),
    currency: text('currency').notNull(),
    info: text('info').notNull(),
    ...fileColumns('resume'),
    /** The job opening applied for; null for the general form or once the opening is deleted. */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  },
  (t) => [...leadIndexes('applications', t), index('applications_job_idx').on(t.jobId)],
);

/** The timeline of a lead: what happened to it, who did it, when. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: id(),
    /** Orders events written in one transaction (they share created_at). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** quotes | contacts | applications */
    leadKind: text('lead_kind').notNull(),
    leadId: uuid('lead_id').notNull(),
    /** One of LEAD_EVENT_TYPES (contract/lead-timeline.ts). */
    type: text('type').notNull(),
    /** The staff member; null for the visitor and the outbox worker. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('lead_events_lead_idx').on(t.leadKind, t.leadId, t.createdAt, t.seq),
    index('lead_events_type_idx').on(t.type, t.createdAt),
  ],
);

/** Proof-of-work challenges already used, kept until they expire so each is accepted once by every instance. */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    challenge: text('challenge').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_challenges_expires_idx').on(t.expiresAt)],
);

/** Mail and webhooks waiting to be sent. Written in the lead's transaction; a worker sends it. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    /** quotes | contacts | applications */
    leadKind: text('lead_kind').notNull(),
    leadId: uuid('lead_id').notNull(),
    /** notification (to the agency) | confirmation (to the visitor) | webhook (POST to `to`, a WEBHOOK_URLS entry) */
    purpose: text('purpose').notNull(),
    /** A mail address, or the webhook URL. */
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** The mail's text, or the webhook's JSON body. */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** When the last failed attempt ended (the time of last_error); null until one fails. */
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    /**
     * Restored from a backup where it was pending: the worker skips it until staff send it (cleared) or discard
     * it (deleted), so a restore never mails anyone by surprise.
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** Reply-To of a mail: the visitor on the agency's notification, the staff member (or REPLY_TO) on a reply. */
    replyTo: text('reply_to'),
    /** Set while one worker sends the message, so other instances skip it; cleared or expired after. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.sentAt, t.nextAttemptAt),
    // The one-confirmation-per-address check of every lead (apps/api/src/services/confirmation-limit.ts).
    index('outbox_confirmation_to_idx')
      .on(sql`lower(${t.to})`, t.createdAt)
      .where(sql`${t.purpose} = 'confirmation'`),
  ],
);

/** Hits counted by the per-address rate limiter, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * One row whose version every write to public content raises (statement triggers on blogs and users, see
 * migration 0006): the instances' page caches compare it instead of being told (docs/decisions/0008).
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('content_version_single_row', sql`${t.id} = 1`)],
);

/**
 * What staff did: appended by services/audit.ts, never updated; entries older than two years are removed by
 * the retention job. No foreign key on actor_id: an entry outlives the account, and actor_name keeps its name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Order of appending: entries of one request share a clock reading on PGlite (migration 0007). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** null for the system (retention job) and for failed sign-ins of unknown addresses */
    actorId: uuid('actor_id'),
    /** The actor's name when it acted. */
    actorName: text('actor_name').notNull(),
    /** One of AUDIT_ACTIONS in the contract. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** Client address as Fastify sees it (TRUST_PROXY); null for the system. */
    ip: text('ip'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/** Every cookie choice, as proof of consent. Nothing here identifies the visitor: no address, no account. */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    /** Random id kept in the visitor's local storage (`cookieConsentId`); the same for later changes. */
    consentId: uuid('consent_id').notNull(),
    /** accepted | necessary | custom */
    choice: text('choice').notNull(),
    analytics: boolean('analytics').notNull(),
    marketing: boolean('marketing').notNull(),
    bannerVersion: integer('banner_version').notNull(),
    /** The browser sent Global Privacy Control. */
    gpc: boolean('gpc').notNull().default(false),
    /** Truncated user agent. */
    userAgent: text('user_agent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('consents_consent_id_idx').on(t.consentId), index('consents_created_idx').on(t.createdAt)],
);

/** Short replies staff start from, per lead kind, kept in the admin (GET/PUT /api/admin/reply-templates). */
export const replyTemplates = pgTable(
  'reply_templates',
  {
    id: id(),
    leadKind: text('lead_kind').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reply_templates_kind_idx').on(t.leadKind, t.position)],
);

/** Invitations of colleagues: a single-use link (the token is stored as SHA-256), valid for a week. */
export const userInvites = pgTable('user_invites', {
  id: id(),
  email: text('email').notNull(),
  role: text('role').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A daily job's claim for a day: the instance whose insert succeeds runs it (the staff digest). */
export const dailyRuns = pgTable(
  'daily_runs',
  {
    job: text('job').notNull(),
    day: date('day').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day], name: 'daily_runs_job_day_pk' })],
);

/**
 * The site's editable content (migration 0012, issue 23): one row per document of the contract's
 * CONTENT_DOCUMENTS. `published` is what the public sees, `scheduled` replaces it at `scheduled_at`, `draft` is
 * the editors' work in progress. `version` rises with every change (a stale save is refused). `edited` is false
 * while the public version is still the installation's default: its prerendered page is then served as built.
 */
export const contentDocuments = pgTable(
  'content_documents',
  {
    key: text('key').primaryKey(),
    published: jsonb('published').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    edited: boolean('edited').notNull().default(false),
    scheduled: jsonb('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    scheduledBy: uuid('scheduled_by').references(() => users.id, { onDelete: 'set null' }),
    draft: jsonb('draft'),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The name the editor had when saving: a 409 names them even after the account is removed. */
    updatedByName: text('updated_by_name'),
  },
  (t) => [
    check('content_documents_schedule_check', sql`(${t.scheduled} IS NULL) = (${t.scheduledAt} IS NULL)`),
    index('content_documents_scheduled_idx')
      .on(t.scheduledAt)
      .where(sql`${t.scheduledAt} IS NOT NULL`),
  ],
);

/** Every version of a content document that went public, newest last. */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: id(),
    key: text('key')
      .notNull()
      .references(() => contentDocuments.key, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
  },
  (t) => [index('content_revisions_key_idx').on(t.key, t.createdAt)],
);

/**
 * One row per backup, scheduled or taken by hand (apps/api/src/plugins/backups.ts). At most one is running
 * (finished_at null) in the whole cluster: the unique index is the scheduler's lease.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: id(),
    /** The archive's file name; null until it is written. */
    name: text('name'),
    /** schedule | admin | cli */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the archive was read back and its checksums and counts matched. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Why it failed (one line, no personal data); null when it succeeded. */
    error: text('error'),
    /** Renewed every few seconds while it runs; a run not renewed for a minute no longer holds the lease. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The instance taking it (host and data directory), which marks its own unfinished runs failed on start. */
    instance: text('instance'),
  },
  (t) => [
    uniqueIndex('backup_runs_one_running_idx')
      .on(sql`(true)`)
      .where(sql`${t.finishedAt} IS NULL`),
    index('backup_runs_started_idx').on(t.startedAt),
  ],
);

/**
 * Every message the mailbox watcher looked at (issue 32), by its Message-ID: filed on a lead (never twice), left in
 * the mailbox because no lead matched (unmatched) or because it was larger than INBOUND_MESSAGE_MAX_BYTES.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: id(),
    messageId: text('message_id').notNull(),
    /** filed | unmatched | too_large */
    status: text('status').notNull(),
    leadKind: text('lead_kind'),
    leadId: uuid('lead_id'),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inbound_messages_message_id_idx').on(t.messageId),
    index('inbound_messages_lead_idx').on(t.leadKind, t.leadId),
    index('inbound_messages_status_idx').on(t.status, t.createdAt),
    check('inbound_messages_status_check', sql`${t.status} IN ('filed', 'unmatched', 'too_large')`),
  ],
);

/** Files that came with a visitor's answer, stored privately like a quote's file (leads/<kind>/<id>/<uuid>). */
export const leadAttachments = pgTable(
  'lead_attachments',
  {
    id: id(),
    leadKind: text('lead_kind').notNull(),
    leadId: uuid('lead_id').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_attachments_lead_idx').on(t.leadKind, t.leadId)],
);

/**
 * The one row of the mailbox watcher (apps/api/src/plugins/inbound.ts): the instance holding the cluster's lease
 * on the mailbox until `lease_until`, the last UID read in the mailbox of that UIDVALIDITY, and the dashboard's
 * line (last read, last failure).
 */
export const inboundMailbox = pgTable(
  'inbound_mailbox',
  {
    id: integer('id').primaryKey().default(1),
    holder: text('holder'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  (t) => [check('inbound_mailbox_single_row', sql`${t.id} = 1`)],
);
/** One-time download links of a backup archive, given once the admin confirmed their password (and 2FA code). */
export const backupLinks = pgTable('backup_links', {
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  tokenHash: text('token_hash').primaryKey(),
  name: text('name').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Who has a content document (`content:{key}`) or a blog post (`blog:{id}`) open in the editor now, for every
 * instance of a cluster (services/editor-presence.ts). A row whose heartbeat is older than the contract's
 * CONTENT_PRESENCE_TTL_SECONDS is gone.
 */
export const editorPresence = pgTable(
  'editor_presence',
  {
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.userId], name: 'editor_presence_key_user_id_pk' }),
    index('editor_presence_heartbeat_idx').on(t.heartbeatAt),
  ],
);
