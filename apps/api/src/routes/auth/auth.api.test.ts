import { ACCOUNT_MESSAGES, MESSAGES } from '@agency/contract';
import { schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badTokens } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  // A high limit here; the 429 behaviour has its own app below.
  t = await createTestApp({ LOGIN_MAX_FAILURES: '100' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const register = (name: string, email: string, password = 'correct horse battery') =>
  post('/api/auth/register', { name, email, password });
const login = (email: string, password = 'correct horse battery') => post('/api/auth/login', { email, password });

describe('register', () => {
  it('makes the first account admin and later ones pending, never returning the hash', async () => {
    const first = await register('Asha Admin', 'Asha@Example.com');
    expect(first.statusCode).toBe(201);
    // The site's first account is its admin and is told so (issue 22); the answer names no account.
    expect(first.json()).toEqual({ message: ACCOUNT_MESSAGES.registeredAdmin });
    expect(first.body).not.toMatch(/argon2|password/i);

    const second = await register('Bikash', 'bikash@example.com');
    expect(second.statusCode).toBe(201);
    // Any later account, like a taken address, waits for approval and is told the same.
    expect(second.json()).toEqual({ message: ACCOUNT_MESSAGES.registered });

    const stored = await t.app.db.select().from(schema.users).orderBy(schema.users.createdAt);
    expect(stored.map((row) => [row.name, row.email, row.role])).toEqual([
      ['Asha Admin', 'asha@example.com', 'admin'],
      ['Bikash', 'bikash@example.com', 'pending'],
    ]);
    expect(stored[0]?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers 400 naming each bad field', async () => {
    const res = await post('/api/auth/register', { name: '', email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('Name is required');
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'name', 'password']);
    expect(body.fields.password).toBe('Password must be at least 8 characters');

    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(empty.statusCode).toBe(400);
  });

  it('gives exactly one admin when the first registrations race', async () => {
    const fresh = await createTestApp();
    try {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          fresh.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: { name: `Racer ${i}`, email: `racer${i}@example.com`, password: 'correct horse battery' },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const rows = await fresh.app.db.select({ role: schema.users.role }).from(schema.users);
      expect(rows.map((row) => row.role).sort()).toEqual(['admin', 'pending', 'pending', 'pending', 'pending']);
    } finally {
      await fresh.close();
    }
  });
});

describe('login', () => {
  it('returns tokens and the user', async () => {
    const res = await login('ASHA@example.com');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email: 'asha@example.com', username: 'Asha Admin', role: 'admin' });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
  });

  it('stores only a hash of the refresh token', async () => {
    const { refreshToken } = (await login('bikash@example.com')).json();
    const rows = await t.app.db.select().from(schema.refreshTokens);
    expect(rows.some((row) => row.tokenHash === refreshToken)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('answers 401 with the same message for a wrong password and for an unknown account', async () => {
    const wrong = await login('asha@example.com', 'wrong password!');
    const unknown = await login('nobody@example.com', 'wrong password!');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MESSAGES.auth.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 400 for a missing password', async () => {
    const res = await post('/api/auth/login', { email: 'asha@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBe('Password is required');
  });

  it('lets a pending account log in', async () => {
    const res = await login('bikash@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('pending');
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a token and for every bad token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const [user] = await t.app.db.select().from(schema.users);
    for (const [kind, token] of Object.entries(await badTokens(user!.id))) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, kind).toBe(401);
      expect(res.json().error, kind).toBe(MESSAGES.http.invalidToken);
    }
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works, the old token stops working', async () => {
    const first = (await login('asha@example.com')).json();
    const res = await post('/api/auth/refresh-token', { refreshToken: first.refreshToken });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(Object.keys(second).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${second.accessToken}` },
    });
    expect(me.statusCode).toBe(200);

    const third = await post('/api/auth/refresh-token', { refreshToken: second.refreshToken });
    expect(third.statusCode).toBe(200);
  });

  it('reuse of a rotated token revokes the whole family', async () => {
    const { refreshToken: original } = (await login('asha@example.com')).json();
    const rotated = (await post('/api/auth/refresh-token', { refreshToken: original })).json().refreshToken;

    const reuse = await post('/api/auth/refresh-token', { refreshToken: original });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toBe(MESSAGES.auth.invalidRefreshToken);
    // The thief's reuse also ends the legitimate holder's session.
    const afterReuse = await post('/api/auth/refresh-token', { refreshToken: rotated });
    expect(afterReuse.statusCode).toBe(401);
  });

  it('does not touch other sessions of the same account', async () => {
    const a = (await login('asha@example.com')).json().refreshToken;
    const b = (await login('asha@example.com')).json().refreshToken;
    await post('/api/auth/refresh-token', { refreshToken: a });
    await post('/api/auth/refresh-token', { refreshToken: a });
    expect((await post('/api/auth/refresh-token', { refreshToken: b })).statusCode).toBe(200);
  });

  it('answers 401 for an unknown or expired token and 400 for none', async () => {
    expect((await post('/api/auth/refresh-token', { refreshToken: 'made-up' })).statusCode).toBe(401);
    const { refreshToken } = (await login('asha@example.com')).json();
    await t.app.db.update(schema.refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/api/auth/refresh-token', { refreshToken })).statusCode).toBe(401);
    const none = await post('/api/auth/refresh-token', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ refreshToken: 'Refresh token is required' });
  });
});

describe('logout', () => {
  it('revokes the refresh token', async () => {
    const { refreshToken } = (await login('asha@example.com')).json();
    const res = await post('/api/auth/logout', { refreshToken });
    expect(res.statusCode).toBe(204);
    expect((await post('/api/auth/refresh-token', { refreshToken })).statusCode).toBe(401);
    // Logging out twice, or with an unknown token, is harmless.
    expect((await post('/api/auth/logout', { refreshToken })).statusCode).toBe(204);
  });
});

describe('Cache-Control', () => {
  it('every auth answer, success or error, is no-store', async () => {
    await register('Nima', 'nima@example.com');
    const signedIn = await login('nima@example.com');
    const { accessToken, refreshToken } = signedIn.json();
    const answers = [
      signedIn,
      await login('nima@example.com', 'wrong password'),
      await register('Nima', 'nima@example.com'),
      await register('Other', 'other-no-store@example.com'),
      await post('/api/auth/refresh-token', { refreshToken }),
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } }),
      await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
    ];
    for (const res of answers)
      expect([res.statusCode, res.headers['cache-control']]).toEqual([res.statusCode, 'no-store']);
  });
});

describe('failed logins', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_SECONDS: '600' });
    for (const email of ['dawa@example.com', 'eva@example.com']) {
      await limited.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Person', email, password: 'correct horse battery' },
      });
    }
  });
  afterAll(() => limited.close());

  const attempt = (email: string, password: string, ip = '10.0.0.1') =>
    limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('refuses one address for one account after LOGIN_MAX_FAILURES, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('dawa@example.com', 'wrong', '10.0.1.1')).statusCode).toBe(401);
    const blocked = await attempt('dawa@example.com', 'correct horse battery', '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(MESSAGES.auth.tooManyAttempts);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it("a stranger's failures never lock the owner out: the owner signs in from another address", async () => {
    for (let i = 0; i < 6; i++) await attempt('dawa@example.com', 'wrong', '10.0.1.66');
    expect((await attempt('dawa@example.com', 'wrong', '10.0.1.66')).statusCode).toBe(429);
    expect((await attempt('dawa@example.com', 'correct horse battery', '10.0.1.2')).statusCode).toBe(200);
  });

  it('refuses an address with 429 after failures across many accounts', async () => {
    // 4 × LOGIN_MAX_FAILURES from one address, each account below its own limit.
    for (let i = 0; i < 12; i++) await attempt(`x${i}@example.com`, 'wrong', '10.0.2.1');
    const blocked = await attempt('eva@example.com', 'correct horse battery', '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address still gets in.
    expect((await attempt('eva@example.com', 'correct horse battery', '10.0.2.2')).statusCode).toBe(200);
  });

  it("a successful login clears that address's failures for the account", async () => {
    await attempt('eva@example.com', 'wrong', '10.0.3.1');
    await attempt('eva@example.com', 'wrong', '10.0.3.1');
    expect((await attempt('eva@example.com', 'correct horse battery', '10.0.3.1')).statusCode).toBe(200);
    await attempt('eva@example.com', 'wrong', '10.0.3.1');
    await attempt('eva@example.com', 'wrong', '10.0.3.1');
    expect((await attempt('eva@example.com', 'correct horse battery', '10.0.3.1')).statusCode).toBe(200);
  });

  it("guessing one account from many addresses is refused to new addresses, not to the owner's known one", async () => {
    await limited.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Owner', email: 'owner@example.com', password: 'correct horse battery' },
    });
    // The owner has signed in from the office before.
    expect((await attempt('owner@example.com', 'correct horse battery', '192.0.2.10')).statusCode).toBe(200);
    // 20 × LOGIN_MAX_FAILURES guesses, two from each of 30 addresses: no address reaches its own limit.
    for (let i = 0; i < 60; i++) {
      const res = await attempt('owner@example.com', `guess ${i}`, `198.51.100.${Math.floor(i / 2)}`);
      expect(res.statusCode).toBe(401);
    }
    const next = await attempt('owner@example.com', 'guess 60', '198.51.100.200');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password from a new address waits: the guesser cannot tell it worked.
    expect((await attempt('owner@example.com', 'correct horse battery', '198.51.100.201')).statusCode).toBe(429);
    // The owner, from the address they signed in from before, still gets in.
    expect((await attempt('owner@example.com', 'correct horse battery', '192.0.2.10')).statusCode).toBe(200);
  });

  it('keeps counters of a fixed size that hold neither the email nor the address', async () => {
    const email = `${'z'.repeat(5000)}@example.com`;
    expect((await attempt(email, 'wrong', '10.0.9.9')).statusCode).toBeLessThan(500);
    const rows = await limited.app.db.select().from(schema.loginFailures);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key.length).toBeLessThan(60);
      expect(row.key).not.toContain('example.com');
      expect(row.key).not.toContain('10.0.');
    }
  });
});

describe('POST /api/auth/register rate limit', () => {
  it('answers 429 with Retry-After once one address has registered RATE_LIMIT_MAX times', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '2' });
    try {
      const register = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: `User ${n}`, email: `user${n}@example.com`, password: 'long enough password' },
        });
      expect((await register(1)).statusCode).toBe(201);
      expect((await register(2)).statusCode).toBe(201);
      const third = await register(3);
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.json().error).toBe(MESSAGES.http.tooManyRequests);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/refresh-token and /logout rate limits', () => {
  it('answer 429 with Retry-After once one address has sent RATE_LIMIT_MAX of either, each counted apart', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '2' });
    try {
      for (const url of ['/api/auth/refresh-token', '/api/auth/logout']) {
        const post = () => limited.app.inject({ method: 'POST', url, payload: { refreshToken: 'not-a-token' } });
        expect((await post()).statusCode, url).not.toBe(429);
        expect((await post()).statusCode, url).not.toBe(429);
        const third = await post();
        expect(third.statusCode, url).toBe(429);
        expect(Number(third.headers['retry-after']), url).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });
});
