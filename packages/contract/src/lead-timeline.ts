// A lead's timeline and the delivery state of its notifications (GET /api/admin/{kind}/{id}, resend).
import { z } from 'zod';
import { PersonSchema } from './lead-work.ts';

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
  'reply_received',
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
 * - reply_received: `{ messageId, from, subject, text, attachments: [{ id, fileName, size }] }`
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
