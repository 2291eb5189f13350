// Leads (admins only, docs/product.md D6): quotes, contact messages and job applications, newest first,
// with search, filters, pages and CSV export. The kind, filters and page live in the address, so a
// lead opened from the list comes back to the same view.
import { LEAD_KIND_LABELS, LEAD_KINDS, labelOf, leadAdminPath, type LeadKind, type LeadList } from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '~/components/ui/toast';
import { useApiQuery } from '~/lib/api-query';
import { downloadWithAuth } from './download';
import { inputClass, labelClass, primaryButton, secondaryButton } from './form-styles';
import { KINDS, isLeadKind, text, when } from './lead-kinds';
import { QueryView } from './query-view';

const HANDLED_FILTERS = [
  { value: '', label: 'All' },
  { value: 'false', label: 'Unhandled' },
  { value: 'true', label: 'Handled' },
] as const;

/** The inbox's view as the address holds it. */
function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind: LeadKind = isLeadKind(kindParam) ? kindParam : 'quotes';
  const view = {
    kind,
    q: params.get('q') ?? '',
    handled: params.get('handled') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  /** Changes some of the view; any change but the page starts again at page 1. */
  function change(next: Partial<typeof view>) {
    const merged = { ...view, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.kind !== 'quotes') search.set('kind', merged.kind);
    if (merged.q) search.set('q', merged.q);
    if (merged.handled) search.set('handled', merged.handled);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  }
  return { view, change };
}

export function LeadsInbox() {
  const { view, change } = useInboxParams();
  const id = useId();
  const { kind } = view;
  const settings = KINDS[kind];
  const title = LEAD_KIND_LABELS[kind];
  const [query, setQuery] = useState(view.q);
  useEffect(() => setQuery(view.q), [view.q]);

  const apiParams = new URLSearchParams({ q: view.q, handled: view.handled, page: String(view.page) });
  const leads = useApiQuery<LeadList>(`/admin/${kind}?${apiParams}`);

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    change({ q: query.trim() });
  }

  async function exportCsv() {
    if (!(await downloadWithAuth(`/admin/${kind}/export.csv`, `${kind}.csv`))) toast.error('Failed to export the CSV');
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
                to={entry === 'quotes' ? '?' : `?kind=${entry}`}
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
          <label htmlFor={`${id}-handled`} className={labelClass}>
            Show
          </label>
          <select
            id={`${id}-handled`}
            value={view.handled}
            onChange={(event) => change({ handled: event.target.value })}
            className={inputClass}
          >
            {HANDLED_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => void exportCsv()} className={`${primaryButton} ml-auto`}>
          Export CSV
        </button>
      </div>

      <div className="mt-6">
        <QueryView query={leads}>
          {(data) => {
            const pages = Math.max(1, Math.ceil(data.total / Math.max(1, data.pageSize)));
            const items = data.items as unknown as Record<string, unknown>[];
            return items.length === 0 ? (
              <p className="text-slate-700">No {title.toLowerCase()} found.</p>
            ) : (
              <>
                <div className="overflow-x-auto">
                  <table className="w-full min-w-[48rem] text-left text-sm">
                    <caption className="sr-only">{title}, newest first</caption>
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
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((lead) => {
                        const leadId = String(lead.id);
                        return (
                          <tr key={leadId} className="border-b border-slate-200">
                            <td className="py-3 pr-4 whitespace-nowrap">{when(String(lead.createdAt))}</td>
                            <th scope="row" className="py-3 pr-4 font-medium">
                              <Link
                                to={leadAdminPath(kind, leadId)}
                                className="text-brand-700 underline hover:text-brand-800"
                              >
                                {text(lead[settings.nameField])}
                              </Link>
                            </th>
                            <td className="py-3 pr-4">{text(lead.email)}</td>
                            {settings.columns.map((column) => (
                              <td key={column} className="py-3 pr-4">
                                {text(lead[column])}
                              </td>
                            ))}
                            <td className="py-3 pr-4">{lead.handled ? 'Handled' : 'New'}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
                <nav aria-label={`${title} pages`} className="mt-4 flex items-center gap-3 text-sm">
                  <button
                    type="button"
                    disabled={view.page <= 1}
                    onClick={() => change({ page: view.page - 1 })}
                    className={secondaryButton}
                  >
                    Previous
                  </button>
                  <span>
                    Page {data.page} of {pages} ({data.total} in all)
                  </span>
                  <button
                    type="button"
                    disabled={view.page >= pages}
                    onClick={() => change({ page: view.page + 1 })}
                    className={secondaryButton}
                  >
                    Next
                  </button>
                </nav>
              </>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}
