// One lead at its own address (/admin/leads/{kind}/{id}, linked from the agency's notification mail): it
// opens with the customer's request (every field, email and phone as links, the attachment), then the
// conversation in order (their message, each reply sent with its delivery state, each answer received), then
// the reply box; then what staff do with it (status, owner, a quote's deal value, the follow-up, a note), where
// it came from, each notification's state with Resend, the timeline, and (admins) delete. One column, so a
// phone shows the same order. The sender's person page (everything that address sent) is linked under the
// heading.
import {
  LEAD_FIELDS,
  LEAD_SOURCE_FIELDS,
  LeadDetailExtrasSchema,
  LeadWorkSchema,
  NOTE_MAX_LENGTH,
  ROLE_ACCESS,
  labelOf,
  leadStatuses,
  type Delivery,
  type LeadKind,
} from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '~/components/ui/toast';
import { errorMessage, forget, mutate, useApiQuery } from '~/lib/api-query';
import { useAuth } from '~/state/auth';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { downloadWithAuth } from '~/components/admin/download';
import {
  inputClass,
  labelClass,
  outlineDangerButton,
  primaryButton,
  secondaryButton,
} from '~/components/admin/form-styles';
import { EmailLink, FieldValue } from './contact-links';
import { LeadDealValue } from './lead-deal-value';
import { LeadFollowUp } from './lead-follow-up';
import { LeadConversation, type QuotedAnswer } from './lead-conversation';
import { MESSAGE_FIELD, SUBJECT_FIELD } from './conversation';
import { LeadReply } from './lead-reply';
import { inboxSearch } from './leads-inbox';
import { personPath } from './person-page';
import { KINDS, capitalise, hasFile, sizeOf, text, when } from './lead-kinds';
import { StatusBadge, statusLabel } from './lead-status';
import { LeadTimeline, PURPOSE_LABELS } from './lead-timeline';
import { QueryView } from '~/components/admin/query-view';
import { useLeadOwners } from '~/components/admin/use-admins';

const LeadDetailSchema = LeadWorkSchema.loose().extend(LeadDetailExtrasSchema.shape);

const sectionHeading = 'text-lg font-bold';

/** Every lead list the admin shows: a change to a lead reads them again. */
const LISTS = ['/admin/leads', '/admin/stats', '/admin/people', '/admin/follow-ups'];

