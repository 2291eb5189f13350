// Leads (admins and sales, docs/product.md D6): one inbox of quotes, contact messages and job applications
// together (GET /api/admin/leads), or one kind with its own columns (GET /api/admin/{kind}). This page holds the
// list, the leads chosen for a bulk action and the spam folder's "Not spam"; the choices above the list are
// inbox-filters.tsx, the view in the address inbox-view.ts, the table (wider screens, scrolling in its box)
// inbox-table.tsx and the cards (a phone, so the page never scrolls sideways) inbox-cards.tsx.
import { LEAD_KIND_LABELS, InboxSchema, type Inbox, LeadListSchema, NEW_STATUS, SPAM_STATUS } from '@agency/contract';
import type { z } from 'zod';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '~/components/admin/pager';
import { QueryView } from '~/components/admin/query-view';
import { useLeadOwners } from '~/components/admin/use-admins';
import { toast } from '~/components/ui/toast';
import { type AnswerSchema, errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { BulkActions, type Chosen } from './bulk-actions';
import { InboxCards } from './inbox-cards';
import { InboxFilters, InboxKinds } from './inbox-filters';
import { type InboxItem, type InboxRow, inboxRows, type Selection } from './inbox-rows';
import { InboxTable } from './inbox-table';
import { filtersOf, useInboxView } from './inbox-view';
import { KINDS } from './lead-kinds';

const same = (a: Chosen, b: Chosen) => a.kind === b.kind && a.id === b.id;

export function LeadsInbox() {
  const { view, change } = useInboxView();
  const admins = useLeadOwners();
  const id = useId();
  const { kind } = view;
  const title = kind ? LEAD_KIND_LABELS[kind] : 'All leads';
  const spamFolder = view.status === SPAM_STATUS;

  const filters = filtersOf(view);
  const listPath = kind ? `/admin/${kind}?${filters}&page=${view.page}` : `/admin/leads?${filters}&page=${view.page}`;
  // One kind's list and the inbox of every kind answer in their own shapes, each checked by its contract schema.
  const listSchema: AnswerSchema<z.output<typeof LeadListSchema> | Inbox> = kind ? LeadListSchema : InboxSchema;
  const leads = useApiQuery(listPath, listSchema);
  const what = spamFolder ? `spam ${title.toLowerCase()}` : title.toLowerCase();
  const listName = `${spamFolder ? `Spam ${title.toLowerCase()}` : title}, newest first`;

  // The leads chosen for a bulk action: of this view only.
  const [chosen, setChosen] = useState<Chosen[]>([]);
  useEffect(() => setChosen([]), [listPath]);
  const chosenOf = (row: InboxRow): Chosen => ({ kind: row.kind, id: row.lead.id });

  async function notSpam(row: InboxRow) {
    try {
      await mutate(`/admin/${row.kind}/${row.lead.id}`, {
        method: 'PATCH',
        body: { status: NEW_STATUS },
        invalidates: ['/admin/'],
      });
      toast.success(`Moved the ${KINDS[row.kind].noun} from ${row.name} back to the inbox`);
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
      <InboxKinds kind={kind} />
      <InboxFilters view={view} change={change} title={title} />

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
            const rows = inboxRows(data.items as unknown as InboxItem[], view);
            const selection: Selection = {
              idPrefix: id,
              everyChosen: rows.length > 0 && rows.every((row) => chosen.some((one) => same(one, chosenOf(row)))),
              chooseAll: (on) => setChosen(on ? rows.map(chosenOf) : []),
              isChosen: (row) => chosen.some((one) => same(one, chosenOf(row))),
              toggle: (row, on) =>
                setChosen((current) =>
                  on ? [...current, chosenOf(row)] : current.filter((one) => !same(one, chosenOf(row))),
                ),
            };
            const onNotSpam = (row: InboxRow) => void notSpam(row);
            return rows.length === 0 ? (
              <p className="text-slate-700">No {what} found.</p>
            ) : (
              <>
                <InboxCards
                  rows={rows}
                  label={listName}
                  selection={selection}
                  spamFolder={spamFolder}
                  onNotSpam={onNotSpam}
                />
                <InboxTable
                  rows={rows}
                  view={view}
                  change={change}
                  title={title}
                  caption={listName}
                  selection={selection}
                  onNotSpam={onNotSpam}
                />
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
