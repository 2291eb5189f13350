// The one transparent renewal of lib/api.ts against a stubbed fetch: the access token in memory, the refresh token
// in the session cookie (which the browser sends by itself), nothing of the session in the browser's storage.
import type { User } from '@agency/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, forgetStoredSession, readToken, saveSession } from '~/state/session';
import { apiFetch, apiJson, renewSession } from './api';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user: User = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada',
  username: 'Ada',
  email: 'ada@example.test',
  role: 'admin',
  createdAt: '2025-01-01T00:00:00.000Z',
};

let local: MemoryStorage;
let calls: { url: string; authorization: string | null; session: string | null; body: unknown }[];

function stubFetch(answer: (url: string, authorization: string | null) => Response) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const authorization = headers.get('authorization');
    calls.push({ url, authorization, session: headers.get('x-session'), body: init.body });
    return answer(url, authorization);
  });
}

beforeEach(() => {
  local = new MemoryStorage();
  calls = [];
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  saveSession({ accessToken: 'old-access', user });
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('apiFetch with auth', () => {
  it('renews the session from its cookie once on 401 and retries with the new access token, in memory only', async () => {
    stubFetch((url, authorization) => {
      if (url === '/api/auth/refresh-token') return json(200, { accessToken: 'new-access' });
      return authorization === 'Bearer new-access' ? json(200, { ok: true }) : json(401, { error: 'expired' });
    });
    await expect(apiJson('/users', { auth: true })).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual(['/api/users', '/api/auth/refresh-token', '/api/users']);
    // No token in the body: the browser sends the cookie; the answer keeps the new refresh token in it.
    expect(calls[1]).toMatchObject({ body: undefined, session: 'cookie', authorization: null });
    expect(readToken()).toBe('new-access');
    expect(local.items.size).toBe(0);
  });

  it('clears the session and goes to /login when the renewal fails', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    stubFetch((url) =>
      url === '/api/auth/refresh-token' ? json(401, { error: 'revoked' }) : json(401, { error: 'expired' }),
    );
    const response = await apiFetch('/users', { auth: true });
    expect(response.status).toBe(401);
    expect(calls).toHaveLength(2);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
    expect(readToken()).toBeNull();
  });

  it('shares one renewal between requests that fail together', async () => {
    stubFetch((url, authorization) => {
      if (url === '/api/auth/refresh-token') return json(200, { accessToken: 'new-access' });
      return authorization === 'Bearer new-access' ? json(200, {}) : json(401, { error: 'expired' });
    });
    await Promise.all([apiFetch('/a', { auth: true }), apiFetch('/b', { auth: true })]);
    expect(calls.filter((call) => call.url === '/api/auth/refresh-token')).toHaveLength(1);
  });

  it('takes turns with other tabs through the Web Locks API when the browser has it', async () => {
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      locks: { request: async (name: string, work: () => Promise<unknown>) => (held.push(name), work()) },
    });
    stubFetch((url, authorization) => {
      if (url === '/api/auth/refresh-token') return json(200, { accessToken: 'new-access' });
      return authorization === 'Bearer new-access' ? json(200, {}) : json(401, { error: 'expired' });
    });
    await apiFetch('/a', { auth: true });
    expect(held).toEqual(['agency-session-refresh']);
  });

  it('a signed-out page (no session cookie: 204) has no session to renew', async () => {
    clearSession();
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(renewSession()).resolves.toBe(false);
    expect(readToken()).toBeNull();
  });

  it('does not renew requests sent without auth', async () => {
    stubFetch(() => json(401, { error: 'Invalid email or password' }));
    await expect(apiJson('/auth/login', { method: 'POST', body: {} })).rejects.toThrow('Invalid email or password');
    expect(calls).toHaveLength(1);
  });
});

describe('forgetStoredSession', () => {
  it('removes the tokens and the account earlier versions kept in localStorage and sessionStorage', () => {
    const session = new MemoryStorage();
    vi.stubGlobal('sessionStorage', session);
    for (const store of [local, session]) {
      store.setItem('token', 'a');
      store.setItem('refreshToken', 'r');
      store.setItem('user', '{}');
      store.setItem('cookieConsent', 'accepted');
    }
    forgetStoredSession();
    expect([...local.items.keys()]).toEqual(['cookieConsent']);
    expect([...session.items.keys()]).toEqual(['cookieConsent']);
  });
});
