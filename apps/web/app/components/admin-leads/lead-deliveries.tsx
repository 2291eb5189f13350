// A lead's notifications (the agency's mail, the visitor's confirmation, webhooks) with each one's state, and
// Resend of the agency's notification.
import type { Delivery } from '@agency/contract';
import { useState } from 'react';
import { secondaryButton } from '~/components/admin/form-styles';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate } from '~/lib/api-query';
import { EmailLink } from './contact-links';
import { when } from './lead-kinds';
import { sectionHeading } from './lead-request';
import { PURPOSE_LABELS } from './lead-timeline';

function deliveryState(delivery: Delivery): string {
  const error = delivery.lastError ? `; last error: ${delivery.lastError}` : '';
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (delivery.state) {
    case 'sent':
      return `Sent ${when(delivery.sentAt ?? delivery.createdAt)}`;
    case 'queued':
      return 'Queued, not tried yet';
    case 'retrying':
      return `Retrying after ${tries}${delivery.nextAttemptAt ? `, next ${when(delivery.nextAttemptAt)}` : ''}${error}`;
    case 'failing':
      return `Failing after ${tries}${error}`;
  }
}

function Deliveries({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0) {
    return <p className="mt-3 text-slate-700">No notification was sent for it.</p>;
  }
  return (
    // Scrolls sideways on a phone: a focusable, named region, so a keyboard can scroll it too.
    <div
      role="region"
      tabIndex={0}
      aria-label="Notifications (scrolls sideways)"
      className="relative mt-3 overflow-x-auto"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Notifications of this lead, oldest first</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4">
              What
            </th>
            <th scope="col" className="py-2 pr-4">
              To
            </th>
            <th scope="col" className="py-2 pr-4">
              Queued
            </th>
            <th scope="col" className="py-2">
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-4 font-medium">
                {PURPOSE_LABELS[delivery.kind]}
              </th>
              <td className="py-2 pr-4 break-all">
                {delivery.target.includes('@') ? <EmailLink email={delivery.target} /> : delivery.target}
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">{when(delivery.createdAt)}</td>
              <td className={`py-2 ${delivery.state === 'failing' ? 'font-semibold text-red-800' : ''}`}>
                {deliveryState(delivery)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LeadDeliveries({
  path,
  deliveries,
  invalidates,
  headingId,
}: {
  /** The lead's API path, `/admin/{kind}/{id}`. */
  path: string;
  deliveries: Delivery[];
  invalidates: string[];
  headingId: string;
}) {
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      await mutate(`${path}/resend`, { method: 'POST', invalidates });
      toast.success('The agency notification is queued again');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to queue the notification'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className={sectionHeading}>
        Delivery
      </h3>
      <Deliveries deliveries={deliveries} />
      <button type="button" disabled={busy} onClick={() => void resend()} className={`mt-3 ${secondaryButton}`}>
        Resend the agency notification
      </button>
    </section>
  );
}
