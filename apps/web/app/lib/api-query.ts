// The one way the admin area talks to the API. Reads: `useApiQuery(path)` gives `{ data, error,
// loading, reload }`; answers are kept per path for the tab's life (cleared with the session), so two
// views of the same path share one request, and a view opened again shows the last answer while it
// reads the new one. Writes: `mutate(path, options)`, which then re-reads every view whose path starts
// with one of `invalidates` (a status change refreshes the lead, the inbox and the dashboard).
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { toast } from '~/state/toasts';
import { ApiRequestError, apiJson, type ApiOptions } from '~/lib/api';
import { subscribeSession } from '~/state/session';

/** A zod schema from the contract, or anything that checks an answer the same way. */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface QuerySnapshot {
  /** The last answer (kept while a newer one is read). */
  data: unknown;
  /** The server's sentence when the last read failed, else null. */
  error: string | null;
  /** A read is under way. */
  loading: boolean;
}

interface Entry {
  snapshot: QuerySnapshot;
  listeners: Set<() => void>;
  /** Counts reads, so an answer overtaken by a newer read is dropped. */
  generation: number;
}

const IDLE: QuerySnapshot = { data: undefined, error: null, loading: false };
const entries = new Map<string, Entry>();

function entryOf(path: string): Entry {
  let entry = entries.get(path);
  if (!entry) {
    entry = { snapshot: IDLE, listeners: new Set(), generation: 0 };
    entries.set(path, entry);
  }
  return entry;
}

function update(entry: Entry, change: Partial<QuerySnapshot>) {
  entry.snapshot = { ...entry.snapshot, ...change };
  entry.listeners.forEach((listener) => listener());
}

/** The server's sentence for a failed request, or `fallback`. */
export const errorMessage = (error: unknown, fallback: string) =>
  (error instanceof ApiRequestError && error.body?.error) || fallback;

function read(path: string): Promise<void> {
  const entry = entryOf(path);
  const generation = ++entry.generation;
  update(entry, { loading: true });
  return apiJson<unknown>(path, { auth: true }).then(
    (data) => {
      if (generation === entry.generation) update(entry, { data, error: null, loading: false });
    },
    (error: unknown) => {
      if (generation === entry.generation)
        update(entry, {
          error: errorMessage(error, 'The server could not be reached. Please try again.'),
          loading: false,
        });
    },
  );
}

/** Reads again every path that starts with one of `prefixes` and is on screen; the others on their next use. */
export function invalidate(...prefixes: string[]) {
  for (const [path, entry] of entries) {
    if (!prefixes.some((prefix) => path.startsWith(prefix))) continue;
    if (entry.listeners.size > 0) void read(path);
    else entries.delete(path);
  }
}

/** Drops what was read from `path` without reading it again (e.g. a lead just deleted). */
export function forget(path: string) {
  entries.delete(path);
}

// Another account may sign in in this tab: nothing read for the last one may show.
if (typeof window !== 'undefined') {
  subscribeSession((change) => {
    if (change.type === 'cleared') entries.clear();
  });
}

export interface ApiQuery<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

export interface QueryOptions {
  /**
   * The sentence a failed read shows, and toasts as an error, instead of the server's: the lists whose
   * failure docs/product.md names ("Failed to fetch blogs").
   */
  failure?: string;
}

/**
 * GET `/api${path}` with the session's token, read when a component first shows it and again on
 * `reload()` or `invalidate()`. `path` null reads nothing (e.g. until a filter is known). With a
 * `schema`, an answer that does not match it is an error, not data.
 */
export function useApiQuery<T>(
  path: string | null,
  schema?: AnswerSchema<T>,
  { failure }: QueryOptions = {},
): ApiQuery<T> {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!path) return () => undefined;
      const entry = entryOf(path);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [path],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (path ? entryOf(path).snapshot : IDLE),
    () => IDLE,
  );

  // Every view that opens reads afresh (showing the kept answer meanwhile), unless a read is under way.
  useEffect(() => {
    if (path && !entryOf(path).snapshot.loading) void read(path);
  }, [path]);

  const parsed = useMemo(() => {
    if (snapshot.data === undefined || !schema) return { data: snapshot.data as T | undefined, error: null };
    const result = schema.safeParse(snapshot.data);
    return result.success
      ? { data: result.data, error: null }
      : { data: undefined, error: 'The server sent an answer this page does not understand.' };
  }, [snapshot.data, schema]);

  const reload = useCallback(() => (path ? read(path) : Promise.resolve()), [path]);
  const failed = snapshot.error ?? parsed.error;
  const error = failed && (failure ?? failed);
  useEffect(() => {
    if (error && failure) toast.error(error);
  }, [error, failure]);
  return {
    data: parsed.data,
    error,
    // Nothing to show yet and nothing failed: the first read is still to come or under way.
    loading: snapshot.loading || (path !== null && snapshot.data === undefined && snapshot.error === null),
    reload,
  };
}

/**
 * A change through the API with the session's token: resolves with the answer, throws
 * ApiRequestError with the server's sentence. On success every view under `invalidates` reads again.
 */
export async function mutate<T = unknown>(
  path: string,
  { invalidates = [], ...options }: ApiOptions & { invalidates?: string[] },
): Promise<T> {
  const answer = await apiJson<T>(path, { ...options, auth: true });
  if (invalidates.length > 0) invalidate(...invalidates);
  return answer;
}
