// The one way the admin area talks to the API, over TanStack Query (decision 0036). Reads:
// `useApiQuery(path)` gives `{ data, error, loading, reload }`; answers are cached per path in the admin's one
// QueryClient, so two views of the same path share one request, a view opened again shows the last answer while
// it reads the new one, and a tab brought back to the front reads again. A failed read is tried twice more,
// unless the server refused it (4xx). Writes: `mutate(path, options)`, which then re-reads every view whose path
// starts with one of `invalidates` (a status change refreshes the lead, the inbox and the dashboard).
// Only the admin's modules import this file: the public pages load no TanStack.
import { QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from '~/state/toasts';
import { ApiRequestError, apiJson, type ApiOptions } from '~/lib/api';
import { subscribeSession } from '~/state/session';

/** A zod schema from the contract, or anything that checks an answer the same way. */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** The server's sentence for a failed request, or `fallback`. */
export const errorMessage = (error: unknown, fallback: string) =>
  (error instanceof ApiRequestError && error.body?.error) || fallback;

/** How often a failed read is tried again: a refusal (4xx) never, another failure twice. */
export const READ_RETRIES = 2;

const refused = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

/** The admin area's one cache (admin-guard.tsx provides it to the admin's views). */
export const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Every view that opens reads afresh, showing the kept answer meanwhile.
      staleTime: 0,
      refetchOnWindowFocus: true,
      retry: (failures, error) => !refused(error) && failures < READ_RETRIES,
      retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
    },
  },
});

/** The cache key and read of `GET /api${path}` with the session's token. */
export const apiQueryOptions = (path: string) =>
  queryOptions({
    queryKey: ['api', path] as const,
    queryFn: () => apiJson<unknown>(path, { auth: true }),
  });

const pathOf = (queryKey: readonly unknown[]) =>
  queryKey[0] === 'api' && typeof queryKey[1] === 'string' ? queryKey[1] : null;

/** Reads again every path that starts with one of `prefixes` and is on screen; the others on their next use. */
export function invalidate(...prefixes: string[]) {
  const predicate = ({ queryKey }: { queryKey: readonly unknown[] }) => {
    const path = pathOf(queryKey);
    return path !== null && prefixes.some((prefix) => path.startsWith(prefix));
  };
  // A view opened later shows "Loading..." rather than the answer from before the change (an editor fills its
  // form from the first answer it sees).
  adminQueryClient.removeQueries({ predicate, type: 'inactive' });
  void adminQueryClient.invalidateQueries({ predicate });
}

/** Drops what was read from `path` without reading it again (e.g. a lead just deleted). */
export function forget(path: string) {
  adminQueryClient.removeQueries({ queryKey: apiQueryOptions(path).queryKey, exact: true });
}

// Another account may sign in in this tab: nothing read for the last one may show.
if (typeof window !== 'undefined') {
  subscribeSession((change) => {
    if (change.type === 'cleared') adminQueryClient.clear();
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
 * `reload()`, `invalidate()` or the tab's return to the front. `path` null reads nothing (e.g. until a filter
 * is known). With a `schema`, an answer that does not match it is an error, not data.
 */
export function useApiQuery<T>(
  path: string | null,
  schema?: AnswerSchema<T>,
  { failure }: QueryOptions = {},
): ApiQuery<T> {
  const query = useQuery({ ...apiQueryOptions(path ?? ''), enabled: path !== null }, adminQueryClient);

  const parsed = useMemo(() => {
    if (query.data === undefined || !schema) return { data: query.data as T | undefined, error: null };
    const result = schema.safeParse(query.data);
    return result.success
      ? { data: result.data, error: null }
      : { data: undefined, error: 'The server sent an answer this page does not understand.' };
  }, [query.data, schema]);

  const { refetch } = query;
  const reload = useCallback(() => (path ? refetch().then(() => undefined) : Promise.resolve()), [path, refetch]);
  const failed =
    (query.error && errorMessage(query.error, 'The server could not be reached. Please try again.')) ?? parsed.error;
  const error = failed && (failure ?? failed);
  useEffect(() => {
    if (error && failure) toast.error(error);
  }, [error, failure]);
  return {
    data: parsed.data,
    error,
    // Nothing to show yet and nothing failed: the first read is still to come or under way.
    loading: query.isFetching || (path !== null && query.data === undefined && query.error === null),
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
