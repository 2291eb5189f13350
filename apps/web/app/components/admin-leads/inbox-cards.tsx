// The leads inbox on a phone: one card per lead (name, kind, status, owner, age, what it is about, deal value,
// follow-up, the address), so the page never scrolls sideways.
import { leadAdminPath } from '@agency/contract';
import { Link } from 'react-router';
import { money } from './lead-deal-value';
import { when } from './lead-kinds';
import { StatusBadge } from './lead-status';
import {
  ageOf,
  ChooseBox,
  type InboxRow,
  KIND_NOUNS_ONE,
  NotSpamButton,
  PersonLink,
  type Selection,
  UnreadMark,
} from './inbox-rows';

export function InboxCards({
  rows,
  label,
  selection,
  spamFolder,
  onNotSpam,
}: {
  rows: InboxRow[];
  /** The list's name: "All leads, newest first". */
  label: string;
  selection: Selection;
  spamFolder: boolean;
  onNotSpam: (row: InboxRow) => void;
}) {
  return (
    <div className="md:hidden">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={selection.everyChosen}
          onChange={(event) => selection.chooseAll(event.target.checked)}
          className="size-4"
        />
        Choose every lead on this page
      </label>
      <ul aria-label={label} className="mt-3 space-y-3">
        {rows.map((row) => (
          <li key={`${row.kind}/${row.lead.id}`} className="rounded-lg border border-slate-300 p-3">
            <div className="flex items-start gap-3">
              <span className="pt-1">
                <ChooseBox row={row} selection={selection} idSuffix="-card" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={leadAdminPath(row.kind, row.lead.id)}
                    className="font-semibold break-words text-brand-700 underline hover:text-brand-800"
                  >
                    {row.name}
                  </Link>
                  {row.lead.unread && <UnreadMark />}
                  <StatusBadge status={row.lead.status} />
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  {KIND_NOUNS_ONE[row.kind]} · {row.lead.owner?.name ?? 'Nobody'} ·{' '}
                  <time dateTime={row.lead.createdAt} title={when(row.lead.createdAt)}>
                    {ageOf(row.lead.createdAt)} ago
                  </time>
                </p>
                {row.about && <p className="mt-1 text-sm break-words text-slate-900">{row.about}</p>}
                {(row.dealValue !== null || row.followUpAt) && (
                  <p className="mt-1 text-sm text-slate-700">
                    {row.dealValue !== null && `Deal value ${money(row.dealValue, row.currency)}`}
                    {row.dealValue !== null && row.followUpAt && ' · '}
                    {row.followUpAt && `Follow up ${when(row.followUpAt)}`}
                  </p>
                )}
                {typeof row.lead.email === 'string' && row.lead.email && (
                  <p className="mt-1 text-sm">
                    <PersonLink email={row.lead.email} />
                  </p>
                )}
                {spamFolder && (
                  <p className="mt-2">
                    <NotSpamButton row={row} onNotSpam={onNotSpam} />
                  </p>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
