// Bulk actions on the leads chosen in the inbox: status, owner, spam, not spam, delete
// (POST /api/admin/{kind}/bulk with `{ ids, action, value? }` → `{ updated }`; one transaction per kind,
// each lead's timeline and the audit log record it). Delete asks first.
import {
  BULK_ACTIONS,
  type BulkAction,
  LEAD_PIPELINES,
  type LeadKind,
  LeadBulkResponseSchema,
  SPAM_STATUS,
} from '@agency/contract';
import { useId, useState } from 'react';
import { inputClass, labelClass, primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate } from '~/lib/api-query';
import { useAuth } from '~/state/auth';
import { statusLabel } from './lead-status';
import { OwnerOptions } from './owner-options';

const ACTION_LABELS: Record<BulkAction, string> = {
  status: 'Change status',
  owner: 'Change owner',
  spam: 'Mark as spam',
  not_spam: 'Not spam',
  delete: 'Delete',
};

export interface Chosen {
  kind: LeadKind;
  id: string;
}

/** The statuses every chosen kind has (spam has its own action). */
function commonStatuses(kinds: LeadKind[]): string[] {
  const [first, ...rest] = kinds;
  if (!first) return [];
  return LEAD_PIPELINES[first].filter((status) =>
    rest.every((kind) => (LEAD_PIPELINES[kind] as readonly string[]).includes(status)),
  );
}

export function BulkActions({
  chosen,
  admins,
  onDone,
}: {
  chosen: Chosen[];
  admins: { id: string; name: string }[];
  onDone: () => void;
}) {
  const id = useId();
  const { user } = useAuth();
  const [action, setAction] = useState<BulkAction>('status');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const kinds = [...new Set(chosen.map((entry) => entry.kind))];
  const statuses = commonStatuses(kinds);
  const count = chosen.length;
  const leads = `${count} ${count === 1 ? 'lead' : 'leads'}`;

  async function apply() {
    if (action === 'status' && !value) {
      toast.error('Choose the new status');
      return;
    }
    if (action === 'delete') {
      const question = `Delete ${leads}, their attachments and their timelines for good (erasure on request)?`;
      if (!(await confirmAction(question, `Delete ${leads}`))) return;
    }
    setBusy(true);
    let updated = 0;
    try {
      for (const kind of kinds) {
        const ids = chosen.filter((entry) => entry.kind === kind).map((entry) => entry.id);
        const body =
          action === 'status'
            ? { ids, action, value }
            : action === 'owner'
              ? { ids, action, value: value || null }
              : { ids, action };
        const answer = LeadBulkResponseSchema.parse(
          await mutate(`/admin/${kind}/bulk`, { method: 'POST', body, invalidates: ['/admin/'] }),
        );
        updated += answer.updated;
      }
      const done = `${updated} ${updated === 1 ? 'lead' : 'leads'}`;
      const owner = admins.find((admin) => admin.id === value);
      const said: Record<BulkAction, string> = {
        status: `Status changed to ${statusLabel(value)} on ${done}`,
        owner: owner ? `${done} assigned to ${owner.name}` : `${done} left without an owner`,
        spam: `${done} moved to spam`,
        not_spam: `${done} moved back to the inbox`,
        delete: `Deleted ${done}`,
      };
      toast.success(said[action]);
      onDone();
    } catch (caught) {
      toast.error(errorMessage(caught, 'The bulk action failed; nothing of that kind was changed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      role="group"
      aria-labelledby={`${id}-count`}
      className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-brand-600 bg-brand-50 p-3"
    >
      <p id={`${id}-count`} className="self-center font-semibold text-slate-900">
        {leads} chosen
      </p>
      <div>
        <label htmlFor={`${id}-action`} className={labelClass}>
          Bulk action
        </label>
        <select
          id={`${id}-action`}
          value={action}
          onChange={(event) => {
            setAction(event.target.value as BulkAction);
            setValue('');
          }}
          className={inputClass}
        >
          {BULK_ACTIONS.map((entry) => (
            <option key={entry} value={entry}>
              {ACTION_LABELS[entry]}
            </option>
          ))}
        </select>
      </div>
      {action === 'status' && (
        <div>
          <label htmlFor={`${id}-value`} className={labelClass}>
            New status
          </label>
          <select
            id={`${id}-value`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={inputClass}
          >
            <option value="">Choose…</option>
            {statuses
              .filter((status) => status !== SPAM_STATUS)
              .map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
          </select>
        </div>
      )}
      {action === 'owner' && (
        <div>
          <label htmlFor={`${id}-value`} className={labelClass}>
            New owner
          </label>
          <select
            id={`${id}-value`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={inputClass}
          >
            <OwnerOptions owners={admins} me={user?.id} />
          </select>
        </div>
      )}
      <button type="button" disabled={busy} onClick={() => void apply()} className={primaryButton}>
        Apply to {leads}
      </button>
      <button type="button" disabled={busy} onClick={onDone} className={secondaryButton}>
        Clear the choice
      </button>
    </div>
  );
}
