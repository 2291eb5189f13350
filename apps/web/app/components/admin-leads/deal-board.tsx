// The deal board (GET /api/admin/board): quotes and contact messages as cards in columns by pipeline stage, each
// column with its count and value. A card moves by drag and drop, or by keyboard: focus it and press the right or
// left arrow for the next or previous stage. A move is the lead's own status change (PATCH /api/admin/{kind}/{id}),
// with its timeline entry and audit entry; a live region says what moved where, and the card keeps the focus.
import { BOARD_STAGES, type BoardCard, BoardSchema, type BoardStage, leadAdminPath } from '@agency/contract';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QueryView } from '~/components/admin/query-view';
import { ScrollBox } from '~/components/admin/scroll-box';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { money } from './lead-deal-value';
import { KINDS, when } from './lead-kinds';
import { statusLabel } from './lead-status';

export const BOARD_PATH = '/admin/board';

const cardKey = (card: Pick<BoardCard, 'kind' | 'id'>) => `${card.kind}/${card.id}`;

/** "£5,250.50 · NPR 90,000", or "no value". */
const valueOf = (sums: { currency: string | null; total: number }[]) =>
  sums.map((sum) => money(sum.total, sum.currency)).join(' · ') || 'no value';

export function DealBoard() {
  const id = useId();
  const board = useApiQuery(BOARD_PATH, BoardSchema);
  // Moves made here and not yet read back: a card shows in its new column at once.
  const [moved, setMoved] = useState<Record<string, BoardStage>>({});
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<BoardStage | null>(null);
  // The card moved by keyboard: it gets the focus back whenever the board is drawn again (in its new column,
  // and after the board is read again) while the focus has gone nowhere else.
  const refocus = useRef<string | null>(null);
  // Each card's moves are sent one after another, in the order made: two quick moves sent at once could be stored
  // in the other order and leave the card where it was not put. While any is on its way, a board read back does
  // not undo the moves shown.
  const sending = useRef(new Map<string, Promise<unknown>>());
  useEffect(() => {
    if (sending.current.size === 0) setMoved({});
  }, [board.data]);
  useEffect(() => {
    const key = refocus.current;
    if (!key) return;
    const element = document.querySelector<HTMLElement>(`[data-card="${CSS.escape(key)}"]`);
    const lost = !document.activeElement || document.activeElement === document.body;
    if (element && element !== document.activeElement && lost) element.focus();
  });

  async function move(card: BoardCard, to: BoardStage, { keepFocus }: { keepFocus: boolean }) {
    if (to === (moved[cardKey(card)] ?? card.status)) return;
    const noun = KINDS[card.kind].noun;
    setMoved((current) => ({ ...current, [cardKey(card)]: to }));
    refocus.current = keepFocus ? cardKey(card) : null;
    const key = cardKey(card);
    const sent = (sending.current.get(key) ?? Promise.resolve()).then(() =>
      mutate(`/admin/${card.kind}/${card.id}`, { method: 'PATCH', body: { status: to }, invalidates: ['/admin/'] }),
    );
    const settled = sent.catch(() => {});
    sending.current.set(key, settled);
    void settled.then(() => {
      if (sending.current.get(key) === settled) sending.current.delete(key);
    });
    try {
      await sent;
      setAnnouncement(`Moved the ${noun} from ${card.name} to ${statusLabel(to)}`);
    } catch (error) {
      setMoved((current) => {
        const { [cardKey(card)]: _undone, ...rest } = current;
        return rest;
      });
      toast.error(errorMessage(error, `Failed to move the ${noun}`));
    }
  }

  function onKeyDown(event: KeyboardEvent, card: BoardCard, stage: BoardStage) {
    if (event.target !== event.currentTarget) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const next = BOARD_STAGES[BOARD_STAGES.indexOf(stage) + step];
    if (!step || !next) return;
    event.preventDefault();
    void move(card, next, { keepFocus: true });
  }

  function onDrop(event: DragEvent, stage: BoardStage, cards: BoardCard[]) {
    event.preventDefault();
    setOver(null);
    const key = event.dataTransfer.getData('text/plain') || dragging;
    const card = cards.find((entry) => cardKey(entry) === key);
    setDragging(null);
    if (card) void move(card, stage, { keepFocus: false });
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-2xl font-bold">
          Deal board
        </h2>
        <Link to="/admin/leads" className="text-sm font-medium text-brand-700 underline">
          The inbox
        </Link>
      </div>
      <p id={`${id}-how`} className="mt-2 text-sm text-slate-700">
        Quote requests and contact messages by stage. Drag a card to another column, or focus it and press the right or
        left arrow to move it to the next or previous stage.
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="mt-6">
        <QueryView query={board}>
          {(data) => {
            const cards = data.columns.flatMap((column) => column.cards);
            const placed = (stage: BoardStage) =>
              cards.filter((card) => (moved[cardKey(card)] ?? card.status) === stage);
            return (
              <ScrollBox label="Deal board">
                <div className="flex min-w-max gap-4 pb-2">
                  {data.columns.map((column) => {
                    const inColumn = placed(column.status);
                    // Until the board is read again, a moved card's count follows it.
                    const count = column.count + inColumn.length - column.cards.length;
                    return (
                      <section
                        key={column.status}
                        aria-labelledby={`${id}-${column.status}`}
                        onDragOver={(event) => {
                          event.preventDefault();
                          setOver(column.status);
                        }}
                        onDragLeave={() => setOver((current) => (current === column.status ? null : current))}
                        onDrop={(event) => onDrop(event, column.status, cards)}
                        className={`flex w-64 shrink-0 flex-col rounded-lg border p-3 ${
                          over === column.status ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-slate-50'
                        }`}
                      >
                        <h3 id={`${id}-${column.status}`} className="font-bold">
                          {statusLabel(column.status)}
                        </h3>
                        <p className="text-sm text-slate-700">
                          {count} {count === 1 ? 'lead' : 'leads'} · {valueOf(column.value)}
                        </p>
                        <ul aria-label={`${statusLabel(column.status)} cards`} className="mt-3 space-y-2">
                          {inColumn.map((card) => (
                            <li
                              key={cardKey(card)}
                              data-card={cardKey(card)}
                              tabIndex={0}
                              draggable
                              aria-label={`${KINDS[card.kind].noun} from ${card.name}, ${statusLabel(column.status)}`}
                              aria-describedby={`${id}-how`}
                              onDragStart={(event) => {
                                event.dataTransfer.setData('text/plain', cardKey(card));
                                event.dataTransfer.effectAllowed = 'move';
                                setDragging(cardKey(card));
                              }}
                              onDragEnd={() => setDragging(null)}
                              onKeyDown={(event) => onKeyDown(event, card, column.status)}
                              className={`cursor-grab rounded-md border border-slate-300 bg-white p-3 text-sm shadow-sm focus:outline-2 focus:outline-brand-700 ${
                                dragging === cardKey(card) ? 'opacity-50' : ''
                              }`}
                            >
                              <Link
                                to={leadAdminPath(card.kind, card.id)}
                                className="font-semibold break-words text-brand-700 underline"
                              >
                                {card.name}
                              </Link>
                              <p className="mt-1 break-words text-slate-700">
                                {KINDS[card.kind].noun === 'quote' ? 'Quote' : 'Message'}
                                {card.topic ? ` · ${card.topic}` : ''}
                              </p>
                              {card.dealValue !== null && (
                                <p className="mt-1 font-medium tabular-nums">{money(card.dealValue, card.currency)}</p>
                              )}
                              <p className="mt-1 text-slate-600">
                                {card.owner?.name ?? 'Nobody'}
                                {card.followUpAt && ` · follow up ${when(card.followUpAt)}`}
                              </p>
                            </li>
                          ))}
                        </ul>
                      </section>
                    );
                  })}
                </div>
              </ScrollBox>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}
