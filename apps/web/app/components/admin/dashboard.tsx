// The first view of /admin for admins: how many leads wait, per kind.
import { LEAD_KIND_LABELS, LEAD_KINDS, type LeadKind, type LeadList } from '@agency/contract';
import { Link } from 'react-router';
import { useApiQuery } from '~/lib/api-query';
import { QueryView } from './query-view';

function WaitingCount({ kind }: { kind: LeadKind }) {
  const leads = useApiQuery<LeadList>(`/admin/${kind}?handled=false`);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{LEAD_KIND_LABELS[kind]} not handled yet</dt>
      <dd className="mt-1 text-3xl font-bold">
        <QueryView query={leads}>{(data) => data.total}</QueryView>
      </dd>
      <dd className="mt-2 text-sm">
        <Link to={`/admin/leads?kind=${kind}&handled=false`} className="text-brand-700 underline">
          Open the {LEAD_KIND_LABELS[kind].toLowerCase()}
        </Link>
      </dd>
    </div>
  );
}

export function Dashboard() {
  return (
    <section aria-labelledby="dashboard-heading">
      <h2 id="dashboard-heading" className="text-2xl font-bold">
        Dashboard
      </h2>
      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {LEAD_KINDS.map((kind) => (
          <WaitingCount key={kind} kind={kind} />
        ))}
      </dl>
    </section>
  );
}