export function LeadPage({ kind, id }: { kind: LeadKind; id: string }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const admins = useLeadOwners();
  const formId = useId();
  const settings = KINDS[kind];
  const path = `/admin/${kind}/${encodeURIComponent(id)}`;
  const lead = useApiQuery(path, LeadDetailSchema);
  const inbox = `/admin/leads${inboxSearch({ kind })}`;
  const invalidates = [`/admin/${kind}`, ...LISTS];
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  // The choice just made, shown until the lead is read again with it.
  const [pending, setPending] = useState<{ status?: string; ownerId?: string }>({});
  useEffect(() => setPending({}), [lead.data]);
  // The answer being replied to, quoted in the reply box.
  const [quoted, setQuoted] = useState<QuotedAnswer | null>(null);
  const mayErase = (ROLE_ACCESS.admin as readonly string[]).includes(user?.role ?? '');

  async function change(body: { status?: string; ownerId?: string | null }, success: string) {
    setBusy(true);
    setPending({
      ...(body.status !== undefined && { status: body.status }),
      ...(body.ownerId !== undefined && { ownerId: body.ownerId ?? '' }),
    });
    try {
      await mutate(path, { method: 'PATCH', body, invalidates });
      toast.success(success);
    } catch (error) {
      setPending({});
      toast.error(errorMessage(error, 'Failed to update the lead'));
    } finally {
      setBusy(false);
    }
  }

  async function addNote(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNoteError(null);
    try {
      await mutate(`${path}/notes`, { method: 'POST', body: { text: note }, invalidates });
      setNote('');
      toast.success('Note added');
    } catch (error) {
      setNoteError(errorMessage(error, 'Failed to add the note'));
    } finally {
      setBusy(false);
    }
  }

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

  async function remove(name: string) {
    const question = `Delete the ${settings.noun} from ${name}, its attachment and its timeline for good (erasure on request)?`;
    if (!(await confirmAction(question))) return;
    try {
      await mutate(path, { method: 'DELETE', invalidates: [`/admin/${kind}?`, ...LISTS] });
      // Not read again: the lead is gone.
      forget(path);
      toast.success(`Deleted the ${settings.noun} from ${name}`);
      navigate(inbox);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete the lead'));
    }
  }

  async function download(fileName: string) {
    const ok = await downloadWithAuth(`${path}/file`, fileName);
    if (ok) void lead.reload();
    else toast.error('Failed to download the attachment');
  }

  return (
    <div>
      <p>
        <Link to={inbox} className="text-sm font-medium text-brand-700 underline">
          Back to the {KIND_PLURALS[kind]}
        </Link>
      </p>
      <QueryView query={lead}>
        {(data) => {
          const name = text(data[settings.nameField]);
          const fileName = typeof data.fileName === 'string' ? data.fileName : null;
          const email = typeof data.email === 'string' ? data.email : '';
          const followUpAt = typeof data.followUpAt === 'string' ? data.followUpAt : null;
          const followUpNote = typeof data.followUpNote === 'string' ? data.followUpNote : null;
          const fields: readonly string[] = LEAD_FIELDS[kind];
          const status = pending.status ?? data.status;
          const ownerId = pending.ownerId ?? data.owner?.id ?? '';
          const owners =
            data.owner && !admins.some((admin) => admin.id === data.owner?.id)
              ? [...admins, { id: data.owner.id, name: data.owner.name }]
              : admins;
          return (
            <article aria-labelledby="lead-heading" className="mt-4">
              <h2 id="lead-heading" className="text-2xl font-bold">
                {capitalise(settings.noun)} from {name}
              </h2>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <StatusBadge status={data.status} />
                <span>Received {when(data.createdAt)}</span>
                <span>· Owner: {data.owner?.name ?? 'nobody'}</span>
              </p>
              {email && (
                <p className="mt-2 text-sm">
                  <Link to={personPath(email)} className="font-medium text-brand-700 underline">
                    Everything from {email}
                  </Link>
                </p>
              )}

              <section aria-labelledby={`${formId}-details`} className="mt-6">
                <h3 id={`${formId}-details`} className={sectionHeading}>
                  Request details
                </h3>
                <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
                  {fields.map((key) => (
                    <div key={key} className="contents">
                      <dt className="font-medium text-slate-700">{labelOf(key)}</dt>
                      <dd className="break-words whitespace-pre-wrap text-slate-900">
                        <FieldValue name={key} value={data[key]} />
                      </dd>
                    </div>
                  ))}
                  {hasFile(kind) && (
                    <div className="contents">
                      <dt className="font-medium text-slate-700">Attachment</dt>
                      <dd>
                        {fileName ? (
                          <button
                            type="button"
                            onClick={() => void download(fileName)}
                            className="text-left font-medium text-brand-700 underline"
                          >
                            Download {fileName}
                            {typeof data.fileSize === 'number' && ` (${sizeOf(data.fileSize)})`}
                          </button>
                        ) : (
                          '—'
                        )}
                      </dd>
                    </div>
                  )}
                </dl>
              </section>

              <section aria-labelledby={`${formId}-conversation`} className="mt-8">
                <h3 id={`${formId}-conversation`} className={sectionHeading}>
                  Conversation
                </h3>
                <LeadConversation
                  lead={{
                    createdAt: data.createdAt,
                    name,
                    email,
                    subject: typeof data[SUBJECT_FIELD[kind]] === 'string' ? String(data[SUBJECT_FIELD[kind]]) : '',
                    text: typeof data[MESSAGE_FIELD[kind]] === 'string' ? String(data[MESSAGE_FIELD[kind]]) : '',
                  }}
                  timeline={data.timeline}
                  deliveries={data.notifications}
                  onQuote={(next) => setQuoted({ ...next, key: Date.now() })}
                />
                {email && (
                  <div className="mt-6 rounded-lg border border-slate-200 p-4">
                    <LeadReply kind={kind} path={path} to={email} invalidates={invalidates} quoted={quoted} />
                  </div>
                )}
              </section>

              <section aria-labelledby={`${formId}-work`} className="mt-8 rounded-lg border border-slate-200 p-4">
                <h3 id={`${formId}-work`} className={sectionHeading}>
                  Work on it
                </h3>
                <div className="mt-3 flex flex-wrap items-end gap-4">
                  <div>
                    <label htmlFor={`${formId}-status`} className={labelClass}>
                      Status
                    </label>
                    <select
                      id={`${formId}-status`}
                      value={status}
                      disabled={busy}
                      onChange={(event) =>
                        void change(
                          { status: event.target.value },
                          `Status changed to ${statusLabel(event.target.value)}`,
                        )
                      }
                      className={inputClass}
                    >
                      {leadStatuses(kind).map((entry) => (
                        <option key={entry} value={entry}>
                          {statusLabel(entry)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor={`${formId}-owner`} className={labelClass}>
                      Owner
                    </label>
                    <select
                      id={`${formId}-owner`}
                      value={ownerId}
                      disabled={busy}
                      onChange={(event) => {
                        const chosen = owners.find((admin) => admin.id === event.target.value);
                        void change(
                          { ownerId: chosen?.id ?? null },
                          chosen ? `Assigned to ${chosen.name}` : 'Nobody owns it now',
                        );
                      }}
                      className={inputClass}
                    >
                      <option value="">Nobody</option>
                      {owners.map((admin) => (
                        <option key={admin.id} value={admin.id}>
                          {admin.name}
                          {admin.id === user?.id ? ' (me)' : ''}
                        </option>
                      ))}
                    </select>
                  </div>
                  {user && data.owner?.id !== user.id && (
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => void change({ ownerId: user.id }, `Assigned to ${user.name}`)}
                      className={secondaryButton}
                    >
                      Assign to me
                    </button>
                  )}
                </div>
                {kind === 'quotes' && (
                  <div className="mt-6 border-t border-slate-200 pt-4">
                    <LeadDealValue
                      key={String(data.dealValue ?? '')}
                      path={path}
                      dealValue={data.dealValue}
                      currency={typeof data.currency === 'string' ? data.currency : null}
                      invalidates={invalidates}
                    />
                  </div>
                )}
                <div className="mt-6 border-t border-slate-200 pt-4">
                  <LeadFollowUp
                    key={`${followUpAt ?? ''}|${followUpNote ?? ''}`}
                    path={path}
                    followUpAt={followUpAt}
                    followUpNote={followUpNote}
                    invalidates={invalidates}
                  />
                </div>
                <div className="mt-6 border-t border-slate-200 pt-4">
                  <form onSubmit={(event) => void addNote(event)} noValidate className="max-w-2xl">
                    <label htmlFor={`${formId}-note`} className={labelClass}>
                      Note
                    </label>
                    <textarea
                      id={`${formId}-note`}
                      rows={3}
                      maxLength={NOTE_MAX_LENGTH}
                      value={note}
                      aria-describedby={`${formId}-note-hint`}
                      aria-invalid={noteError ? true : undefined}
                      aria-errormessage={noteError ? `${formId}-note-error` : undefined}
                      onChange={(event) => setNote(event.target.value)}
                      className={inputClass}
                    />
                    <p id={`${formId}-note-hint`} className="mt-1 text-sm text-slate-600">
                      Seen by admins only, with your name. {note.length} of {NOTE_MAX_LENGTH.toLocaleString('en-GB')}{' '}
                      characters.
                    </p>
                    {noteError && (
                      <p id={`${formId}-note-error`} role="alert" className="mt-1 text-sm text-red-800">
                        {noteError}
                      </p>
                    )}
                    <button type="submit" disabled={busy || note.trim() === ''} className={`mt-3 ${primaryButton}`}>
                      Add note
                    </button>
                  </form>
                </div>
              </section>

              <section aria-labelledby={`${formId}-source`} className="mt-8">
                <h3 id={`${formId}-source`} className={sectionHeading}>
                  Where it came from
                </h3>
                <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
                  {LEAD_SOURCE_FIELDS.map((key) => (
                    <div key={key} className="contents">
                      <dt className="font-medium text-slate-700">{labelOf(key)}</dt>
                      <dd className="break-words text-slate-900">{text(data[key])}</dd>
                    </div>
                  ))}
                  <div className="contents">
                    <dt className="font-medium text-slate-700">Sent without JavaScript</dt>
                    <dd className="text-slate-900">
                      {data.sentWithoutJavaScript
                        ? 'Yes: the page’s own form, without the spam check’s proof of work'
                        : 'No'}
                    </dd>
                  </div>
                </dl>
              </section>

              <section aria-labelledby={`${formId}-delivery`} className="mt-8">
                <h3 id={`${formId}-delivery`} className={sectionHeading}>
                  Delivery
                </h3>
                <Deliveries deliveries={data.notifications} />
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void resend()}
                  className={`mt-3 ${secondaryButton}`}
                >
                  Resend the agency notification
                </button>
              </section>

              <section aria-labelledby={`${formId}-timeline`} className="mt-8">
                <h3 id={`${formId}-timeline`} className={sectionHeading}>
                  Timeline
                </h3>
                <div className="mt-3">
                  <LeadTimeline events={data.timeline} />
                </div>
              </section>

              {mayErase && (
                <div className="mt-10 border-t border-slate-200 pt-6">
                  <button type="button" onClick={() => void remove(name)} className={outlineDangerButton}>
                    Delete this {settings.noun}
                  </button>
                </div>
              )}
            </article>
          );
        }}
      </QueryView>
    </div>
  );
}

const KIND_PLURALS: Record<LeadKind, string> = {
  quotes: 'quote requests',
  contacts: 'contact messages',
  applications: 'job applications',
};

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
