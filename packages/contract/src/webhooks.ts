// The body of a lead webhook (WEBHOOK_URLS, WEBHOOK_PAYLOAD).
import { z } from 'zod';
import { LEAD_KINDS, REGIONS } from './options.ts';

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
