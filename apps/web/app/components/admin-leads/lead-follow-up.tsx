// A lead's follow-up: a date and time to come back to it and a short note (PATCH followUpAt /
// followUpNote). Due and overdue follow-ups are listed under Leads → Follow-ups and in the morning digest.
import { FOLLOW_UP_NOTE_MAX } from '@agency/contract';
import { useId, useState, type FormEvent } from 'react';
import { inputClass, labelClass, primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { errorMessage, mutate } from '~/lib/api-query';
import { when } from './lead-kinds';

/** An ISO date-time as a datetime-local input shows it (local time, to the minute). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function LeadFollowUp({
  path,
  followUpAt,
  followUpNote,
  invalidates,
}: {
  path: string;
  followUpAt: string | null;
  followUpNote: string | null;
  invalidates: string[];
}) {
  const id = useId();
  const [at, setAt] = useState(toLocalInput(followUpAt));
  const [note, setNote] = useState(followUpNote ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function save(body: { followUpAt: string | null; followUpNote: string | null }, success: string) {
    setBusy(true);
    setFields({});
    try {
      await mutate(path, { method: 'PATCH', body, invalidates: [...invalidates, '/admin/follow-ups'] });
      toast.success(success);
      return true;
    } catch (caught) {
      setFields(caught instanceof ApiRequestError ? (caught.body?.fields ?? {}) : {});
      toast.error(errorMessage(caught, 'Failed to save the follow-up'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!at) {
      setFields({ followUpAt: 'Choose the date and time to follow up' });
      return;
    }
    const iso = new Date(at).toISOString();
    void save({ followUpAt: iso, followUpNote: note.trim() || null }, `Follow-up set for ${when(iso)}`);
  }

  async function clear() {
    if (await save({ followUpAt: null, followUpNote: null }, 'Follow-up cleared')) {
      setAt('');
      setNote('');
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="max-w-2xl">
      <h4 id={`${id}-heading`} className="font-semibold">
        Follow-up
      </h4>
      <p className="mt-1 text-sm text-slate-600">
        {followUpAt ? `Due ${when(followUpAt)}.` : 'None set.'} Due follow-ups come back in your morning digest.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[16rem_1fr]">
        <div>
          <label htmlFor={`${id}-at`} className={labelClass}>
            Follow up on
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            value={at}
            aria-invalid={fields.followUpAt ? true : undefined}
            aria-describedby={fields.followUpAt ? `${id}-at-error` : undefined}
            onChange={(event) => setAt(event.target.value)}
            className={inputClass}
          />
          {fields.followUpAt && (
            <p id={`${id}-at-error`} className="mt-1 text-sm text-red-800">
              {fields.followUpAt}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-note`} className={labelClass}>
            What to do then
          </label>
          <input
            id={`${id}-note`}
            value={note}
            maxLength={FOLLOW_UP_NOTE_MAX}
            aria-invalid={fields.followUpNote ? true : undefined}
            aria-describedby={fields.followUpNote ? `${id}-note-error` : undefined}
            onChange={(event) => setNote(event.target.value)}
            className={inputClass}
          />
          {fields.followUpNote && (
            <p id={`${id}-note-error`} className="mt-1 text-sm text-red-800">
              {fields.followUpNote}
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          Save follow-up
        </button>
        {followUpAt && (
          <button type="button" disabled={busy} onClick={() => void clear()} className={secondaryButton}>
            Clear follow-up
          </button>
        )}
      </div>
    </form>
  );
}
