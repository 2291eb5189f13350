// The conversation on a lead page (issue 32 point 2): the visitor's message, each reply staff sent with its
// delivery state, and each answer that came back, oldest first, as one list above the reply box. "Answer" on an
// answer starts a reply that quotes it.
import type { Delivery, LeadEvent } from '@agency/contract';
import { type ConversationEntry, conversationOf, quoteOf, type ReplyState, replySubject } from './conversation';
import { sizeOf, when } from './lead-kinds';

export interface QuotedAnswer {
  /** Changes with every "Answer", so the same answer can be quoted twice. */
  key: number;
  subject: string;
  text: string;
  /** The answer's Message-ID, sent as the reply's inReplyTo. */
  messageId: string;
}

const STATE_LABELS: Record<ReplyState, string> = {
  sent: 'Delivered to their mail server',
  queued: 'Waiting to be sent',
  retrying: 'Not sent yet: retrying',
  failing: 'Failing',
};

const bubble = 'rounded-lg border px-4 py-3 break-words';

function Entry({ entry, onAnswer }: { entry: ConversationEntry; onAnswer: (entry: ConversationEntry) => void }) {
  const time = <time dateTime={entry.at}>{when(entry.at)}</time>;
  switch (entry.type) {
    case 'request':
      return (
        <div className={`${bubble} mr-8 border-slate-300 bg-white`}>
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{entry.from}</span> wrote · {time}
          </p>
          {entry.subject && <p className="mt-1 font-medium">{entry.subject}</p>}
          <p className="mt-1 whitespace-pre-wrap text-slate-900">{entry.text || '(no message)'}</p>
        </div>
      );
    case 'reply':
      return (
        <div className={`${bubble} ml-8 border-brand-200 bg-brand-50`}>
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{entry.author?.name ?? 'Staff'}</span> replied to {entry.to}{' '}
            · {time}
          </p>
          <p className="mt-1 font-medium">{entry.subject}</p>
          <p className="mt-1 whitespace-pre-wrap text-slate-900">{entry.text}</p>
          <p
            className={`mt-2 text-sm ${entry.state === 'sent' ? 'text-green-800' : entry.state === 'queued' ? 'text-slate-700' : 'font-semibold text-red-800'}`}
          >
            {STATE_LABELS[entry.state]}
            {entry.error && entry.state !== 'sent' ? `: ${entry.error}` : ''}
          </p>
        </div>
      );
    case 'answer':
      return (
        <div className={`${bubble} mr-8 border-amber-300 bg-amber-50`}>
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{entry.from}</span> answered · {time}
          </p>
          {entry.subject && <p className="mt-1 font-medium">{entry.subject}</p>}
          <p className="mt-1 whitespace-pre-wrap text-slate-900">{entry.text}</p>
          {entry.attachments.length > 0 && (
            <ul className="mt-2 text-sm text-slate-800">
              {entry.attachments.map((file) => (
                <li key={file.id}>
                  Attachment: {file.fileName} ({sizeOf(file.size)})
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            onClick={() => onAnswer(entry)}
            className="mt-2 rounded-md border border-slate-400 bg-white px-3 py-1 text-sm font-medium hover:bg-slate-100"
          >
            Answer, quoting this
          </button>
        </div>
      );
  }
}

const LABELS: Record<ConversationEntry['type'], string> = {
  request: 'Their message',
  reply: 'Reply sent',
  answer: 'Their answer',
};

export function LeadConversation({
  lead,
  timeline,
  deliveries,
  onQuote,
}: {
  lead: Parameters<typeof conversationOf>[0];
  timeline: LeadEvent[];
  deliveries: Delivery[];
  /** Called with the subject and quoted text of a reply to an answer. */
  onQuote: (quoted: Omit<QuotedAnswer, 'key'>) => void;
}) {
  const entries = conversationOf(lead, timeline, deliveries);
  const answer = (entry: ConversationEntry) => {
    if (entry.type !== 'answer') return;
    onQuote({
      subject: replySubject(entry.subject || lead.subject),
      text: `\n\n${quoteOf(entry, when)}`,
      messageId: entry.messageId,
    });
  };
  return (
    <ol aria-label="Conversation, oldest first" className="mt-3 space-y-3">
      {entries.map((entry, index) => (
        <li key={`${entry.type}-${entry.at}-${index}`} aria-label={`${LABELS[entry.type]}, ${when(entry.at)}`}>
          <Entry entry={entry} onAnswer={answer} />
        </li>
      ))}
    </ol>
  );
}
