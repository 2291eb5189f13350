// What the inbox shows of each lead, in its table and on its phone cards alike: the row (name, what it is about,
// deal value, follow-up), the mark of an unread answer, the address that opens the person's page, the checkbox that
// chooses it for a bulk action and the spam folder's "Not spam".
import { type LeadKind, type LeadWork } from '@agency/contract';
import { Link } from 'react-router';
import { personPath } from './person-page';
import { KINDS, isLeadKind, text } from './lead-kinds';
import type { InboxView } from './inbox-view';

export type InboxItem = LeadWork & Record<string, unknown> & { kind?: unknown };

export interface InboxRow {
  lead: InboxItem;
  kind: LeadKind;
  name: string;
  /** What it is about: the inbox's subject or service, one kind's own field. */
  about: string | null;
  dealValue: number | null;
  currency: string | null;
  followUpAt: string | null;
}

/** The leads chosen for a bulk action, and how a row or the whole page is chosen. */
export interface Selection {
  /** Makes the checkboxes' ids unique on the page. */
  idPrefix: string;
  everyChosen: boolean;
  chooseAll: (on: boolean) => void;
  isChosen: (row: InboxRow) => boolean;
  toggle: (row: InboxRow, on: boolean) => void;
}

export const KIND_NOUNS_ONE: Record<LeadKind, string> = {
  quotes: 'Quote',
  contacts: 'Message',
  applications: 'Application',
};

/** The kind of an inbox item: its own `kind` in the inbox of every kind, else the view's. */
const kindOf = (lead: InboxItem, view: InboxView): LeadKind =>
  isLeadKind(lead.kind) ? lead.kind : view.kind || 'quotes';

/** The rows of a page of the list, however the API shaped its items. */
export function inboxRows(items: InboxItem[], view: InboxView): InboxRow[] {
  return items.map((lead) => {
    const kind = kindOf(lead, view);
    // The inbox of every kind names the sender `name`; one kind's list keeps the form's field.
    const field = (key: string) => (typeof lead[key] === 'string' && lead[key] ? String(lead[key]) : null);
    return {
      lead,
      kind,
      name: text(lead[KINDS[kind].nameField] ?? lead.name),
      about: field('subject') ?? field('service') ?? field('services') ?? field('position') ?? field('topic'),
      dealValue: typeof lead.dealValue === 'number' ? lead.dealValue : null,
      currency: field('currency'),
      followUpAt: field('followUpAt'),
    };
  });
}

/** How long ago, in a few characters ("5 min", "3 h", "2 days"). */
export function ageOf(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** The sender answered (a message came back from the mailbox) and nobody has opened the lead since. */
export function UnreadMark() {
  return (
    <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="unread">
      New answer
    </span>
  );
}

/** An address opens the person's page: everything they sent, the notes and the replies. */
export function PersonLink({ email }: { email: string }) {
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

/** Chooses one lead for a bulk action; `idSuffix` tells the card's box from the table's. */
export function ChooseBox({ row, selection, idSuffix }: { row: InboxRow; selection: Selection; idSuffix: string }) {
  return (
    <input
      id={`${selection.idPrefix}-choose-${row.kind}-${row.lead.id}${idSuffix}`}
      type="checkbox"
      checked={selection.isChosen(row)}
      onChange={(event) => selection.toggle(row, event.target.checked)}
      aria-label={`Choose the ${KINDS[row.kind].noun} from ${row.name}`}
      className="size-4 shrink-0 align-middle"
    />
  );
}

export function NotSpamButton({ row, onNotSpam }: { row: InboxRow; onNotSpam: (row: InboxRow) => void }) {
  return (
    <button
      type="button"
      onClick={() => onNotSpam(row)}
      aria-label={`Not spam: the ${KINDS[row.kind].noun} from ${row.name}`}
      className="rounded-md border border-slate-400 px-3 py-1 whitespace-nowrap hover:bg-slate-100"
    >
      Not spam
    </button>
  );
}
