// A lead's conversation, read from its timeline (issue 32 point 2): the visitor's own message, each reply staff
// sent with its delivery state, and each answer that came back (`reply_received`), oldest first. Plain data, so
// the order and the quoting are tested without a browser.
import type { Delivery, LeadEvent, LeadKind, Person } from '@agency/contract';

/** The field that holds what the visitor wrote, per kind. */
export const MESSAGE_FIELD: Record<LeadKind, string> = {
  quotes: 'description',
  contacts: 'message',
  applications: 'info',
};

/** The field that says what the lead is about (the conversation's first subject), per kind. */
export const SUBJECT_FIELD: Record<LeadKind, string> = {
  quotes: 'services',
  contacts: 'subject',
  applications: 'position',
};

export type ReplyState = 'sent' | 'queued' | 'retrying' | 'failing';

export type ConversationEntry =
  | { type: 'request'; at: string; from: string; subject: string; text: string }
  | {
      type: 'reply';
      at: string;
      author: Person | null;
      to: string;
      subject: string;
      text: string;
      state: ReplyState;
      /** The last delivery error, when the outbox has one. */
      error: string | null;
    }
  | {
      type: 'answer';
      at: string;
      /** Its Message-ID: a reply to it names it (In-Reply-To), so the visitor's mail program threads the two. */
      messageId: string;
      from: string;
      subject: string;
      text: string;
      attachments: { id: string; fileName: string; size: number }[];
    };

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** A reply's state: its outbox row's, else what its events say (sent, failed, or still waiting). */
function replyState(
  outboxId: string,
  events: LeadEvent[],
  deliveries: Delivery[],
): Pick<Extract<ConversationEntry, { type: 'reply' }>, 'state' | 'error'> {
  const delivery = deliveries.find((entry) => entry.id === outboxId);
  if (delivery) return { state: delivery.state, error: delivery.lastError };
  const own = events.filter((event) => str(event.data.outboxId) === outboxId);
  if (own.some((event) => event.type === 'reply_sent')) return { state: 'sent', error: null };
  const failed = [...own].reverse().find((event) => event.type === 'reply_failed');
  return failed ? { state: 'retrying', error: str(failed.data.lastError) || null } : { state: 'queued', error: null };
}

const attachmentsOf = (value: unknown) =>
  (Array.isArray(value) ? value : [])
    .filter((entry): entry is Record<string, unknown> => Boolean(entry) && typeof entry === 'object')
    .map((entry) => ({ id: str(entry.id), fileName: str(entry.fileName), size: Number(entry.size) || 0 }));

/** The conversation of a lead, oldest first: the request, then replies and answers in the order they happened. */
export function conversationOf(
  lead: { createdAt: string; name: string; email: string; subject: string; text: string },
  timeline: LeadEvent[],
  deliveries: Delivery[],
): ConversationEntry[] {
  const entries: ConversationEntry[] = [
    { type: 'request', at: lead.createdAt, from: lead.name, subject: lead.subject, text: lead.text },
  ];
  for (const event of timeline) {
    if (event.type === 'reply_queued') {
      const outboxId = str(event.data.outboxId);
      entries.push({
        type: 'reply',
        at: event.at,
        author: event.actor,
        to: str(event.data.to),
        subject: str(event.data.subject),
        text: str(event.data.text),
        ...replyState(outboxId, timeline, deliveries),
      });
    } else if (event.type === 'reply_received') {
      entries.push({
        type: 'answer',
        at: event.at,
        messageId: str(event.data.messageId),
        from: str(event.data.from) || lead.email,
        subject: str(event.data.subject),
        text: str(event.data.text),
        attachments: attachmentsOf(event.data.attachments),
      });
    }
  }
  // The timeline is oldest first already; a stable sort keeps events of one instant in their order.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => new Date(a.entry.at).getTime() - new Date(b.entry.at).getTime() || a.index - b.index)
    .map(({ entry }) => entry);
}

/** "Re: …" once, however often a subject is answered. */
export const replySubject = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;

/** An answer quoted under a new reply: "On <date>, <from> wrote:" and each line after "> ". */
export function quoteOf(answer: { at: string; from: string; text: string }, date: (iso: string) => string): string {
  const quoted = answer.text
    .replace(/\s+$/, '')
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  return `On ${date(answer.at)}, ${answer.from} wrote:\n${quoted}`;
}
