// Issue 32 point 6, the deal board: quotes and contact messages as cards in columns by pipeline stage, with each
// column's count and value (GET /api/admin/board). A card moves by the lead's own status change
// (PATCH /api/admin/{kind}/{id} `{ status }`), so a move has its timeline entry and audit entry.
import { z } from 'zod';
import { LEAD_PIPELINES } from './lead-statuses.ts';
import { PersonSchema } from './lead-work.ts';
import { DealSumSchema } from './stats.ts';

/** The kinds on the board: the deals (job applications have their own pipeline). */
export const BOARD_KINDS = ['quotes', 'contacts'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];
/** The board's columns, in order: the pipeline quotes and contacts share. */
export const BOARD_STAGES = LEAD_PIPELINES.quotes;
export type BoardStage = (typeof BOARD_STAGES)[number];
/** Cards shown per column (the most recently active); the column's count and value are of all its leads. */
export const BOARD_CARDS_PER_COLUMN = 100;

export const BoardCardSchema = z.object({
  kind: z.enum(BOARD_KINDS),
  id: z.string(),
  /** fullName of a quote, name of a contact */
  name: z.string(),
  /** services of a quote, subject of a contact */
  topic: z.string(),
  status: z.enum(BOARD_STAGES),
  owner: PersonSchema.nullable(),
  /** Quotes only. */
  dealValue: z.number().nullable(),
  currency: z.string().nullable(),
  followUpAt: z.string().nullable(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});
export type BoardCard = z.infer<typeof BoardCardSchema>;

export const BoardColumnSchema = z.object({
  status: z.enum(BOARD_STAGES),
  /** Every lead in the column (cards may show fewer). */
  count: z.number().int(),
  /** The quotes' deal values in the column, per currency. */
  value: z.array(DealSumSchema),
  /** The most recently active first, at most BOARD_CARDS_PER_COLUMN. */
  cards: z.array(BoardCardSchema),
});
export type BoardColumn = z.infer<typeof BoardColumnSchema>;

export const BoardSchema = z.object({ columns: z.array(BoardColumnSchema) });
export type Board = z.infer<typeof BoardSchema>;
