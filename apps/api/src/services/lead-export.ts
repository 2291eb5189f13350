// GET /api/admin/leads/export.csv: one CSV of every kind of lead (or `kind`) with the inbox's filters and sort:
// kind, status, owner, deal value, follow-up, where it came from and the campaign. Each exported lead gets an
// `exported` event, and the export an audit entry, as the per-kind export does.
import { type InboxQuerySchema, LEAD_KIND_LABELS, type LeadKind } from '@agency/contract';
import type { Db } from '@agency/db';
import type { z } from 'zod';
import { recordAudit, type Requester } from './audit.ts';
import { toCsv } from './csv.ts';
import { actorOf } from './lead-admin.ts';
import { inboxOrder, inboxParts, type LeadRow, rowsOf, toInboxItem, union, withOwners } from './lead-desk.ts';
import { recordEvents } from './lead-events.ts';

export const ALL_LEADS_CSV_HEADER = [
  'Kind',
  'ID',
  'Received',
  'Status',
  'Owner',
  'Name',
  'Email',
  'Phone',
  'Subject',
  'Service',
  'Position',
  'Deal value',
  'Currency',
  'Follow-up',
  'Follow-up note',
  'Source page',
  'Referrer',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'Sent without JavaScript',
  'Last activity',
] as const;

export async function exportInbox(
  db: Db,
  request: Requester,
  query: z.output<typeof InboxQuerySchema>,
): Promise<{ csv: string; fileName: string }> {
  const parts = inboxParts(request, query);
  const rows = parts.length === 0 ? [] : await rowsOf<LeadRow>(db, withOwners(union(parts), inboxOrder(query)));
  const items = rows.map(toInboxItem);
  const csv = toCsv(
    [...ALL_LEADS_CSV_HEADER],
    items.map((item) => [
      LEAD_KIND_LABELS[item.kind],
      item.id,
      item.createdAt,
      item.status,
      item.owner?.name ?? '',
      item.name,
      item.email,
      item.phone,
      item.subject,
      item.service,
      item.kind === 'applications' ? item.topic : null,
      item.dealValue,
      item.currency,
      item.followUpAt,
      item.followUpNote,
      item.sourcePath,
      item.referrer,
      item.utmSource,
      item.utmMedium,
      item.utmCampaign,
      item.sentWithoutJavaScript ? 'yes' : 'no',
      item.lastActivityAt,
    ]),
  );
  if (items.length > 0) {
    const actorId = actorOf(request).id;
    await recordEvents(
      db,
      items.map((item) => ({ kind: item.kind as LeadKind, leadId: item.id, type: 'exported' as const, actorId })),
    );
  }
  await recordAudit(db, request, {
    action: 'lead.exported',
    data: { kind: query.kind || 'all', rows: items.length },
  });
  const date = new Date().toISOString().slice(0, 10);
  return { csv, fileName: `${query.kind || 'leads'}-${date}.csv` };
}
