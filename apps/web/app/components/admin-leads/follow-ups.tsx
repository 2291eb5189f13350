// Follow-ups (GET /api/admin/follow-ups?owner=me): the leads whose follow-up date has come, overdue
// first, for me or for anyone. Each opens its lead; the follow-up is set and cleared on the lead page.
import { leadAdminPath } from '@agency/contract';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { inputClass, labelClass } from '~/components/admin/form-styles';
import { QueryView } from '~/components/admin/query-view';
import { useApiQuery } from '~/lib/api-query';
import { KINDS, isLeadKind, text, when } from './lead-kinds';
import { StatusBadge } from './lead-status';

interface FollowUp {
  kind: keyof typeof KINDS;
  id: string;
  name: string;
  status: string;
  owner: string | null;
  followUpAt: string;
  followUpNote: string | null;
  overdue: boolean | null;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const str = (value: unknown) => (typeof value === 'string' ? value : '');

function followUpOf(value: unknown): FollowUp | null {
  const item = record(value);
  const kind = item.kind;
  if (!isLeadKind(kind) || typeof item.id !== 'string') return null;
  const owner = item.owner;
  return {
    kind,
    id: item.id,
    name: str(item.name) || str(item[KINDS[kind].nameField]),
    status: str(item.status),
    owner: typeof owner === 'string' ? owner : str(record(owner).name) || null,
    followUpAt: str(item.followUpAt),
    followUpNote: str(item.followUpNote) || null,
    overdue: typeof item.overdue === 'boolean' ? item.overdue : null,
  };
}

export function FollowUps() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const owner = params.get('owner') === 'all' ? 'all' : 'me';
  const query = useApiQuery<unknown>(`/admin/follow-ups?owner=${owner}`);
  const [now] = useState(() => Date.now());
  return (
    <section aria-labelledby="follow-ups-heading">
      <p>
        <Link to="/admin/leads" className="text-sm font-medium text-brand-700 underline">
          Back to the leads
        </Link>
      </p>
      <h2 id="follow-ups-heading" className="mt-4 text-2xl font-bold">
        Follow-ups due
      </h2>
      <div className="mt-4 max-w-xs">
        <label htmlFor={`${id}-owner`} className={labelClass}>
          Whose
        </label>
        <select
          id={`${id}-owner`}
          value={owner}
          onChange={(event) => setParams(event.target.value === 'all' ? '?owner=all' : '')}
          className={inputClass}
        >
          <option value="me">Mine</option>
          <option value="all">Everyone’s</option>
        </select>
      </div>
      <div className="mt-6">
        <QueryView query={query}>
          {(data) => {
            const answer = record(data);
            const list = Array.isArray(data) ? data : Array.isArray(answer.items) ? answer.items : [];
            const items = list.map(followUpOf).filter((item): item is FollowUp => item !== null);
            if (items.length === 0) return <p className="text-slate-700">Nothing is due. Well done.</p>;
            return (
              <ul className="space-y-3">
                {items.map((item) => {
                  const overdue = item.overdue ?? (item.followUpAt !== '' && new Date(item.followUpAt).getTime() < now);
                  return (
                    <li key={`${item.kind}/${item.id}`} className="rounded-lg border border-slate-200 p-4">
                      <p className="flex flex-wrap items-center gap-2">
                        <Link
                          to={leadAdminPath(item.kind, item.id)}
                          className="font-semibold text-brand-700 underline hover:text-brand-800"
                        >
                          {text(item.name)}
                        </Link>
                        <span className="text-sm text-slate-700">({KINDS[item.kind].noun})</span>
                        <StatusBadge status={item.status} />
                      </p>
                      <p className={`mt-1 text-sm ${overdue ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
                        {overdue ? 'Overdue since' : 'Due'} {item.followUpAt ? when(item.followUpAt) : '—'}
                        {item.owner && ` · Owner: ${item.owner}`}
                      </p>
                      {item.followUpNote && (
                        <p className="mt-1 text-sm break-words text-slate-900">{item.followUpNote}</p>
                      )}
                    </li>
                  );
                })}
              </ul>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}
