// The admin's data layer (lib/api-query.ts over TanStack Query) against a stubbed fetch: a change re-reads the list
// on screen, and a read the server refused (4xx) is not tried again while one that failed otherwise is.
import { QueryObserver, focusManager } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_RETRIES, adminQueryClient, apiQueryOptions, mutate } from './api-query';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: string[];
function stubFetch(answer: (method: string, url: string) => Response) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    return answer(method, url);
  });
}

/** A view of `path` on screen: what a component's useApiQuery holds, without React. */
function watch(path: string, retryDelay?: number) {
  const observer = new QueryObserver(adminQueryClient, {
    ...apiQueryOptions(path),
    ...(retryDelay === undefined ? {} : { retryDelay }),
  });
  const stop = observer.subscribe(() => undefined);
  return { observer, stop };
}

// What admin-guard.tsx's QueryClientProvider does: the client listens for the tab's focus.
beforeAll(() => adminQueryClient.mount());
afterAll(() => adminQueryClient.unmount());
beforeEach(() => {
  calls = [];
});
afterEach(() => {
  adminQueryClient.clear();
  vi.unstubAllGlobals();
});

describe('useApiQuery’s cache', () => {
  it('reads the list again after a change that invalidates it, and shows the new answer', async () => {
    let names = ['Ada'];
    stubFetch((method) => {
      if (method === 'POST') {
        names = [...names, 'Grace'];
        return json(201, { ok: true });
      }
      return json(200, { names });
    });
    const { observer, stop } = watch('/admin/team');
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ names: ['Ada'] }));

    // A second view of the same path shares the first one's answer: one request so far.
    expect(adminQueryClient.getQueryData(apiQueryOptions('/admin/team').queryKey)).toEqual({ names: ['Ada'] });
    expect(calls).toEqual(['GET /api/admin/team']);

    await mutate('/admin/team', { method: 'POST', body: { name: 'Grace' }, invalidates: ['/admin/team'] });
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ names: ['Ada', 'Grace'] }));
    expect(calls).toEqual(['GET /api/admin/team', 'POST /api/admin/team', 'GET /api/admin/team']);
    stop();
  });

  it('does not read again a path no change names', async () => {
    stubFetch((method) => json(method === 'POST' ? 201 : 200, { ok: true }));
    const { observer, stop } = watch('/admin/audit');
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    await mutate('/admin/team', { method: 'POST', invalidates: ['/admin/team'] });
    expect(observer.getCurrentResult().isFetching).toBe(false);
    expect(calls).toEqual(['GET /api/admin/audit', 'POST /api/admin/team']);
    stop();
  });

  it('reads what is on screen again when the tab comes back to the front', async () => {
    let count = 0;
    stubFetch(() => json(200, { count: ++count }));
    const { observer, stop } = watch('/admin/stats');
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ count: 1 }));
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ count: 2 }));
    focusManager.setFocused(undefined);
    stop();
  });

  it('does not try a refused read (4xx) again', async () => {
    stubFetch(() => json(404, { error: 'Lead not found' }));
    const { observer, stop } = watch('/admin/leads/quote/missing', 0);
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
    expect(calls).toEqual(['GET /api/admin/leads/quote/missing']);
    expect(observer.getCurrentResult().failureCount).toBe(1);
    stop();
  });

  it(`tries a read that failed otherwise (5xx) ${READ_RETRIES} more times`, async () => {
    stubFetch(() => json(503, { error: 'The database is not answering' }));
    const { observer, stop } = watch('/admin/stats', 0);
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
    expect(calls).toHaveLength(1 + READ_RETRIES);
    stop();
  });
});
