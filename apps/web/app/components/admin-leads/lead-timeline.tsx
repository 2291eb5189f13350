// A lead's timeline, oldest first: what arrived, every mail and webhook, and every staff action with
// who did it. Event shapes: LeadEventSchema in the contract.
import type { Delivery, LeadEvent, Person } from '@agency/contract';
import { statusLabel } from './lead-status';
import { when } from './lead-kinds';

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const person = (value: unknown) => (value && typeof value === 'object' ? (value as Person).name : 'nobody');

export const PURPOSE_LABELS: Record<Delivery['kind'], string> = {
  notification: 'Agency notification',
  confirmation: 'Confirmation to the visitor',
  webhook: 'Webhook',
  reply: 'Reply to the visitor',
};
const purposeOf = (value: unknown) => PURPOSE_LABELS[value as Delivery['kind']] ?? 'Mail';

const SPAM_REASONS: Record<string, string> = {
  honeypot: 'the hidden bot field was filled in',
  challenge: 'the spam check was not solved',
};

/** One sentence for an event. */
export function describeEvent(event: LeadEvent): string {
  const { data } = event;
  const attempts = typeof data.attempts === 'number' ? ` (attempt ${data.attempts})` : '';
  const error = str(data.lastError) ? `: ${str(data.lastError)}` : '';
  switch (event.type) {
    case 'received': {
      const from = str(data.sourcePath) ? ` from ${str(data.sourcePath)}` : '';
      const spam = SPAM_REASONS[str(data.spamReason)];
      return `Received${from}${spam ? `, put in spam: ${spam}` : ''}`;
    }
    case 'mail_queued':
      return `${purposeOf(data.purpose)} queued for ${str(data.to)}`;
    case 'mail_sent':
      return `${purposeOf(data.purpose)} sent to ${str(data.to)}`;
    case 'mail_failed':
      return `${purposeOf(data.purpose)} to ${str(data.to)} failed${attempts}${error}`;
    case 'webhook_queued':
      return `Webhook to ${str(data.target)} queued`;
    case 'webhook_sent':
      return `Webhook to ${str(data.target)} sent`;
    case 'webhook_failed':
      return `Webhook to ${str(data.target)} failed${attempts}${error}`;
    case 'status_changed':
      return `Status changed from ${statusLabel(str(data.from))} to ${statusLabel(str(data.to))}`;
    case 'owner_changed':
      return data.to ? `Assigned to ${person(data.to)}` : `Unassigned (was ${person(data.from)})`;
    case 'note_added':
      return 'Note added';
    case 'file_downloaded':
      return `Downloaded ${str(data.fileName) || 'the attachment'}`;
    case 'exported':
      return 'Exported to CSV';
    case 'reply_queued':
      return `Reply “${str(data.subject)}” queued for ${str(data.to)}`;
    case 'reply_sent':
      return `Reply sent to ${str(data.to)}`;
    case 'reply_failed':
      return `Reply to ${str(data.to)} failed${attempts}${error}`;
    case 'follow_up_set':
      return `Follow-up set for ${when(str(data.at))}`;
    case 'follow_up_cleared':
      return 'Follow-up cleared';
    case 'deal_value_changed':
      return data.to === null ? 'Deal value cleared' : `Deal value set to ${String(data.to)} ${str(data.currency)}`;
    case 'reply_received': {
      const files = Array.isArray(data.attachments) ? data.attachments.length : 0;
      return `Answer “${str(data.subject)}” received from ${str(data.from)}${files ? ` with ${files} attachment${files > 1 ? 's' : ''}` : ''}`;
    }
  }
}

export function LeadTimeline({ events }: { events: LeadEvent[] }) {
  if (events.length === 0) return <p className="text-slate-700">Nothing has happened yet.</p>;
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className="text-sm">
          <p>
            <span className="font-medium text-slate-900">{describeEvent(event)}</span>
            {event.actor && <span className="text-slate-700"> by {event.actor.name}</span>}
          </p>
          <p className="text-slate-600">
            <time dateTime={event.at}>{when(event.at)}</time>
          </p>
          {/* A note's text, and the text of a reply as it was sent; a follow-up's note. */}
          {(event.type === 'note_added' || event.type === 'reply_queued') && (
            <p className="mt-1 rounded-md bg-slate-100 px-3 py-2 break-words whitespace-pre-wrap text-slate-900">
              {str(event.data.text)}
            </p>
          )}
          {event.type === 'follow_up_set' && str(event.data.note) && (
            <p className="mt-1 text-slate-800">{str(event.data.note)}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
