// How a mail the site sends names its lead, so the visitor's answer finds its way back (issue 32): its own
// Message-ID (`<outbox row id@domain>`, which the answer's In-Reply-To/References repeat), and a Reply-To of the
// agency's mailbox, plus-addressed with the lead's token where INBOUND_PLUS_ADDRESSING is on.
import type { LeadKind } from '@agency/contract';

export interface InboundConfig {
  imap: { host: string; port: number; secure: boolean; user: string; pass: string; mailbox: string };
  /** INBOUND_ADDRESS: the mailbox's address, the Reply-To of replies and confirmations. */
  address: string;
  /** INBOUND_PLUS_ADDRESSING: Reply-To `box+<lead token>@domain`. */
  plusAddressing: boolean;
}

const KIND_LETTER: Record<LeadKind, string> = { quotes: 'q', contacts: 'c', applications: 'a' };
const LETTER_KIND = Object.fromEntries(Object.entries(KIND_LETTER).map(([kind, letter]) => [letter, kind])) as Record<
  string,
  LeadKind
>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A lead's token: its kind's letter and its id without dashes (`c0f6c…`, 33 characters). The id is a random UUID
 * that only the agency and the visitor see, so the token is as hard to guess as a separate secret would be, and
 * needs no column of its own.
 */
export const leadToken = (kind: LeadKind, id: string) => `${KIND_LETTER[kind]}${id.replace(/-/g, '').toLowerCase()}`;

export function parseLeadToken(token: string): { kind: LeadKind; id: string } | null {
  const match = /^([qca])([0-9a-f]{32})$/i.exec(token.trim());
  if (!match) return null;
  const hex = match[2]!.toLowerCase();
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { kind: LETTER_KIND[match[1]!.toLowerCase()]!, id };
}

const splitAddress = (address: string) => {
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
};

/** The Reply-To of a mail about the lead: the mailbox, with the lead's token when plus addressing is on. */
export function inboundReplyTo(inbound: Pick<InboundConfig, 'address' | 'plusAddressing'>, kind: LeadKind, id: string) {
  if (!inbound.plusAddressing) return inbound.address;
  const { local, domain } = splitAddress(inbound.address);
  return `${local}+${leadToken(kind, id)}@${domain}`;
}

/** The lead an address like `box+<token>@domain` names, when `box@domain` is the mailbox's address. */
export function leadOfPlusAddress(inbound: Pick<InboundConfig, 'address'>, address: string) {
  const mailbox = splitAddress(inbound.address.toLowerCase());
  const { local, domain } = splitAddress(address.trim().toLowerCase());
  const plus = local.indexOf('+');
  if (plus < 0 || domain !== mailbox.domain || local.slice(0, plus) !== mailbox.local) return null;
  return parseLeadToken(local.slice(plus + 1));
}

/** The Message-ID of an outbox mail (angle brackets included). */
export const outboxMessageId = (outboxId: string, domain: string) => `<${outboxId}@${domain}>`;

/** The outbox row a Message-ID of ours names, or null for anybody else's. */
export function outboxIdOf(messageId: string): string | null {
  const match = /^<?([^@<>\s]+)@[^<>\s]+>?$/.exec(messageId.trim());
  const id = match?.[1]?.toLowerCase();
  return id && UUID.test(id) ? id : null;
}

/** The domain of the site's Message-IDs: the mailbox's, else the site's host. */
export function messageIdDomain(inbound: Pick<InboundConfig, 'address'> | undefined, siteUrl: string): string {
  return inbound ? splitAddress(inbound.address).domain.toLowerCase() : new URL(siteUrl).hostname;
}

/**
 * INBOUND_IMAP_URL (`imaps://user:pass@host[:port][/mailbox]`) as connection settings; the user and password
 * may be percent-encoded (`user%40example.com`). Throws a sentence naming what is wrong.
 */
export function parseImapUrl(value: string): InboundConfig['imap'] {
  const url = new URL(value);
  const secure = url.protocol === 'imaps:';
  if (!secure && url.protocol !== 'imap:') throw new Error('must start with imaps:// or imap://');
  if (!url.hostname) throw new Error('must name the mail server, e.g. imaps://user:pass@mail.example.com/INBOX');
  if (!url.username || !url.password) throw new Error('must carry the user and password, imaps://user:pass@host');
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, '').replace(/\/+$/, '')) || 'INBOX';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
    mailbox,
  };
}
