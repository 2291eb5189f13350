// "Work on it" on the lead page: status, owner ("Assign to me"), a quote's deal value, the follow-up and a note.
// The choice just made shows at once, until the lead is read again with it.
import { leadStatuses, type LeadKind, NOTE_MAX_LENGTH, type Person } from '@agency/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { inputClass, labelClass, primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { useLeadOwners } from '~/components/admin/use-admins';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate } from '~/lib/api-query';
import { useAuth } from '~/state/auth';
import { LeadDealValue } from './lead-deal-value';
import { LeadFollowUp } from './lead-follow-up';
import { sectionHeading } from './lead-request';
import { statusLabel } from './lead-status';
import { OwnerOptions } from './owner-options';

export function LeadWorkPanel({
  kind,
  path,
  data,
  invalidates,
  headingId,
}: {
  kind: LeadKind;
  /** The lead's API path, `/admin/{kind}/{id}`. */
  path: string;
  /** The lead as the API answered it. */
  data: Record<string, unknown> & { status: string; owner: Person | null; dealValue?: number | null };
  invalidates: string[];
  headingId: string;
}) {
  const { user } = useAuth();
  const admins = useLeadOwners();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  // The choice just made, shown until the lead is read again with it.
  const [pending, setPending] = useState<{ status?: string; ownerId?: string }>({});
  useEffect(() => setPending({}), [data]);

  const followUpAt = typeof data.followUpAt === 'string' ? data.followUpAt : null;
  const followUpNote = typeof data.followUpNote === 'string' ? data.followUpNote : null;
  const status = pending.status ?? data.status;
  const ownerId = pending.ownerId ?? data.owner?.id ?? '';
  const owners =
    data.owner && !admins.some((admin) => admin.id === data.owner?.id)
      ? [...admins, { id: data.owner.id, name: data.owner.name }]
      : admins;

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

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-lg border border-slate-200 p-4">
      <h3 id={headingId} className={sectionHeading}>
        Work on it
      </h3>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${headingId}-status`} className={labelClass}>
            Status
          </label>
          <select
            id={`${headingId}-status`}
            value={status}
            disabled={busy}
            onChange={(event) =>
              void change({ status: event.target.value }, `Status changed to ${statusLabel(event.target.value)}`)
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
          <label htmlFor={`${headingId}-owner`} className={labelClass}>
            Owner
          </label>
          <select
            id={`${headingId}-owner`}
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
            <OwnerOptions owners={owners} me={user?.id} />
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
            dealValue={data.dealValue ?? null}
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
          <label htmlFor={`${headingId}-note`} className={labelClass}>
            Note
          </label>
          <textarea
            id={`${headingId}-note`}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            value={note}
            aria-describedby={`${headingId}-note-hint`}
            aria-invalid={noteError ? true : undefined}
            aria-errormessage={noteError ? `${headingId}-note-error` : undefined}
            onChange={(event) => setNote(event.target.value)}
            className={inputClass}
          />
          <p id={`${headingId}-note-hint`} className="mt-1 text-sm text-slate-600">
            Seen by admins only, with your name. {note.length} of {NOTE_MAX_LENGTH.toLocaleString('en-GB')} characters.
          </p>
          {noteError && (
            <p id={`${headingId}-note-error`} role="alert" className="mt-1 text-sm text-red-800">
              {noteError}
            </p>
          )}
          <button type="submit" disabled={busy || note.trim() === ''} className={`mt-3 ${primaryButton}`}>
            Add note
          </button>
        </form>
      </div>
    </section>
  );
}
