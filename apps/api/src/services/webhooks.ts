// Instant alerts: one POST per new lead (and per move out of spam) to each WEBHOOK_URLS entry, queued in
// the outbox like mail. Slack incoming webhooks get `{ text }`; any other URL gets a JSON event signed per
// the Standard Webhooks specification (https://www.standardwebhooks.com/).
import {
  LEAD_FIELDS,
  LEAD_KIND_LABELS,
  labelOf,
  leadAdminPath,
  type LeadKind,
  REGION_SETTINGS,
  type Region,
  type WebhookBody,
  type WebhookPayloadMode,
} from '@agency/contract';
import { Webhook } from 'standardwebhooks';

export interface WebhookConfig {
  urls: string[];
  /** The HMAC key: the bytes behind `whsec_<base64>`, or the UTF-8 bytes of any other value. */
  secret: Buffer | undefined;
  payload: WebhookPayloadMode;
}

export interface WebhookLead {
  kind: LeadKind;
  id: string;
  createdAt: Date;
  status: string;
  fields: Record<string, unknown>;
}

/** A stored webhook row, as the outbox worker hands it over; `id` doubles as the `webhook-id`. */
export interface WebhookMessage {
  id: string;
  url: string;
  body: string;
}

export type SendWebhook = (message: WebhookMessage) => Promise<void>;

const SECRET_PREFIX = 'whsec_';
/** Well under the outbox lease (60 s), so a slow receiver cannot make two instances send one row. */
const TIMEOUT_MS = 10_000;

export const isSlackUrl = (url: string) => {
  try {
    return new URL(url).host === 'hooks.slack.com';
  } catch {
    return false;
  }
};

/**
 * The key of WEBHOOK_SECRET. The specification serialises secrets as `whsec_` + base64 of the key, which is
 * what receivers' Standard Webhooks libraries expect to be given; a value without the prefix is taken as is.
 */
export function webhookKey(secret: string): Buffer {
  if (secret.startsWith(SECRET_PREFIX)) return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return Buffer.from(secret, 'utf8');
}

/** `v1,<base64 HMAC-SHA-256 of "id.timestamp.body">`, by the Standard Webhooks reference library. */
export const webhookSignature = (key: Buffer, id: string, timestamp: number, body: string): string =>
  new Webhook(key, { format: 'raw' }).sign(id, new Date(timestamp * 1000), body);

function regionOf(lead: WebhookLead): Region | null {
  const region = lead.kind === 'quotes' ? lead.fields.region : null;
  return region === 'uk' || region === 'nepal' ? region : null;
}

/** The form fields of the lead, in the order the mails show them (WEBHOOK_PAYLOAD=full only). */
function leadFields(lead: WebhookLead): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of LEAD_FIELDS[lead.kind]) fields[field] = lead.fields[field] ?? null;
  return fields;
}

export function webhookBody(lead: WebhookLead, siteUrl: string, mode: WebhookPayloadMode, now = new Date()): string {
  const body: WebhookBody = {
    type: 'lead.created',
    timestamp: now.toISOString(),
    data: {
      kind: lead.kind,
      id: lead.id,
      createdAt: lead.createdAt.toISOString(),
      region: regionOf(lead),
      status: lead.status,
      url: `${siteUrl}${leadAdminPath(lead.kind, lead.id)}`,
      ...(mode === 'full' ? { fields: leadFields(lead) } : {}),
    },
  };
  return JSON.stringify(body);
}

/** Slack's `text`: what arrived and the link; the fields only with WEBHOOK_PAYLOAD=full. */
export function slackBody(lead: WebhookLead, siteUrl: string, mode: WebhookPayloadMode): string {
  const region = regionOf(lead);
  const what = LEAD_KIND_LABELS[lead.kind].replace(/s$/, '').toLowerCase();
  const lines = [
    `New ${what}${region ? ` (${REGION_SETTINGS[region].label})` : ''}: <${siteUrl}${leadAdminPath(lead.kind, lead.id)}|open it in the admin area>`,
  ];
  if (mode === 'full') {
    for (const [field, value] of Object.entries(leadFields(lead))) {
      const text = String(value ?? '').trim();
      // Slack reads <, > and & as markup.
      if (text)
        lines.push(`${labelOf(field)}: ${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`);
    }
  }
  return JSON.stringify({ text: lines.join('\n') });
}

/** One outbox row per configured URL. */
export function webhookRows(
  lead: WebhookLead,
  config: { siteUrl: string; webhooks: WebhookConfig },
): { to: string; subject: string; body: string }[] {
  return config.webhooks.urls.map((url) => ({
    to: url,
    subject: 'lead.created',
    body: isSlackUrl(url)
      ? slackBody(lead, config.siteUrl, config.webhooks.payload)
      : webhookBody(lead, config.siteUrl, config.webhooks.payload),
  }));
}

/**
 * Sends one stored webhook. Only to a URL that is still configured (a row queued before the operator removed
 * it fails instead), without following redirects, so requests go nowhere the operator did not name.
 * `send` is the global fetch; a test hands in one that reaches a local receiver instead of Slack.
 */
export function createWebhookSender(config: WebhookConfig, send: typeof fetch = fetch): SendWebhook {
  return async ({ id, url, body }) => {
    if (!config.urls.includes(url)) throw new Error('This URL is no longer in WEBHOOK_URLS');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!isSlackUrl(url)) {
      const timestamp = Math.floor(Date.now() / 1000);
      headers['webhook-id'] = id;
      headers['webhook-timestamp'] = String(timestamp);
      if (config.secret) headers['webhook-signature'] = webhookSignature(config.secret, id, timestamp, body);
    }
    let response: Response;
    try {
      response = await send(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)));
    }
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  };
}
