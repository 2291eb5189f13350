// The leads inbox's choices above the list: the kind (every kind, or one), search, status, owner and, for
// applications, the job posting applied for; "Assigned to me" and the spam folder in one click; and the CSV export
// of one kind or of all leads together, with the view's filters.
import { LEAD_KIND_LABELS, LEAD_KINDS, SPAM_STATUS } from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { downloadWithAuth } from '~/components/admin/download';
import { inputClass, labelClass, primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { useLeadOwners } from '~/components/admin/use-admins';
import { useJobs } from '~/components/admin-content/use-jobs';
import { toast } from '~/components/ui/toast';
import { useAuth } from '~/state/auth';
import { statusLabel } from './lead-status';
import { type ChangeView, filtersOf, inboxSearch, type InboxView, statusesOf } from './inbox-view';

/** The kinds as tabs: every kind together, or one. */
export function InboxKinds({ kind }: { kind: InboxView['kind'] }) {
  return (
    <nav aria-label="Lead kinds" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {(['', ...LEAD_KINDS] as const).map((entry) => (
          <li key={entry || 'all'}>
            <Link
              to={inboxSearch({ kind: entry }) || '?'}
              aria-current={entry === kind ? 'page' : undefined}
              className={`block rounded-full border px-4 py-1.5 text-sm font-semibold ${
                entry === kind
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-400 text-slate-800 hover:bg-slate-100'
              }`}
            >
              {entry ? LEAD_KIND_LABELS[entry] : 'All leads'}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function InboxFilters({ view, change, title }: { view: InboxView; change: ChangeView; title: string }) {
  const { user } = useAuth();
  const admins = useLeadOwners();
  const id = useId();
  const { kind } = view;
  const spamFolder = view.status === SPAM_STATUS;
  const [query, setQuery] = useState(view.q);
  useEffect(() => setQuery(view.q), [view.q]);
  // Closed and expired postings too: their applications are still worked.
  const postings = useJobs(kind === 'applications');

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    change({ q: query.trim() });
  }

  /** One kind's CSV, or every kind's in one, with the view's filters. */
  async function exportCsv() {
    const filters = filtersOf(view);
    const path = kind ? `/admin/${kind}/export.csv?${filters}` : `/admin/leads/export.csv?${filters}`;
    if (!(await downloadWithAuth(path, `${kind || 'leads'}.csv`))) {
      toast.error('Failed to export the CSV');
    }
  }

  return (
    <div className="mt-6 flex flex-wrap items-end gap-4">
      <form
        role="search"
        aria-label={`Search ${title.toLowerCase()}`}
        onSubmit={submitSearch}
        className="flex max-w-full items-end gap-2"
      >
        <div className="min-w-0">
          <label htmlFor={`${id}-q`} className={labelClass}>
            Search
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className={inputClass}
          />
        </div>
        <button type="submit" className={secondaryButton}>
          Search
        </button>
      </form>
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          Status
        </label>
        <select
          id={`${id}-status`}
          value={view.status}
          onChange={(event) => change({ status: event.target.value })}
          className={inputClass}
        >
          <option value="">All but spam</option>
          {statusesOf(kind).map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
          <option value={SPAM_STATUS}>{statusLabel(SPAM_STATUS)}</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-owner`} className={labelClass}>
          Owner
        </label>
        <select
          id={`${id}-owner`}
          value={view.owner}
          onChange={(event) => change({ owner: event.target.value })}
          className={inputClass}
        >
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Nobody</option>
          {admins
            .filter((admin) => admin.id !== user?.id)
            .map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.name}
              </option>
            ))}
        </select>
      </div>
      {kind === 'applications' && (
        <div>
          <label htmlFor={`${id}-job`} className={labelClass}>
            Job posting
          </label>
          <select
            id={`${id}-job`}
            value={view.job}
            onChange={(event) => change({ job: event.target.value })}
            className={inputClass}
          >
            <option value="">All postings</option>
            {/* The address may name a posting before the list has arrived (a reload): keep it chosen. */}
            {view.job && !postings.data?.some((job) => job.id === view.job) && (
              <option value={view.job}>{postings.loading ? 'Loading…' : 'A removed posting'}</option>
            )}
            {postings.data?.map((job) => (
              <option key={job.id} value={job.id}>
                {job.open ? job.title : `${job.title} (closed)`}
              </option>
            ))}
          </select>
        </div>
      )}
      <button
        type="button"
        aria-pressed={view.owner === 'me'}
        onClick={() => change({ owner: view.owner === 'me' ? '' : 'me' })}
        className={`${secondaryButton} aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800`}
      >
        Assigned to me
      </button>
      <button
        type="button"
        aria-pressed={spamFolder}
        onClick={() => change({ status: spamFolder ? '' : SPAM_STATUS })}
        className={`${secondaryButton} aria-pressed:border-red-700 aria-pressed:bg-red-50 aria-pressed:text-red-900`}
      >
        Spam folder
      </button>
      <button type="button" onClick={() => void exportCsv()} className={`${primaryButton} md:ml-auto`}>
        {kind ? 'Export CSV' : 'Export all leads (CSV)'}
      </button>
    </div>
  );
}
