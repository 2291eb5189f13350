// Leads (admins only, DECISIONS.md 6): quotes, contact messages and job applications, newest first,
// with search, a handled filter, pages, one lead's details, its attachment, delete and CSV export.
import { LEAD_FIELDS, LEAD_KIND_LABELS, LEAD_KINDS_WITH_FILE, labelOf, type LeadKind } from '@agency/contract';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '~/components/ui/toast';
import { ApiRequestError, apiJson } from '~/lib/api';
import { confirmAction } from './confirm-dialog';
import { downloadWithAuth } from './download';
import { inputClass, labelClass, primaryButton, secondaryButton } from './form-styles';
import { Tabs } from './tabs';
import { useModal } from './use-modal';

export interface Lead {
  id: string;
  createdAt: string;
  handled: boolean;
  spam: boolean;
  fileName?: string | null;
  fileSize?: number | null;
  fileType?: string | null;
  [field: string]: unknown;
}

interface LeadPage {
  items: Lead[];
  total: number;
  page: number;
  pageSize: number;
}

interface KindSettings {
  /** What one lead is called in buttons and messages. */
  noun: string;
  /** The column that names the sender; then the kind's own list columns. */
  nameField: string;
  columns: string[];
}

const KINDS: Record<LeadKind, KindSettings> = {
  quotes: { noun: 'quote', nameField: 'fullName', columns: ['companyName', 'services'] },
  contacts: { noun: 'message', nameField: 'name', columns: ['subject'] },
  applications: { noun: 'application', nameField: 'name', columns: ['position'] },
};

const hasFile = (kind: LeadKind) => (LEAD_KINDS_WITH_FILE as readonly LeadKind[]).includes(kind);

