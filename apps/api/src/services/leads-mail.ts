// The two mails a lead produces: the agency's notification (every field + admin link) and the visitor's confirmation.
import {
  LEAD_FIELDS,
  LEAD_STATUS_LABELS,
  type LeadSource,
  type LeadStatus,
  labelOf,
  leadAdminPath,
  type LeadKind,
  type Person,
  REGION_SETTINGS,
  type Region,
} from '@agency/contract';
import { type InboundConfig, inboundReplyTo } from './inbound-address.ts';
import { mailSignature, type SiteDetails } from './site-details.ts';

export interface LeadMailConfig {
  siteUrl: string;
  mailFrom: string;
  leadsTo: { default: string | undefined; uk: string | undefined; nepal: string | undefined };
  /** The mailbox answers come back to: the confirmation's Reply-To (issue 32). */
  inbound?: Pick<InboundConfig, 'address' | 'plusAddressing'> | undefined;
}

export interface LeadMailInput {
  kind: LeadKind;
  id: string;
  /** The validated lead; only LEAD_FIELDS[kind] are written into the mail. */
  fields: Record<string, unknown>;
  file?: { name: string; size: number; type: string } | null;
  /** Where the lead came from: the notification names the page and the campaign. */
  source?: LeadSource | null;
  /** Set when staff send the notification again: it says so, with the lead's status and owner now. */
  resend?: { status: string; owner: Person | null } | null;
  /** Set when staff move the lead out of spam: the one notification says so, with when the lead arrived. */
  released?: { receivedAt: Date; by: string | null } | null;
  /** The published `site` document's details: the visitor's confirmation is signed with them. */
  site?: SiteDetails | null;
}

export interface OutboxInsert {
  leadKind: LeadKind;
  leadId: string;
  purpose: 'notification' | 'confirmation' | 'webhook' | 'reply';
  to: string;
  subject: string;
  body: string;
  /** Reply-To: the visitor on the agency's notification, the staff member (or REPLY_TO) on a reply. */
  replyTo?: string | null;
}

/** Header-safe one-line text of at most `max` characters. */
const oneLine = (value: unknown, max = 120) => {
  const text = String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** The display name of MAIL_FROM ("Agency website <no-reply@…>" gives "Agency website"). */
function senderName(config: LeadMailConfig): string {
  const match = /^\s*"?([^"<]*?)"?\s*</.exec(config.mailFrom);
  return match?.[1]?.trim() || new URL(config.siteUrl).host;
}

export function recipientFor(
  kind: LeadKind,
  fields: Record<string, unknown>,
  config: LeadMailConfig,
): string | undefined {
  const region = kind === 'quotes' ? (fields.region as Region | null | undefined) : undefined;
  return (region && config.leadsTo[region]) || config.leadsTo.default;
}

function notificationSubject(kind: LeadKind, fields: Record<string, unknown>): string {
  switch (kind) {
    case 'quotes': {
      const region = fields.region as Region | null | undefined;
      const where = region ? ` (${REGION_SETTINGS[region].label})` : '';
      return `New quote request${where} from ${oneLine(fields.fullName || fields.email, 80)}`;
    }
    case 'contacts':
      return `New contact message from ${oneLine(fields.name, 60)}: ${oneLine(fields.subject, 80)}`;
    case 'applications':
      return `New job application: ${oneLine(fields.position, 60)} from ${oneLine(fields.name, 60)}`;
  }
}

const CONFIRMATION: Record<LeadKind, { subject: string; text: string }> = {
  quotes: {
    subject: 'We have received your quote request',
    text: 'Thank you for your quote request. We will get back to you as soon as possible, usually within one business day.',
  },
  contacts: {
    subject: 'We have received your message',
    text: 'Thank you for your message. We will get back to you as soon as possible.',
  },
  applications: {
    subject: 'We have received your application',
    text: 'Thank you for applying. We will read your application and contact you at this address.',
  },
};

/** A field's value as the mail shows it: regions in words ("United Kingdom", not "uk"). */
function shownValue(field: string, value: unknown): string {
  const text = String(value ?? '').trim();
  if (field === 'region' && text in REGION_SETTINGS) return REGION_SETTINGS[text as Region].label;
  return text;
}

