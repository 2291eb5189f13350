// The pipeline of each lead kind: its statuses in order, their labels, and the messages of the pipeline API.
import type { LeadKind } from './options.ts';

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
  ownerNotAdmin: 'The owner must be an admin or sales account',
  ownerInvalid: 'Owner must be an account id, "me" or "none"',
  nothingToChange: 'Send status, ownerId or handled',
  noteRequired: 'Note is required',
  noteTooLong: `Note must be at most ${NOTE_MAX_LENGTH} characters`,
  noInbox: 'No agency inbox is configured (LEADS_TO), so there is no notification to send',
  altchaMissing: 'The spam check was not solved. Please try again.',
  altchaInvalid: 'The spam check is not valid or has expired. Please try again.',
} as const;
