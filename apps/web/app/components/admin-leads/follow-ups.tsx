// Follow-ups (GET /api/admin/follow-ups?owner=me): the leads whose follow-up date has come, overdue
// first, for me or for anyone; "Mine" also says how many others are due, so none hides. Each opens its lead;
// the follow-up is set and cleared on the lead page.
import { FollowUpListSchema, leadAdminPath } from '@agency/contract';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { inputClass, labelClass } from '~/components/admin/form-styles';
import { QueryView } from '~/components/admin/query-view';
import { useApiQuery } from '~/lib/api-query';
import { KINDS, text, when } from './lead-kinds';
import { StatusBadge } from './lead-status';

export function FollowUps() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const owner = params.get('owner') === 'all' ? 'all' : 'me';
  const query = useApiQuery(`/admin/follow-ups?owner=${owner}`, FollowUpListSchema);
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
            const { items, othersDue } = data;
            const others =
              owner === 'me' && othersDue > 0 ? (
                <p
                  role="status"
                  className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
                >
                  {othersDue} other {othersDue === 1 ? 'follow-up is' : 'follow-ups are'} due (someone else’s or
                  nobody’s).{' '}
                  <Link to="?owner=all" className="font-medium text-brand-700 underline">
                    Show everyone’s
                  </Link>
                </p>
              ) : null;
            if (items.length === 0) {
              return (
                <>
                  {others}
                  <p className="text-slate-700">
                    {owner === 'me' ? 'Nothing of yours is due.' : 'Nothing is due.'}
                    {othersDue === 0 && ' Well done.'}
                  </p>
                </>
              );
            }
            return (
              <>
                {others}
                <ul className="space-y-3">
                  {items.map((item) => {
                    const { overdue } = item;
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
                          {overdue ? 'Overdue since' : 'Due'} {when(item.followUpAt)}
                          {item.owner && ` · Owner: ${item.owner.name}`}
                        </p>
                        {item.followUpNote && (
                          <p className="mt-1 text-sm break-words text-slate-900">{item.followUpNote}</p>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}
