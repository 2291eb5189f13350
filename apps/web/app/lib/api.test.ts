// The one transparent refresh of lib/api.ts, against a stubbed fetch and an in-memory localStorage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiJson } from './api';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let storage: MemoryStorage;
let calls: { url: string; authorization: string | null; body: string | null }[];

function stubFetch(answer: (url: string, authorization: string | null) => Response) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const authorization = new Headers(init.headers).get('authorization');
    calls.push({ url, authorization, body: typeof init.body === 'string' ? init.body : null });
    return answer(url, authorization);
  });
}

beforeEach(() => {
  storage = new MemoryStorage();
  calls = [];
  vi.stubGlobal('localStorage', storage);
  storage.setItem('token', 'old-access');
  storage.setItem('refreshToken', 'old-refresh');
  storage.setItem('user', '{}');
});
afterEach(() => vi.unstubAllGlobals());

describe('apiFetch with auth', () => {
  it('refreshes once on 401, stores both new tokens and retries with the new access token', async () => {
    stubFetch((url, authorization) => {
      if (url === '/api/auth/refresh-token')
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      return authorization === 'Bearer new-access' ? json(200, { ok: true }) : json(401, { error: 'expired' });
    });
    await expect(apiJson('/users', { auth: true })).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual(['/api/users', '/api/auth/refresh-token', '/api/users']);
    expect(calls[1]?.body).toBe(JSON.stringify({ refreshToken: 'old-refresh' }));
    expect(storage.getItem('token')).toBe('new-access');
    expect(storage.getItem('refreshToken')).toBe('new-refresh');
  });

  it('clears the session and goes to /login when the refresh fails', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    stubFetch((url) =>
      url === '/api/auth/refresh-token' ? json(401, { error: 'revoked' }) : json(401, { error: 'expired' }),
    );
    const response = await apiFetch('/users', { auth: true });
    expect(response.status).toBe(401);
    expect(calls).toHaveLength(2);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
    expect([storage.getItem('token'), storage.getItem('refreshToken'), storage.getItem('user')]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('shares one refresh between requests that fail together', async () => {
    stubFetch((url, authorization) => {
      if (url === '/api/auth/refresh-token')
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      return authorization === 'Bearer new-access' ? json(200, {}) : json(401, { error: 'expired' });
    });
    await Promise.all([apiFetch('/a', { auth: true }), apiFetch('/b', { auth: true })]);
    expect(calls.filter((call) => call.url === '/api/auth/refresh-token')).toHaveLength(1);
  });

  it('does not refresh requests sent without auth', async () => {
    stubFetch(() => json(401, { error: 'Invalid email or password' }));
    await expect(apiJson('/auth/login', { method: 'POST', body: {} })).rejects.toThrow('Invalid email or password');
    expect(calls).toHaveLength(1);
  });
});