const HANDLED_FILTERS = [
  { value: '', label: 'All' },
  { value: 'false', label: 'Unhandled' },
  { value: 'true', label: 'Handled' },
] as const;

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const errorOf = (error: unknown, fallback: string) =>
  (error instanceof ApiRequestError && error.body?.error) || fallback;
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `?lead=kind/id` (leadAdminPath, used in the agency's notification mail): the lead to open first. */
export function parseLeadLink(value: string | null): { kind: LeadKind; id: string } | null {
  const [kind, id] = (value ?? '').split('/');
  return kind && id && kind in KINDS ? { kind: kind as LeadKind, id } : null;
}

export function LeadsInbox({ initial }: { initial?: { kind: LeadKind; id: string } | null }) {
  return (
    <section aria-labelledby="leads-heading">
      <h2 id="leads-heading" className="text-2xl font-bold">
        Leads
      </h2>
      <div className="mt-4">
        <Tabs
          label="Lead lists"
          initialId={initial?.kind}
          tabs={(Object.keys(KINDS) as LeadKind[]).map((kind) => ({
            id: kind,
            label: LEAD_KIND_LABELS[kind],
            content: <LeadList kind={kind} openId={initial?.kind === kind ? initial.id : undefined} />,
          }))}
        />
      </div>
    </section>
  );
}

function LeadList({ kind, openId }: { kind: LeadKind; openId?: string }) {
  const settings = KINDS[kind];
  const title = LEAD_KIND_LABELS[kind];
  const id = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [handled, setHandled] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<LeadPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Lead | null>(null);

  const load = useCallback(async () => {
    const params = new URLSearchParams({ q: search, handled, page: String(page) });
    try {
      setData(await apiJson<LeadPage>(`/admin/${kind}?${params}`, { auth: true }));
      setError(null);
    } catch (caught) {
      setError(errorOf(caught, `Failed to load the ${title.toLowerCase()}`));
    }
  }, [kind, search, handled, page, title]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!openId) return;
    apiJson<Lead>(`/admin/${kind}/${encodeURIComponent(openId)}`, { auth: true })
      .then(setOpen)
      .catch(() => toast.error('That lead no longer exists'));
  }, [kind, openId]);

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setSearch(query.trim());
  }

  async function setHandledFlag(lead: Lead, value: boolean) {
    try {
      await apiJson<unknown>(`/admin/${kind}/${lead.id}`, { method: 'PATCH', body: { handled: value }, auth: true });
      toast.success(value ? 'Marked as handled' : 'Marked as unhandled');
      setOpen((current) => (current?.id === lead.id ? { ...current, handled: value } : current));
      await load();
    } catch (caught) {
      toast.error(errorOf(caught, 'Failed to update the lead'));
    }
  }

  async function remove(lead: Lead) {
    const name = text(lead[settings.nameField]);
    if (
      !(await confirmAction(
        `Delete the ${settings.noun} from ${name} and its attachment for good (erasure on request)?`,
      ))
    )
      return;
    try {
      await apiJson<unknown>(`/admin/${kind}/${lead.id}`, { method: 'DELETE', auth: true });
      toast.success(`Deleted the ${settings.noun} from ${name}`);
      setOpen(null);
      await load();
    } catch (caught) {
      toast.error(errorOf(caught, 'Failed to delete the lead'));
    }
  }

  async function exportCsv() {
    if (!(await downloadWithAuth(`/admin/${kind}/export.csv`, `${kind}.csv`))) toast.error('Failed to export the CSV');
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.pageSize))) : 1;

  return (
    <div>
      <div className="flex flex-wrap items-end gap-4">
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
            value={handled}
            onChange={(event) => {
              setPage(1);
              setHandled(event.target.value);
            }}
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

      {error && (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}

      {!data ? (
        !error && (
          <p className="mt-6" role="status">
            Loading...
          </p>
        )
      ) : data.items.length === 0 ? (
        <p className="mt-6 text-slate-700">No {title.toLowerCase()} found.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
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
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((lead) => {
                const name = text(lead[settings.nameField]);
                return (
                  <tr key={lead.id} className={`border-b border-slate-200 ${lead.handled ? 'text-slate-600' : ''}`}>
                    <td className="py-3 pr-4 whitespace-nowrap">{when(lead.createdAt)}</td>
                    <th scope="row" className="py-3 pr-4 font-medium">
                      {name}
                    </th>
                    <td className="py-3 pr-4">{text(lead.email)}</td>
                    {settings.columns.map((column) => (
                      <td key={column} className="py-3 pr-4">
                        {text(lead[column])}
                      </td>
                    ))}
                    <td className="py-3 pr-4">
                      <span className="flex flex-wrap gap-1">
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${lead.handled ? 'bg-slate-200 text-slate-800' : 'bg-sky-100 text-sky-900'}`}
                        >
                          {lead.handled ? 'Handled' : 'New'}
                        </span>
                        {lead.spam && (
                          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                            Spam
                          </span>
                        )}
                      </span>
                    </td>
                    <td className="py-3">
                      <span className="flex justify-end gap-2">
                        <button
                          type="button"
                          onClick={() => setOpen(lead)}
                          aria-label={`View the ${settings.noun} from ${name}`}
                          className="rounded-md border border-slate-400 px-3 py-1 hover:bg-slate-100"
                        >
                          View
                        </button>
                        <button
                          type="button"
                          onClick={() => void setHandledFlag(lead, !lead.handled)}
                          aria-label={`Mark the ${settings.noun} from ${name} as ${lead.handled ? 'unhandled' : 'handled'}`}
                          className="rounded-md border border-slate-400 px-3 py-1 whitespace-nowrap hover:bg-slate-100"
                        >
                          {lead.handled ? 'Mark unhandled' : 'Mark handled'}
                        </button>
                        <button
                          type="button"
                          onClick={() => void remove(lead)}
                          aria-label={`Delete the ${settings.noun} from ${name}`}
                          className="rounded-md border border-red-700 px-3 py-1 text-red-800 hover:bg-red-50"
                        >
                          Delete
                        </button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {data && data.total > 0 && (
        <nav aria-label={`${title} pages`} className="mt-4 flex items-center gap-3 text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage((current) => current - 1)}
            className={secondaryButton}
          >
            Previous
          </button>
          <span>
            Page {data.page} of {pages} ({data.total} in all)
          </span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage((current) => current + 1)}
            className={secondaryButton}
          >
            Next
          </button>
        </nav>
      )}

      {open && (
        <LeadDetail
          kind={kind}
          lead={open}
          onClose={() => setOpen(null)}
          onHandled={(value) => void setHandledFlag(open, value)}
          onDelete={() => void remove(open)}
        />
      )}
    </div>
  );
}

interface LeadDetailProps {
  kind: LeadKind;
  lead: Lead;
  onClose: () => void;
  onHandled: (handled: boolean) => void;
  onDelete: () => void;
}

function LeadDetail({ kind, lead: summary, onClose, onHandled, onDelete }: LeadDetailProps) {
  const settings = KINDS[kind];
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, true, onClose);
  const [lead, setLead] = useState<Lead>(summary);

  // The list may carry a shortened row; the detail shows the stored lead in full.
  useEffect(() => {
    let live = true;
    apiJson<Lead>(`/admin/${kind}/${summary.id}`, { auth: true })
      .then((full) => live && setLead({ ...full, handled: summary.handled }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, summary.id, summary.handled]);

  async function download() {
    const ok = await downloadWithAuth(`/admin/${kind}/${lead.id}/file`, lead.fileName ?? 'attachment');
    if (!ok) toast.error('Failed to download the attachment');
  }

  const fields: readonly string[] = LEAD_FIELDS[kind];
  const name = text(lead[settings.nameField]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/50 p-4"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="max-h-[90vh] w-full max-w-2xl overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h3 id={`${id}-title`} className="text-xl font-bold">
              {settings.noun[0]?.toUpperCase()}
              {settings.noun.slice(1)} from {name}
            </h3>
            <p className="text-sm text-slate-600">
              Received {when(lead.createdAt)} · {lead.handled ? 'Handled' : 'Not handled yet'}
              {lead.spam && ' · Marked as spam (the hidden bot field was filled)'}
            </p>
          </div>
          <button type="button" onClick={onClose} aria-label="Close" data-autofocus className={secondaryButton}>
            ×
          </button>
        </div>
        <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
          {fields.map((key) => (
            <div key={key} className="contents">
              <dt className="font-medium text-slate-700">{labelOf(key)}</dt>
              <dd className="whitespace-pre-wrap break-words text-slate-900">{text(lead[key])}</dd>
            </div>
          ))}
          {hasFile(kind) && (
            <div className="contents">
              <dt className="font-medium text-slate-700">Attachment</dt>
              <dd>
                {lead.fileName ? (
                  <button
                    type="button"
                    onClick={() => void download()}
                    className="text-left font-medium text-brand-700 underline"
                  >
                    Download {lead.fileName}
                    {typeof lead.fileSize === 'number' && ` (${sizeOf(lead.fileSize)})`}
                  </button>
                ) : (
                  '—'
                )}
              </dd>
            </div>
          )}
        </dl>
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" onClick={() => onHandled(!lead.handled)} className={primaryButton}>
            {lead.handled ? 'Mark unhandled' : 'Mark handled'}
          </button>
          <button
            type="button"
            onClick={onDelete}
            className="rounded-md border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50"
          >
            Delete
          </button>
        </div>
      </div>
    </div>
  );
}
