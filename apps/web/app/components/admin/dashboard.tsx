// The first view of /admin for admins and sales, from GET /api/admin/stats: what was held as possible spam
// since the last digest, new leads this week against last week by kind and region, leads by status, the
// median time to the first answer, quotes' deal values (the open pipeline and what was won), where leads
// come from, the notifications that keep failing, and the backups (admins only).
import {
  type DealSum,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  OUTBOX_FAILING,
  REGION_BUCKETS,
  OPEN_DEAL_STATUSES,
  REGION_SETTINGS,
  StatsSchema,
  leadStatuses,
  type Stats,
} from '@agency/contract';
import { Link } from 'react-router';
import { useApiQuery } from '~/lib/api-query';
import { inboxSearch } from '~/components/admin-leads/inbox-view';
import { money } from '~/components/admin-leads/lead-deal-value';
import { when } from '~/components/admin-leads/lead-kinds';
import { statusLabel } from '~/components/admin-leads/lead-status';
import { PURPOSE_LABELS } from '~/components/admin-leads/lead-timeline';
import { BackupsCard } from './backups-card';
import { MailboxCard } from './mailbox-card';
import { QueryView } from './query-view';

/** GET /api/admin/stats, shared by the dashboard and the failing-notifications banner. */
export const useStats = () => useApiQuery('/admin/stats', StatsSchema);

const REGION_LABELS: Record<(typeof REGION_BUCKETS)[number], string> = {
  uk: REGION_SETTINGS.uk.label,
  nepal: REGION_SETTINGS.nepal.label,
  none: 'No region (quote modal, messages, applications)',
};

