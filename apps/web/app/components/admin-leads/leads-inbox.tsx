// Leads (admins and sales, docs/product.md D6): one inbox of quotes, contact messages and job applications
// together (GET /api/admin/leads), or one kind with its own columns (GET /api/admin/{kind}); newest first
// or sorted by subject, service, deal value, owner or next follow-up; with status and owner; filters by
// status (every status but spam unless asked; spam has its own folder), owner and, for applications, the job
// posting applied for; "Assigned to me" in one click, search, pages, and CSV export of one kind or of all
// leads together. An address opens the person's page. Checkboxes and a select-all for the page lead to bulk
// actions. The kind, filters, sort and page live in the address, so a lead opened from the list comes back
// to the same view. On a phone the table becomes cards (name, kind, status, owner, age, what it is about,
// deal value, follow-up), so the page never scrolls sideways; on wider screens the table scrolls in its box.
import {
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_PIPELINES,
  LEAD_SORT_DIRECTIONS,
  LEAD_SORTS,
  type LeadKind,
  type LeadSort,
  type Inbox,
  InboxSchema,
  LeadListSchema,
  type LeadWork,
  NEW_STATUS,
  SPAM_STATUS,
  labelOf,
  leadAdminPath,
} from '@agency/contract';
import type { z } from 'zod';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { downloadWithAuth } from '~/components/admin/download';
import { inputClass, labelClass, primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { Pager } from '~/components/admin/pager';
import { QueryView } from '~/components/admin/query-view';
import { useLeadOwners } from '~/components/admin/use-admins';
import { useJobs } from '~/components/admin-content/use-jobs';
import { toast } from '~/components/ui/toast';
import { type AnswerSchema, errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { useAuth } from '~/state/auth';
import { BulkActions, type Chosen } from './bulk-actions';
import { ScrollBox } from '~/components/admin/scroll-box';
import { money } from './lead-deal-value';
import { personPath } from './person-page';
import { KINDS, isLeadKind, text, when } from './lead-kinds';
import { StatusBadge, statusLabel } from './lead-status';

type InboxItem = LeadWork & Record<string, unknown> & { kind?: unknown };

interface InboxView {
  /** One kind, or '' for every kind together. */
  kind: LeadKind | '';
  q: string;
  /** One status, `spam` for the spam folder, or '' for every status but spam. */
  status: string;
  /** An account id, `me`, `none`, or '' for anyone's. */
  owner: string;
  /** A job posting's id (applications only), or '' for every application. */
  job: string;
  sort: LeadSort;
  /** asc, desc, or '' for the sort's own direction. */
  dir: '' | 'asc' | 'desc';
  page: number;
}

const isSort = (value: string | null): value is LeadSort => (LEAD_SORTS as readonly (string | null)[]).includes(value);

/** The inbox's view that an address holds. */
function viewOf(params: URLSearchParams): InboxView {
  const kindParam = params.get('kind');
  const kind = isLeadKind(kindParam) ? kindParam : '';
  return {
    kind,
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    owner: params.get('owner') ?? '',
    job: kind === 'applications' ? (params.get('job') ?? '') : '',
    sort: isSort(params.get('sort')) ? (params.get('sort') as LeadSort) : 'received',
    dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : '',
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

/** The query string of an inbox view, without its defaults (every kind, page 1). */
export function inboxSearch(view: Partial<InboxView>): string {
  const search = new URLSearchParams();
  if (view.kind) search.set('kind', view.kind);
  if (view.q) search.set('q', view.q);
  if (view.status) search.set('status', view.status);
  if (view.owner) search.set('owner', view.owner);
  if (view.job) search.set('job', view.job);
  if (view.sort && view.sort !== 'received') search.set('sort', view.sort);
  if (view.dir) search.set('dir', view.dir);
  if (view.page && view.page > 1) search.set('page', String(view.page));
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** The kind of an inbox item: its own `kind` in the inbox of every kind, else the view's. */
/** The sender answered (a message came back from the mailbox) and nobody has opened the lead since. */
function UnreadMark() {
  return (
    <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="unread">
      New answer
    </span>
  );
}

const kindOf = (lead: InboxItem, view: InboxView): LeadKind =>
  isLeadKind(lead.kind) ? lead.kind : view.kind || 'quotes';

/** How long ago, in a few characters ("5 min", "3 h", "2 days"). */
export function ageOf(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** Every status the chosen kind (or any kind) can have, pipeline order, spam apart. */
const statusesOf = (kind: LeadKind | ''): string[] =>
  kind ? [...LEAD_PIPELINES[kind]] : [...new Set(LEAD_KINDS.flatMap((entry) => [...LEAD_PIPELINES[entry]]))];

/** The columns of what a lead is about: the inbox's subject and service, or one kind's own. */
const columnsOf = (kind: LeadKind | ''): string[] => (kind ? KINDS[kind].columns : ['subject', 'service']);
/** The inbox's `service` is the quote form's `services`. */
const columnLabel = (column: string) => labelOf(column === 'service' ? 'services' : column);
/** The columns that sort, by the sort they ask for. */
const SORTS_OF: Record<string, LeadSort | undefined> = { subject: 'subject', service: 'service', services: 'service' };

/** An address opens the person's page: everything they sent, the notes and the replies. */
function PersonLink({ email }: { email: string }) {
  return (
    <Link
      to={personPath(email)}
      className="font-medium break-all text-brand-700 underline hover:text-brand-800"
      title={`Everything from ${email}`}
    >
      {email}
    </Link>
  );
}

const KIND_NOUNS_ONE: Record<LeadKind, string> = { quotes: 'Quote', contacts: 'Message', applications: 'Application' };

export function LeadsInbox() {
  const { view, change } = useInboxView();
  const { user } = useAuth();
  const admins = useLeadOwners();
  const id = useId();
  const { kind } = view;
  const title = kind ? LEAD_KIND_LABELS[kind] : 'All leads';
  const spamFolder = view.status === SPAM_STATUS;
  const [query, setQuery] = useState(view.q);
  useEffect(() => setQuery(view.q), [view.q]);

  const filters = new URLSearchParams({ q: view.q, status: view.status, owner: view.owner });
  if (view.job) filters.set('job', view.job);
  if (view.sort !== 'received') filters.set('sort', view.sort);
  if (view.dir) filters.set('dir', view.dir);
  const listPath = kind ? `/admin/${kind}?${filters}&page=${view.page}` : `/admin/leads?${filters}&page=${view.page}`;
  // One kind's list and the inbox of every kind answer in their own shapes, each checked by its contract schema.
  const listSchema: AnswerSchema<z.output<typeof LeadListSchema> | Inbox> = kind ? LeadListSchema : InboxSchema;
  const leads = useApiQuery(listPath, listSchema);
  // Closed and expired postings too: their applications are still worked.
  const postings = useJobs(kind === 'applications');
  const what = spamFolder ? `spam ${title.toLowerCase()}` : title.toLowerCase();

  // The leads chosen for a bulk action: of this view only.
  const [chosen, setChosen] = useState<Chosen[]>([]);
  useEffect(() => setChosen([]), [listPath]);
  const isChosen = (entry: Chosen) => chosen.some((one) => one.kind === entry.kind && one.id === entry.id);
  const toggle = (entry: Chosen, on: boolean) =>
    setChosen((current) =>
      on ? [...current, entry] : current.filter((one) => !(one.kind === entry.kind && one.id === entry.id)),
    );

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    change({ q: query.trim() });
  }

  /** One kind's CSV, or every kind's in one (`''`), with the view's filters. */
  async function exportCsv(of: LeadKind | '') {
    const path = of ? `/admin/${of}/export.csv?${filters}` : `/admin/leads/export.csv?${filters}`;
    if (!(await downloadWithAuth(path, `${of || 'leads'}.csv`))) {
      toast.error('Failed to export the CSV');
    }
  }

  /** The sort a column header asks for: its own direction first, the other way on a second press. */
  function sortBy(sort: LeadSort) {
    const current = view.dir || LEAD_SORT_DIRECTIONS[view.sort];
    const other = current === 'asc' ? 'desc' : 'asc';
    change(view.sort === sort ? { sort, dir: other } : { sort, dir: '' });
  }
  const direction = (sort: LeadSort) =>
    view.sort === sort ? ((view.dir || LEAD_SORT_DIRECTIONS[sort]) === 'asc' ? 'ascending' : 'descending') : undefined;
  /** A sortable column's header: a button that sorts, aria-sort saying how it is sorted. */
  const sortable = (sort: LeadSort, label: string) => (
    <th key={sort} scope="col" aria-sort={direction(sort) ?? 'none'} className="py-2 pr-4">
      <button
        type="button"
        onClick={() => sortBy(sort)}
        className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline"
      >
        {label}
        <span aria-hidden="true">
          {direction(sort) === 'ascending' ? '▲' : direction(sort) === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );

  async function notSpam(lead: InboxItem, leadKind: LeadKind, name: string) {
    try {
      await mutate(`/admin/${leadKind}/${lead.id}`, {
        method: 'PATCH',
        body: { status: NEW_STATUS },
        invalidates: ['/admin/'],
      });
      toast.success(`Moved the ${KINDS[leadKind].noun} from ${name} back to the inbox`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to move the lead'));
    }
  }

  return (
    <section aria-labelledby="leads-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="leads-heading" className="text-2xl font-bold">
          Leads
        </h2>
        <p className="flex flex-wrap gap-4 text-sm">
          <Link to="/admin/leads/follow-ups" className="font-medium text-brand-700 underline">
            Follow-ups due
          </Link>
          <Link to="/admin/leads/templates" className="font-medium text-brand-700 underline">
            Reply templates
          </Link>
        </p>
      </div>
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
        <button type="button" onClick={() => void exportCsv(kind)} className={`${primaryButton} md:ml-auto`}>
          {kind ? 'Export CSV' : 'Export all leads (CSV)'}
        </button>
      </div>

      {spamFolder && (
        <p className="mt-4 rounded-md border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          Leads the hidden bot field or the spam check caught, and leads marked as spam. Nothing here was sent on; “Not
          spam” puts a lead back in the inbox and sends the notification and webhooks a new lead gets.
        </p>
      )}

      {chosen.length > 0 && <BulkActions chosen={chosen} admins={admins} onDone={() => setChosen([])} />}

      <div className="mt-6">
        <QueryView query={leads}>
          {(data) => {
            const pages = Math.max(1, Math.ceil(data.total / Math.max(1, data.pageSize)));
            const items = (data.items as unknown as InboxItem[]).map((lead) => {
              const leadKind = kindOf(lead, view);
              // The inbox of every kind names the sender `name`; one kind's list keeps the form's field.
              const field = (key: string) => (typeof lead[key] === 'string' && lead[key] ? String(lead[key]) : null);
              const dealValue = typeof lead.dealValue === 'number' ? lead.dealValue : null;
              return {
                lead,
                kind: leadKind,
                name: text(lead[KINDS[leadKind].nameField] ?? lead.name),
                // What it is about: the inbox's subject or service, one kind's own field.
                about: field('subject') ?? field('service') ?? field('services') ?? field('position') ?? field('topic'),
                dealValue,
                currency: field('currency'),
                followUpAt: field('followUpAt'),
              };
            });
            const everyChosen =
              items.length > 0 && items.every((item) => isChosen({ kind: item.kind, id: item.lead.id }));
            const chooseAll = (on: boolean) =>
              setChosen(on ? items.map((item) => ({ kind: item.kind, id: item.lead.id })) : []);
            const selectAll = (
              <input
                type="checkbox"
                checked={everyChosen}
                onChange={(event) => chooseAll(event.target.checked)}
                aria-label="Choose every lead on this page"
                className="size-4 align-middle"
              />
            );
            const chooseOne = (item: (typeof items)[number], suffix = '') => (
              <input
                id={`${id}-choose-${item.kind}-${item.lead.id}${suffix}`}
                type="checkbox"
                checked={isChosen({ kind: item.kind, id: item.lead.id })}
                onChange={(event) => toggle({ kind: item.kind, id: item.lead.id }, event.target.checked)}
                aria-label={`Choose the ${KINDS[item.kind].noun} from ${item.name}`}
                className="size-4 shrink-0 align-middle"
              />
            );
            const notSpamButton = (item: (typeof items)[number]) => (
              <button
                type="button"
                onClick={() => void notSpam(item.lead, item.kind, item.name)}
                aria-label={`Not spam: the ${KINDS[item.kind].noun} from ${item.name}`}
                className="rounded-md border border-slate-400 px-3 py-1 whitespace-nowrap hover:bg-slate-100"
              >
                Not spam
              </button>
            );
            return items.length === 0 ? (
              <p className="text-slate-700">No {what} found.</p>
            ) : (
              <>
                {/* Phones: one card per lead. */}
                <div className="md:hidden">
                  <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                    <input
                      type="checkbox"
                      checked={everyChosen}
                      onChange={(event) => chooseAll(event.target.checked)}
                      className="size-4"
                    />
                    Choose every lead on this page
                  </label>
                  <ul
                    aria-label={`${spamFolder ? `Spam ${title.toLowerCase()}` : title}, newest first`}
                    className="mt-3 space-y-3"
                  >
                    {items.map((item) => (
                      <li key={`${item.kind}/${item.lead.id}`} className="rounded-lg border border-slate-300 p-3">
                        <div className="flex items-start gap-3">
                          <span className="pt-1">{chooseOne(item, '-card')}</span>
                          <div className="min-w-0 flex-1">
                            <p className="flex flex-wrap items-center justify-between gap-2">
                              <Link
                                to={leadAdminPath(item.kind, item.lead.id)}
                                className="font-semibold break-words text-brand-700 underline hover:text-brand-800"
                              >
                                {item.name}
                              </Link>
                              {item.lead.unread && <UnreadMark />}
                              <StatusBadge status={item.lead.status} />
                            </p>
                            <p className="mt-1 text-sm text-slate-700">
                              {KIND_NOUNS_ONE[item.kind]} · {item.lead.owner?.name ?? 'Nobody'} ·{' '}
                              <time dateTime={item.lead.createdAt} title={when(item.lead.createdAt)}>
                                {ageOf(item.lead.createdAt)} ago
                              </time>
                            </p>
                            {item.about && <p className="mt-1 text-sm break-words text-slate-900">{item.about}</p>}
                            {(item.dealValue !== null || item.followUpAt) && (
                              <p className="mt-1 text-sm text-slate-700">
                                {item.dealValue !== null && `Deal value ${money(item.dealValue, item.currency)}`}
                                {item.dealValue !== null && item.followUpAt && ' · '}
                                {item.followUpAt && `Follow up ${when(item.followUpAt)}`}
                              </p>
                            )}
                            {typeof item.lead.email === 'string' && item.lead.email && (
                              <p className="mt-1 text-sm">
                                <PersonLink email={item.lead.email} />
                              </p>
                            )}
                            {spamFolder && <p className="mt-2">{notSpamButton(item)}</p>}
                          </div>
                        </div>
                      </li>
                    ))}
                  </ul>
                </div>
                {/* Wider screens: the table. */}
                <ScrollBox label={`${title} table`} className="hidden md:block">
                  <table className="w-full min-w-[72rem] text-left text-sm">
                    <caption className="sr-only">
                      {spamFolder ? `Spam ${title.toLowerCase()}` : title}, newest first
                    </caption>
                    <thead className="border-b border-slate-300 text-slate-700">
                      <tr>
                        {sortable('received', 'Received')}
                        <th scope="col" className="py-2 pr-4">
                          <span className="flex items-center gap-2">
                            {selectAll}
                            {kind ? labelOf(KINDS[kind].nameField) : 'Name'}
                          </span>
                        </th>
                        {!kind && (
                          <th scope="col" className="py-2 pr-4">
                            Kind
                          </th>
                        )}
                        <th scope="col" className="py-2 pr-4">
                          Email
                        </th>
                        {columnsOf(kind).map((column) =>
                          SORTS_OF[column] ? (
                            sortable(SORTS_OF[column], columnLabel(column))
                          ) : (
                            <th key={column} scope="col" className="py-2 pr-4">
                              {columnLabel(column)}
                            </th>
                          ),
                        )}
                        <th scope="col" className="py-2 pr-4">
                          Status
                        </th>
                        {sortable('owner', 'Owner')}
                        {(kind === '' || kind === 'quotes') && sortable('dealValue', 'Deal value')}
                        {sortable('followUp', 'Next follow-up')}
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
                      {items.map((item) => {
                        const { lead } = item;
                        return (
                          <tr key={`${item.kind}/${lead.id}`} className="border-b border-slate-200">
                            <td className="py-3 pr-4 whitespace-nowrap">{when(lead.createdAt)}</td>
                            <th scope="row" className="py-3 pr-4 font-medium">
                              <span className="flex items-center gap-2">
                                {chooseOne(item)}
                                <Link
                                  to={leadAdminPath(item.kind, lead.id)}
                                  className="text-brand-700 underline hover:text-brand-800"
                                >
                                  {item.name}
                                </Link>
                                {lead.unread && <UnreadMark />}
                              </span>
                            </th>
                            {!kind && <td className="py-3 pr-4">{KIND_NOUNS_ONE[item.kind]}</td>}
                            <td className="py-3 pr-4">
                              {typeof lead.email === 'string' && lead.email ? <PersonLink email={lead.email} /> : '—'}
                            </td>
                            {columnsOf(kind).map((column) => (
                              <td key={column} className="py-3 pr-4">
                                {text(lead[column])}
                              </td>
                            ))}
                            <td className="py-3 pr-4">
                              <StatusBadge status={lead.status} />
                            </td>
                            <td className="py-3 pr-4">{lead.owner?.name ?? '—'}</td>
                            {(kind === '' || kind === 'quotes') && (
                              <td className="py-3 pr-4 whitespace-nowrap tabular-nums">
                                {item.dealValue === null ? '—' : money(item.dealValue, item.currency)}
                              </td>
                            )}
                            <td className="py-3 pr-4 whitespace-nowrap">
                              {item.followUpAt ? when(item.followUpAt) : '—'}
                            </td>
                            <td className="py-3 pr-4 whitespace-nowrap">{when(lead.lastActivityAt)}</td>
                            {spamFolder && <td className="py-3 text-right">{notSpamButton(item)}</td>}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </ScrollBox>
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
