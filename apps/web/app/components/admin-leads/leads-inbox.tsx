// Leads (admins only, docs/product.md D6): quotes, contact messages and job applications, newest first,
// with their status and owner; filters by status (every status but spam unless asked; spam has its own
// folder), owner and, for applications, the job posting applied for; "Assigned to me" in one click, search, pages and CSV export of what the filters show. The kind,
// filters and page live in the address, so a lead opened from the list comes back to the same view.
import {
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_PIPELINES,
  type LeadKind,
  type LeadList,
  type LeadWork,
  NEW_STATUS,
  SPAM_STATUS,
  labelOf,
  leadAdminPath,
} from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { useAuth } from '~/state/auth';
import { downloadWithAuth } from '~/components/admin/download';
import { inputClass, labelClass, primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { KINDS, isLeadKind, text, when } from './lead-kinds';
import { StatusBadge, statusLabel } from './lead-status';
import { Pager } from '~/components/admin/pager';
import { QueryView } from '~/components/admin/query-view';
import { useAdmins } from '~/components/admin/use-admins';
import { useJobs } from '~/components/admin-content/use-jobs';

type InboxItem = LeadWork & Record<string, unknown>;

interface InboxView {
  kind: LeadKind;
  q: string;
  /** One status, `spam` for the spam folder, or '' for every status but spam. */
  status: string;
  /** An account id, `me`, `none`, or '' for anyone's. */
  owner: string;
  /** A job posting's id (applications only), or '' for every application. */
  job: string;
  page: number;
}

/** The inbox's view that an address holds. */
function viewOf(params: URLSearchParams): InboxView {
  const kindParam = params.get('kind');
  const kind = isLeadKind(kindParam) ? kindParam : 'quotes';
  return {
    kind,
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    owner: params.get('owner') ?? '',
    job: kind === 'applications' ? (params.get('job') ?? '') : '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** The inbox's view as the address holds it; a change of anything but the page starts at page 1. A change
 *  starts from the address as it is now, not as it was at the last render, so two changes made before the
 *  page renders again (a search sent, then a filter picked) both hold. */
function useInboxView() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  function change(next: Partial<InboxView>) {
    const current = viewOf(new URLSearchParams(window.location.search));
    setParams(inboxSearch({ ...current, page: 1, ...next }));
  }
  return { view, change };
}

/** The query string of an inbox view, without its defaults. */
export function inboxSearch(view: Partial<InboxView>): string {
  const search = new URLSearchParams();
  if (view.kind && view.kind !== 'quotes') search.set('kind', view.kind);
  if (view.q) search.set('q', view.q);
  if (view.status) search.set('status', view.status);
  if (view.owner) search.set('owner', view.owner);
  if (view.job) search.set('job', view.job);
  if (view.page && view.page > 1) search.set('page', String(view.page));
  const query = search.toString();
  return query ? `?${query}` : '';
}

export function LeadsInbox() {
  const { view, change } = useInboxView();
  const { user } = useAuth();
  const admins = useAdmins();
  const id = useId();
  const { kind } = view;
  const settings = KINDS[kind];
  const title = LEAD_KIND_LABELS[kind];
  const spamFolder = view.status === SPAM_STATUS;
  const [query, setQuery] = useState(view.q);
  useEffect(() => setQuery(view.q), [view.q]);

  const filters = new URLSearchParams({ q: view.q, status: view.status, owner: view.owner });
  if (view.job) filters.set('job', view.job);
  const leads = useApiQuery<LeadList>(`/admin/${kind}?${filters}&page=${view.page}`);
  // Closed and expired postings too: their applications are still worked.
  const postings = useJobs(kind === 'applications');
  const what = spamFolder ? `spam ${title.toLowerCase()}` : title.toLowerCase();

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    change({ q: query.trim() });
  }

  async function exportCsv() {
    if (!(await downloadWithAuth(`/admin/${kind}/export.csv?${filters}`, `${kind}.csv`))) {
      toast.error('Failed to export the CSV');
    }
  }

  async function notSpam(lead: InboxItem, name: string) {
    try {
      await mutate(`/admin/${kind}/${lead.id}`, {
        method: 'PATCH',
        body: { status: NEW_STATUS },
        invalidates: [`/admin/${kind}`, '/admin/stats'],
      });
      toast.success(`Moved the ${settings.noun} from ${name} back to the inbox`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to move the lead'));
    }
  }

  return (
    <section aria-labelledby="leads-heading">
      <h2 id="leads-heading" className="text-2xl font-bold">
        Leads
      </h2>
      <nav aria-label="Lead kinds" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {LEAD_KINDS.map((entry) => (
            <li key={entry}>
              <Link
                to={inboxSearch({ kind: entry }) || '?'}
                aria-current={entry === kind ? 'page' : undefined}
                className={`block rounded-full border px-4 py-1.5 text-sm font-semibold ${
                  entry === kind
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-400 text-slate-800 hover:bg-slate-100'
                }`}
              >
                {LEAD_KIND_LABELS[entry]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <form
          role="search"
          aria-label={`Search ${title.toLowerCase()}`}
          onSubmit={submitSearch}
          className="flex items-end gap-2"
        >
          <div>
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
            {LEAD_PIPELINES[kind].map((status) => (
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
        <button type="button" onClick={() => void exportCsv()} className={`${primaryButton} ml-auto`}>
          Export CSV
        </button>
      </div>

      {spamFolder && (
        <p className="mt-4 rounded-md border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          Leads the hidden bot field or the spam check caught, and leads marked as spam. Nothing here was sent on; “Not
          spam” puts a lead back in the inbox and sends the notification and webhooks a new lead gets.
        </p>
      )}

      <div className="mt-6">
        <QueryView query={leads}>
          {(data) => {
            const pages = Math.max(1, Math.ceil(data.total / Math.max(1, data.pageSize)));
            const items = data.items as unknown as InboxItem[];
            return items.length === 0 ? (
              <p className="text-slate-700">No {what} found.</p>
            ) : (
              <>
                <div className="overflow-x-auto">
                  <table className="w-full min-w-[56rem] text-left text-sm">
                    <caption className="sr-only">
                      {spamFolder ? `Spam ${title.toLowerCase()}` : title}, newest first
                    </caption>
                    <thead className="border-b border-slate-300 text-slate-700">
                      <tr>
                        <th scope="col" className="py-2 pr-4">
                          Received
                        </th>
                        <th scope="col" className="py-2 pr-4">
                          {labelOf(settings.nameField)}
                        </th>
                        <th scope="col" className="py-2 pr-4">
                          Email
                        </th>
                        {settings.columns.map((column) => (
                          <th key={column} scope="col" className="py-2 pr-4">
                            {labelOf(column)}
                          </th>
                        ))}
                        <th scope="col" className="py-2 pr-4">
                          Status
                        </th>
                        <th scope="col" className="py-2 pr-4">
                          Owner
                        </th>
                        <th scope="col" className="py-2 pr-4">
                          Last activity
                        </th>
                        {spamFolder && (
                          <th scope="col" className="py-2">
                            <span className="sr-only">Actions</span>
                          </th>
                        )}
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((lead) => {
                        const name = text(lead[settings.nameField]);
                        return (
                          <tr key={lead.id} className="border-b border-slate-200">
                            <td className="py-3 pr-4 whitespace-nowrap">{when(lead.createdAt)}</td>
                            <th scope="row" className="py-3 pr-4 font-medium">
                              <Link
                                to={leadAdminPath(kind, lead.id)}
                                className="text-brand-700 underline hover:text-brand-800"
                              >
                                {name}
                              </Link>
                            </th>
                            <td className="py-3 pr-4">{text(lead.email)}</td>
                            {settings.columns.map((column) => (
                              <td key={column} className="py-3 pr-4">
                                {text(lead[column])}
                              </td>
                            ))}
                            <td className="py-3 pr-4">
                              <StatusBadge status={lead.status} />
                            </td>
                            <td className="py-3 pr-4">{lead.owner?.name ?? '—'}</td>
                            <td className="py-3 pr-4 whitespace-nowrap">{when(lead.lastActivityAt)}</td>
                            {spamFolder && (
                              <td className="py-3 text-right">
                                <button
                                  type="button"
                                  onClick={() => void notSpam(lead, name)}
                                  aria-label={`Not spam: the ${settings.noun} from ${name}`}
                                  className="rounded-md border border-slate-400 px-3 py-1 whitespace-nowrap hover:bg-slate-100"
                                >
                                  Not spam
                                </button>
                              </td>
                            )}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
                <Pager
                  label={`${title} pages`}
                  page={view.page}
                  pages={pages}
                  onPage={(page) => change({ page })}
                  status={`Page ${data.page} of ${pages} (${data.total} in all)`}
                />
              </>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}
