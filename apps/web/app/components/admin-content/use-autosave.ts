// The autosave of the content editor and the blog editor (issues 23, 31 and 33): a change is saved by itself
// AUTOSAVE_DELAY_MS after the last one, one save at a time (a change made while one is under way is sent after
// it, never beside it), and a save can be asked for now (before publishing, leaving or previewing). What a save
// sends and how it answers a refusal is the editor's own `send`.
import { AUTOSAVE_DELAY_MS } from '@agency/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface Autosave<T> {
  /** A change: `value` is the latest, saved `delay` after the last change (not while `paused`). */
  change(value: T): void;
  /** Saves the latest now, after any save under way; true when the server has it. */
  flush(): Promise<boolean>;
  /** The server has `value` (a restore, a colleague's version taken): nothing waits to be saved. */
  settle(value: T): void;
  /** Drops a save waiting for its delay (the latest change stays unsaved). */
  cancel(): void;
  /** Resolves when no save is under way. */
  idle(): Promise<void>;
  /** The latest value, and whether the server lacks it. */
  readonly latest: { readonly current: T | undefined };
  readonly dirty: { readonly current: boolean };
}

export interface AutosaveOptions {
  delay?: number;
  /** No save starts by itself (a change still counts; `flush` still saves). */
  paused?: boolean;
}

/**
 * `send` saves one value and says whether the server took it; the value it took is no longer "dirty" unless a
 * newer change came meanwhile (`latest` reads the newest value at any time). `send` may change between renders:
 * the latest one is used.
 */
export function useAutosave<T>(
  send: (value: T, latest: () => T | undefined) => Promise<boolean>,
  { delay = AUTOSAVE_DELAY_MS, paused = false }: AutosaveOptions = {},
): Autosave<T> {
  const latest = useRef<T | undefined>(undefined);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const sender = useRef(send);
  const pausedNow = useRef(paused);
  useEffect(() => {
    sender.current = send;
    pausedNow.current = paused;
  });

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const idle = useCallback(async () => {
    while (inFlight.current) await inFlight.current.catch(() => false);
  }, []);

  const flush = useCallback((): Promise<boolean> => {
    cancel();
    // Chained after the save under way: one at a time, each sending the latest value when its turn comes.
    const work = (inFlight.current ?? Promise.resolve(true))
      .catch(() => false)
      .then(async () => {
        if (!dirty.current) return true;
        const sent = latest.current as T;
        const taken = await sender.current(sent, () => latest.current);
        if (taken && latest.current === sent) dirty.current = false;
        return taken && !dirty.current;
      });
    inFlight.current = work;
    const done = () => {
      if (inFlight.current === work) inFlight.current = null;
    };
    work.then(done, done);
    return work;
  }, [cancel]);

  const change = useCallback(
    (value: T) => {
      latest.current = value;
      dirty.current = true;
      cancel();
      if (pausedNow.current) return;
      timer.current = setTimeout(() => void flush(), delay);
    },
    [cancel, flush, delay],
  );

  const settle = useCallback(
    (value: T) => {
      cancel();
      latest.current = value;
      dirty.current = false;
    },
    [cancel],
  );

  useEffect(() => cancel, [cancel]);

  return useMemo(() => ({ change, flush, settle, cancel, idle, latest, dirty }), [change, flush, settle, cancel, idle]);
}