/** "45 min", "3 h 20 min", "2 days 4 h". */
export function duration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return `${Math.round(seconds)} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

/** When a notification counts as failing (the server's rule, OUTBOX_FAILING). */
const FAILING_RULE = `failed ${OUTBOX_FAILING.attempts} times or waited more than ${duration(OUTBOX_FAILING.waitSeconds)}`;

const card = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';
const cell = 'py-1.5 pr-4';
const heading = 'text-lg font-bold';

function Change({ now, before }: { now: number; before: number }) {
  const difference = now - before;
  if (difference === 0) return <span className="text-slate-600">same as last week</span>;
  return (
    <span className={difference > 0 ? 'text-green-800' : 'text-slate-700'}>
      {difference > 0 ? `${difference} more` : `${-difference} fewer`} than last week
    </span>
  );
}

function WeekTable({ caption, rows }: { caption: string; rows: { label: string; now: number; before: number }[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold text-slate-800">{caption}</caption>
      <thead className="border-b border-slate-300 text-slate-700">
        <tr>
          <th scope="col" className={cell}>
            <span className="sr-only">Leads</span>
          </th>
          <th scope="col" className={`${cell} text-right`}>
            This week
          </th>
          <th scope="col" className="py-1.5 text-right">
            Last week
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-b border-slate-100">
            <th scope="row" className={`${cell} font-medium`}>
              {row.label}
            </th>
            <td className={`${cell} text-right tabular-nums`}>{row.now}</td>
            <td className="py-1.5 text-right tabular-nums">{row.before}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Sums in several currencies, never added together: "£5,250.50 · NPR 90,000". */
const sums = (entries: DealSum[]) => entries.map((entry) => money(entry.total, entry.currency)).join(' · ') || 'none';
const quotesCount = (entries: DealSum[]) => {
  const n = entries.reduce((total, entry) => total + entry.count, 0);
  return `${n} ${n === 1 ? 'quote' : 'quotes'}`;
};

/** Quotes' deal values: the open pipeline by status, and what was won this month and last, per currency. */
function DealValueCard({ deal }: { deal: Stats['dealValue'] }) {
  const open = OPEN_DEAL_STATUSES.map((status) => ({
    status,
    entries: deal.open.filter((entry) => entry.status === status),
  }));
  const allOpen = deal.open;
  return (
    <section aria-labelledby="deal-heading" className={card}>
      <h3 id="deal-heading" className={heading}>
        Deal value
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Quotes with a deal value, per currency (amounts in different currencies are not added together).
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h4 className="font-semibold text-slate-800">Open pipeline</h4>
          <dl className="mt-2 space-y-1 text-sm">
            {open.map(({ status, entries }) => (
              <div key={status} className="flex flex-wrap justify-between gap-x-4">
                <dt>
                  <Link
                    to={`/admin/leads${inboxSearch({ kind: 'quotes', status })}`}
                    className="text-brand-700 underline hover:text-brand-800"
                  >
                    {statusLabel(status)}
                  </Link>
                </dt>
                <dd className="tabular-nums">{entries.length === 0 ? '—' : sums(entries)}</dd>
              </div>
            ))}
            <div className="flex flex-wrap justify-between gap-x-4 border-t border-slate-200 pt-1 font-semibold">
              <dt>All open ({quotesCount(allOpen)})</dt>
              <dd className="tabular-nums">{sums(totalsByCurrency(allOpen))}</dd>
            </div>
          </dl>
        </div>
        <div>
          <h4 className="font-semibold text-slate-800">Won</h4>
          <dl className="mt-2 space-y-1 text-sm">
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt>This month ({quotesCount(deal.wonThisMonth)})</dt>
              <dd className="tabular-nums">{sums(deal.wonThisMonth)}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt>Last month ({quotesCount(deal.wonLastMonth)})</dt>
              <dd className="tabular-nums">{sums(deal.wonLastMonth)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}

/** The entries of several statuses added up per currency. */
function totalsByCurrency(entries: DealSum[]): DealSum[] {
  const byCurrency = new Map<string | null, DealSum>();
  for (const entry of entries) {
    const sum = byCurrency.get(entry.currency) ?? { currency: entry.currency, total: 0, count: 0 };
    byCurrency.set(entry.currency, { ...sum, total: sum.total + entry.total, count: sum.count + entry.count });
  }
  return [...byCurrency.values()];
}

function DashboardBody({ stats }: { stats: Stats }) {
  const { thisWeek, lastWeek } = stats.newLeads;
  const held = stats.heldAsSpam;
  return (
    <div className="mt-6 space-y-8">
      <section aria-labelledby="held-heading" className={`${card} ${held.count > 0 ? 'border-red-300 bg-red-50' : ''}`}>
        <h3 id="held-heading" className={heading}>
          Held as possible spam
        </h3>
        <p className="mt-1 text-sm text-slate-800">
          <strong className="tabular-nums">{held.count}</strong> {held.count === 1 ? 'lead was' : 'leads were'} held as
          possible spam{' '}
          {held.since ? `since the last digest (${when(held.since)})` : 'so far (no digest has gone out yet)'}. A form
          sent without JavaScript carries no proof of work and is held too: look before a real visitor is missed.{' '}
          <Link to={held.path} className="font-medium text-brand-700 underline">
            Open the spam folder
          </Link>
        </p>
      </section>
      <section aria-labelledby="new-leads-heading" className={card}>
        <h3 id="new-leads-heading" className={heading}>
          New leads
        </h3>
        <p className="mt-1 text-sm text-slate-700">Last 7 days against the 7 days before; spam is left out.</p>
        <p className="mt-3 text-3xl font-bold tabular-nums">
          {thisWeek.total} <span className="text-base font-medium">this week</span>
        </p>
        <p className="text-sm">
          <Change now={thisWeek.total} before={lastWeek.total} />
        </p>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <WeekTable
            caption="By kind"
            rows={LEAD_KINDS.map((kind) => ({
              label: LEAD_KIND_LABELS[kind],
              now: thisWeek.byKind[kind],
              before: lastWeek.byKind[kind],
            }))}
          />
          <WeekTable
            caption="By region"
            rows={REGION_BUCKETS.map((region) => ({
              label: REGION_LABELS[region],
              now: thisWeek.byRegion[region],
              before: lastWeek.byRegion[region],
            }))}
          />
        </div>
      </section>

      <section aria-labelledby="status-heading" className={card}>
        <h3 id="status-heading" className={heading}>
          Leads by status
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Median time from a lead’s arrival to its first status change (last 90 days):{' '}
          <strong>
            {stats.medianFirstResponseSeconds === null
              ? 'no lead answered yet'
              : duration(stats.medianFirstResponseSeconds)}
          </strong>
        </p>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {LEAD_KINDS.map((kind) => (
            <div key={kind}>
              <h4 className="font-semibold text-slate-800">{LEAD_KIND_LABELS[kind]}</h4>
              <ul className="mt-2 space-y-1 text-sm">
                {leadStatuses(kind).map((status) => (
                  <li key={status} className="flex justify-between gap-4">
                    <Link
                      to={`/admin/leads${inboxSearch({ kind, status })}`}
                      className="text-brand-700 underline hover:text-brand-800"
                    >
                      {statusLabel(status)}
                    </Link>
                    <span className="tabular-nums">{stats.byStatus[kind][status] ?? 0}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <DealValueCard deal={stats.dealValue} />

      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="pages-heading" className={card}>
          <h3 id="pages-heading" className={heading}>
            Top source pages
          </h3>
          <p className="mt-1 text-sm text-slate-700">Pages leads were sent from, last 30 days.</p>
          {stats.topSourcePaths.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">No lead with a source page yet.</p>
          ) : (
            <ol className="mt-3 space-y-1 text-sm">
              {stats.topSourcePaths.map((entry) => (
                <li key={entry.path} className="flex justify-between gap-4">
                  <span className="break-all">{entry.path}</span>
                  <span className="tabular-nums">{entry.count}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="campaigns-heading" className={card}>
          <h3 id="campaigns-heading" className={heading}>
            Top campaigns
          </h3>
          <p className="mt-1 text-sm text-slate-700">utm_campaign of the visitor’s landing page, last 30 days.</p>
          {stats.topCampaigns.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">No lead from a campaign yet.</p>
          ) : (
            <ol className="mt-3 space-y-1 text-sm">
              {stats.topCampaigns.map((entry) => (
                <li key={`${entry.campaign}/${entry.source}/${entry.medium}`} className="flex justify-between gap-4">
                  <span className="break-all">
                    {entry.campaign}
                    {(entry.source || entry.medium) && (
                      <span className="text-slate-600">
                        {' '}
                        ({[entry.source, entry.medium].filter(Boolean).join(' / ')})
                      </span>
                    )}
                  </span>
                  <span className="tabular-nums">{entry.count}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      <section aria-labelledby="failing-heading" className={card}>
        <h3 id="failing-heading" className={heading}>
          Failing notifications
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          {stats.outbox.pending} waiting to be sent
          {stats.outbox.pending > 0 && `, the oldest for ${duration(stats.outbox.oldestPendingSeconds)}`}.
        </p>
        {stats.failingNotifications.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">None: every notification went out or is on its way.</p>
        ) : (
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Notifications that {FAILING_RULE}</caption>
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className={cell}>
                    Lead
                  </th>
                  <th scope="col" className={cell}>
                    What
                  </th>
                  <th scope="col" className={cell}>
                    Queued
                  </th>
                  <th scope="col" className={cell}>
                    Attempts
                  </th>
                  <th scope="col" className="py-1.5">
                    Last error
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.failingNotifications.map((delivery) => (
                  <tr key={delivery.id} className="border-b border-slate-100">
                    <td className={cell}>
                      <Link to={delivery.adminPath} className="text-brand-700 underline">
                        {LEAD_KIND_LABELS[delivery.leadKind]}: open the lead
                      </Link>
                    </td>
                    <td className={cell}>
                      {PURPOSE_LABELS[delivery.kind]} to {delivery.target}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>{when(delivery.createdAt)}</td>
                    <td className={`${cell} tabular-nums`}>{delivery.attempts}</td>
                    <td className="py-1.5 break-words">{delivery.lastError ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {stats.backup && <BackupsCard status={stats.backup} className={card} />}
      <MailboxCard status={stats.inbound} className={card} />
    </div>
  );
}

export function Dashboard() {
  const stats = useStats();
  return (
    <section aria-labelledby="dashboard-heading">
      <h2 id="dashboard-heading" className="text-2xl font-bold">
        Dashboard
      </h2>
      <div className="mt-6">
        <QueryView query={stats}>{(data) => <DashboardBody stats={data} />}</QueryView>
      </div>
    </section>
  );
}

/** Shown across the admin area while notifications are failing. */
export function FailingNotificationsBanner() {
  const { data } = useStats();
  if (!data || data.outbox.failing === 0) return null;
  const { failing, lastError } = data.outbox;
  return (
    <div
      role="region"
      aria-label="Delivery warning"
      className="mb-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900"
    >
      <p className="font-semibold">
        {failing === 1 ? '1 notification is failing' : `${failing} notifications are failing`} ({FAILING_RULE}).
      </p>
      {lastError && <p className="mt-1 text-sm break-words">Last error: {lastError}</p>}
      <p className="mt-1 text-sm">
        <Link to="/admin#failing-heading" className="font-medium underline">
          See them on the dashboard
        </Link>
      </p>
    </div>
  );
}
