// The deal board (GET /api/admin/board): quotes and contact messages by pipeline stage, each column's count and
// the quotes' deal values per currency, and its most recently active cards. Moving a card is the lead's own
// status change (lead-admin.ts changeLead), so the board has no write of its own.
import {
  BOARD_CARDS_PER_COLUMN,
  BOARD_STAGES,
  type Board,
  type BoardCard,
  type BoardKind,
  type BoardStage,
} from '@agency/contract';
import { type Db, sql } from '@agency/db';
import { tableOf } from './lead-admin.ts';
import { iso, rowsOf } from './lead-desk.ts';

const stages = sql.join(
  BOARD_STAGES.map((stage) => sql`${stage}`),
  sql`, `,
);

/** Quotes and contacts on the board, in the columns every card reads (contacts have no deal value). */
const boardLeads = sql`
  select 'quotes'::text as kind, id, status, full_name as name, services as topic, owner_id, deal_value::float8 as deal_value,
    currency, follow_up_at, created_at, last_activity_at from ${tableOf('quotes')} where status in (${stages})
  union all
  select 'contacts'::text, id, status, name, subject, owner_id, null::float8, null::text,
    follow_up_at, created_at, last_activity_at from ${tableOf('contacts')} where status in (${stages})`;

interface CardRow {
  kind: BoardKind;
  id: string;
  status: BoardStage;
  name: string;
  topic: string;
  owner_id: string | null;
  owner_name: string | null;
  deal_value: number | string | null;
  currency: string | null;
  follow_up_at: Date | string | null;
  created_at: Date | string;
  last_activity_at: Date | string;
}

export async function board(db: Db): Promise<Board> {
  const [cards, sums] = await Promise.all([
    rowsOf<CardRow>(
      db,
      sql`select b.*, u.name as owner_name from (
            select l.*, row_number() over (partition by status order by last_activity_at desc, id) as place
            from (${boardLeads}) l
          ) b left join users u on u.id = b.owner_id
          where b.place <= ${BOARD_CARDS_PER_COLUMN}
          order by b.last_activity_at desc, b.id`,
    ),
    rowsOf<{ status: BoardStage; currency: string | null; n: number; valued: number; total: number | string | null }>(
      db,
      sql`select status, currency, count(*)::int as n, count(deal_value)::int as valued, sum(deal_value)::float8 as total
          from (${boardLeads}) l group by 1, 2 order by 2 nulls last`,
    ),
  ]);
  const toCard = (row: CardRow): BoardCard => ({
    kind: row.kind,
    id: row.id,
    name: row.name,
    topic: row.topic,
    status: row.status,
    owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? '' } : null,
    dealValue: row.deal_value === null ? null : Number(row.deal_value),
    currency: row.currency,
    followUpAt: row.follow_up_at === null ? null : iso(row.follow_up_at),
    createdAt: iso(row.created_at),
    lastActivityAt: iso(row.last_activity_at),
  });
  return {
    columns: BOARD_STAGES.map((status) => {
      const column = sums.filter((row) => row.status === status);
      return {
        status,
        count: column.reduce((total, row) => total + row.n, 0),
        value: column
          .filter((row) => row.valued > 0)
          .map((row) => ({ currency: row.currency, total: Number(row.total ?? 0), count: row.valued })),
        cards: cards.filter((row) => row.status === status).map(toCard),
      };
    }),
  };
}
