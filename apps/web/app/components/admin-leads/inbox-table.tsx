// The leads inbox on wider screens: a table that scrolls in its box, newest first or sorted by a column header
// (received, subject, service, owner, deal value, next follow-up; aria-sort says how), a checkbox per lead and one
// for the page.
import { LEAD_SORT_DIRECTIONS, type LeadSort, labelOf, leadAdminPath, SPAM_STATUS } from '@agency/contract';
import { Link } from 'react-router';
import { ScrollBox } from '~/components/admin/scroll-box';
import { money } from './lead-deal-value';
import { KINDS, text, when } from './lead-kinds';
import { StatusBadge } from './lead-status';
import { type ChangeView, columnLabel, columnsOf, type InboxView, SORTS_OF } from './inbox-view';
import {
  ChooseBox,
  type InboxRow,
  KIND_NOUNS_ONE,
  NotSpamButton,
  PersonLink,
  type Selection,
  UnreadMark,
} from './inbox-rows';

const cell = 'py-2 pr-4';

export function InboxTable({
  rows,
  view,
  change,
  title,
  caption,
  selection,
  onNotSpam,
}: {
  rows: InboxRow[];
  view: InboxView;
  change: ChangeView;
  /** The view's title: "All leads", "Quote requests"… */
  title: string;
  caption: string;
  selection: Selection;
  onNotSpam: (row: InboxRow) => void;
}) {
  const { kind } = view;
  const spamFolder = view.status === SPAM_STATUS;
  const withDealValue = kind === '' || kind === 'quotes';

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
    <th key={sort} scope="col" aria-sort={direction(sort) ?? 'none'} className={cell}>
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

  return (
    <ScrollBox label={`${title} table`} className="hidden md:block">
      <table className="w-full min-w-[72rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            {sortable('received', 'Received')}
            <th scope="col" className={cell}>
              <span className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={selection.everyChosen}
                  onChange={(event) => selection.chooseAll(event.target.checked)}
                  aria-label="Choose every lead on this page"
                  className="size-4 align-middle"
                />
                {kind ? labelOf(KINDS[kind].nameField) : 'Name'}
              </span>
            </th>
            {!kind && (
              <th scope="col" className={cell}>
                Kind
              </th>
            )}
            <th scope="col" className={cell}>
              Email
            </th>
            {columnsOf(kind).map((column) => {
              const sort = SORTS_OF[column];
              return sort ? (
                sortable(sort, columnLabel(column))
              ) : (
                <th key={column} scope="col" className={cell}>
                  {columnLabel(column)}
                </th>
              );
            })}
            <th scope="col" className={cell}>
              Status
            </th>
            {sortable('owner', 'Owner')}
            {withDealValue && sortable('dealValue', 'Deal value')}
            {sortable('followUp', 'Next follow-up')}
            <th scope="col" className={cell}>
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
          {rows.map((row) => {
            const { lead } = row;
            return (
              <tr key={`${row.kind}/${lead.id}`} className="border-b border-slate-200">
                <td className="py-3 pr-4 whitespace-nowrap">{when(lead.createdAt)}</td>
                <th scope="row" className="py-3 pr-4 font-medium">
                  <span className="flex items-center gap-2">
                    <ChooseBox row={row} selection={selection} idSuffix="" />
                    <Link
                      to={leadAdminPath(row.kind, lead.id)}
                      className="text-brand-700 underline hover:text-brand-800"
                    >
                      {row.name}
                    </Link>
                    {lead.unread && <UnreadMark />}
                  </span>
                </th>
                {!kind && <td className="py-3 pr-4">{KIND_NOUNS_ONE[row.kind]}</td>}
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
                {withDealValue && (
                  <td className="py-3 pr-4 whitespace-nowrap tabular-nums">
                    {row.dealValue === null ? '—' : money(row.dealValue, row.currency)}
                  </td>
                )}
                <td className="py-3 pr-4 whitespace-nowrap">{row.followUpAt ? when(row.followUpAt) : '—'}</td>
                <td className="py-3 pr-4 whitespace-nowrap">{when(lead.lastActivityAt)}</td>
                {spamFolder && (
                  <td className="py-3 text-right">
                    <NotSpamButton row={row} onNotSpam={onNotSpam} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
