// The leads inbox's view as its address holds it (kind, search, filters, sort, page), so a lead opened from the
// list comes back to the same view; and what a view shows: the statuses it can filter by and its columns.
import { LEAD_KINDS, LEAD_PIPELINES, LEAD_SORTS, type LeadKind, type LeadSort, labelOf } from '@agency/contract';
import { useSearchParams } from 'react-router';
import { KINDS, isLeadKind } from './lead-kinds';

export interface InboxView {
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
export function useInboxView() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  function change(next: Partial<InboxView>) {
    const current = viewOf(new URLSearchParams(window.location.search));
    setParams(inboxSearch({ ...current, page: 1, ...next }));
  }
  return { view, change };
}

export type ChangeView = ReturnType<typeof useInboxView>['change'];

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

/** The list's filters as the API reads them (the page apart): for the list itself and its CSV export. */
export function filtersOf(view: InboxView): URLSearchParams {
  const filters = new URLSearchParams({ q: view.q, status: view.status, owner: view.owner });
  if (view.job) filters.set('job', view.job);
  if (view.sort !== 'received') filters.set('sort', view.sort);
  if (view.dir) filters.set('dir', view.dir);
  return filters;
}

/** Every status the chosen kind (or any kind) can have, pipeline order, spam apart. */
export const statusesOf = (kind: LeadKind | ''): string[] =>
  kind ? [...LEAD_PIPELINES[kind]] : [...new Set(LEAD_KINDS.flatMap((entry) => [...LEAD_PIPELINES[entry]]))];

/** The columns of what a lead is about: the inbox's subject and service, or one kind's own. */
export const columnsOf = (kind: LeadKind | ''): string[] => (kind ? KINDS[kind].columns : ['subject', 'service']);
/** The inbox's `service` is the quote form's `services`. */
export const columnLabel = (column: string) => labelOf(column === 'service' ? 'services' : column);
/** The columns that sort, by the sort they ask for. */
export const SORTS_OF: Record<string, LeadSort | undefined> = {
  subject: 'subject',
  service: 'service',
  services: 'service',
};
