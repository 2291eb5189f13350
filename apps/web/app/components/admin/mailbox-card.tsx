// The dashboard's mailbox card (issue 32): whether the mailbox answers come back to can be reached (red with the
// cause when not), and how many messages were filed on their lead, left unmatched or left for their size.
import type { InboundStatus } from '@agency/contract';
import { when } from '~/components/admin-leads/lead-kinds';

export function MailboxCard({ status, className }: { status: InboundStatus; className: string }) {
  if (status.state === 'off') return null;
  const bad = status.state === 'failing';
  return (
    <section
      aria-labelledby="mailbox-heading"
      data-state={bad ? 'bad' : 'ok'}
      className={`${className} ${bad ? 'border-red-300 bg-red-50 text-red-900' : ''}`}
    >
      <h3 id="mailbox-heading" className="text-lg font-bold">
        Answers mailbox
      </h3>
      <p className="mt-1 text-sm">
        {bad
          ? `Cannot be reached since ${when(status.lastErrorAt ?? '')}: ${status.lastError}. Answers wait there until it can.`
          : status.lastCheckedAt
            ? `Read ${when(status.lastCheckedAt)}.`
            : 'Not read yet: the first instance to start watches it.'}
      </p>
      <p className="mt-1 text-sm">
        {status.filed} filed on their lead, {status.unmatched} matched no lead (left in the mailbox)
        {status.tooLarge > 0 && status.lastTooLarge
          ? `, ${status.tooLarge} too large (left; the latest ${when(status.lastTooLarge.at)})`
          : ''}
        .
      </p>
    </section>
  );
}