/** "27 Nov 2026, 22:10 UTC": when a released lead arrived. */
const receivedTime = (at: Date) =>
  `${at.toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;

function notificationBody(
  { kind, id, fields, file, source, resend, released }: LeadMailInput,
  config: LeadMailConfig,
): string {
  const lines: string[] = [];
  if (released) {
    lines.push(
      `This lead was received on ${receivedTime(released.receivedAt)} and held as possible spam; ${
        released.by ? `${released.by} released it` : 'it was released'
      } from spam now.`,
      '',
    );
  }
  if (resend) {
    const status = LEAD_STATUS_LABELS[resend.status as LeadStatus] ?? resend.status;
    lines.push(
      'This notification is sent again at the request of staff; the lead arrived earlier.',
      `Status now: ${status}. Owner: ${resend.owner ? resend.owner.name : 'nobody yet'}.`,
      '',
    );
  }
  for (const field of LEAD_FIELDS[kind]) {
    const value = shownValue(field, fields[field]);
    if (!value) continue;
    // Multi-line answers are indented so each field still starts on its own line.
    lines.push(`${labelOf(field)}:${value.includes('\n') ? `\n  ${value.split(/\r?\n/).join('\n  ')}` : ` ${value}`}`);
  }
  if (file)
    lines.push(
      `${labelOf(kind === 'applications' ? 'resume' : 'file')}: ${file.name} (${file.size} bytes, ${file.type})`,
    );
  if (source?.sourcePath) lines.push(`Sent from the page: ${config.siteUrl}${source.sourcePath}`);
  if (source?.referrer) lines.push(`Referred by: ${source.referrer}`);
  if (source?.utmCampaign) {
    const via = [source.utmSource, source.utmMedium].filter(Boolean).join(' / ');
    lines.push(`Campaign: ${source.utmCampaign}${via ? ` (${via})` : ''}`);
  }
  lines.push('', `Open it in the admin area: ${config.siteUrl}${leadAdminPath(kind, id)}`);
  const visitor = String(fields.email ?? '').trim();
  if (visitor) lines.push(`Reply to this mail to write to ${visitor}.`);
  return `${lines.join('\n')}\n`;
}

/** The agency's notification, or null when no inbox is configured for the lead. */
export function notificationMail(input: LeadMailInput, config: LeadMailConfig): OutboxInsert | null {
  const agency = recipientFor(input.kind, input.fields, config);
  if (!agency) return null;
  const visitor = String(input.fields.email ?? '').trim();
  const subject = notificationSubject(input.kind, input.fields);
  return {
    leadKind: input.kind,
    leadId: input.id,
    purpose: 'notification',
    to: agency,
    subject: input.resend ? `Resent: ${subject}` : input.released ? `Released from spam: ${subject}` : subject,
    body: notificationBody(input, config),
    // The form checked it is an address; the agency's Reply then writes to the visitor, not to MAIL_FROM.
    replyTo: visitor || null,
  };
}

/** Outbox rows for a new lead: a notification when an inbox is configured, and a confirmation to the visitor. */
export function leadMails(input: LeadMailInput, config: LeadMailConfig): OutboxInsert[] {
  const rows: OutboxInsert[] = [];
  const base = { leadKind: input.kind, leadId: input.id };
  const notification = notificationMail(input, config);
  if (notification) rows.push(notification);
  const visitor = String(input.fields.email ?? '').trim();
  if (visitor) {
    const { subject, text } = CONFIRMATION[input.kind];
    // Nothing the visitor typed: the address is whatever was typed into the form, so a name or a
    // message quoted here would let anyone send their text from the agency to anybody.
    rows.push({
      ...base,
      purpose: 'confirmation',
      to: visitor,
      subject,
      body: `Hello,\n\n${text}\n\n${input.site ? mailSignature(input.site, config.siteUrl) : `${senderName(config)}\n${config.siteUrl}`}\n`,
      // With a mailbox, the visitor's answer to the confirmation comes back onto the lead.
      ...(config.inbound ? { replyTo: inboundReplyTo(config.inbound, input.kind, input.id) } : {}),
    });
  }
  return rows;
}
