import { MESSAGES } from '@agency/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, createAccount, type Caller } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  t = await createTestApp();
  who = await callers(t.app);
});
afterAll(() => t.close());

const asAdmin = () => who.headers.admin;

describe('authorization matrix of the Team API', () => {
  const expected: Record<Caller, number> = {
    'no token': 401,
    garbage: 401,
    expired: 401,
    'alg none': 401,
    'other key': 401,
    pending: 403,
    editor: 403,
    admin: 0, // checked per endpoint below
  };

  it.each(Object.keys(expected) as Caller[])('%s', async (caller) => {
    const target = await createAccount(t.app, 'pending');
    const headers = who.headers[caller];
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}`,
      headers,
      payload: { role: 'editor' },
    });
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}`, headers });
    if (caller === 'admin') {
      expect([list.statusCode, patch.statusCode, remove.statusCode]).toEqual([200, 200, 204]);
    } else {
      const status = expected[caller];
      expect([list.statusCode, patch.statusCode, remove.statusCode]).toEqual([status, status, status]);
      const message =
        caller === 'no token'
          ? MESSAGES.blog.noToken
          : status === 401
            ? MESSAGES.http.invalidToken
            : MESSAGES.http.forbidden;
      expect(list.json().error).toBe(message);
    }
  });
});

describe('Team API', () => {
  it('lists accounts without password hashes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: asAdmin() });
    expect(res.statusCode).toBe(200);
    const users = res.json();
    expect(users.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(users[0]).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'role', 'username']);
    expect(res.body).not.toContain('argon2');
  });

  it('promotes a pending account, and the new role applies at once to its existing token', async () => {
    const person = await createAccount(t.app, 'pending');
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/blogs',
        headers: { authorization: `Bearer ${person.accessToken}` },
        payload: { title: 'Promoted', content: 'Hello' },
      });
    expect((await post()).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${person.id}`,
      headers: asAdmin(),
      payload: { role: 'editor' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: person.id, role: 'editor' });
    expect((await post()).statusCode).toBe(201);
  });

  it('answers 400 for an unknown role and 404 for unknown or malformed ids', async () => {
    const person = await createAccount(t.app, 'pending');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${person.id}`,
      headers: asAdmin(),
      payload: { role: 'owner' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.role).toBe('Role is not one of the offered options');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${encodeURIComponent(id)}`,
        headers: asAdmin(),
        payload: { role: 'editor' },
      });
      expect(patch.statusCode).toBe(404);
      const remove = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/${encodeURIComponent(id)}`,
        headers: asAdmin(),
      });
      expect(remove.statusCode).toBe(404);
      expect(remove.json().error).toBe(MESSAGES.users.notFound);
    }
  });

  it('removing an account ends its sessions', async () => {
    const person = await createAccount(t.app, 'editor');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${person.id}`, headers: asAdmin() })).statusCode,
    ).toBe(204);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${person.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: person.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('the last admin', () => {
  it('cannot be demoted or removed; with a second admin it can', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await createAccount(fresh.app, 'admin');
      const headers = { authorization: `Bearer ${admin.accessToken}` };
      const demote = await fresh.app.inject({
        method: 'PATCH',
        url: `/api/users/${admin.id}`,
        headers,
        payload: { role: 'editor' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error).toBe(MESSAGES.users.lastAdmin);
      const remove = await fresh.app.inject({ method: 'DELETE', url: `/api/users/${admin.id}`, headers });
      expect(remove.statusCode).toBe(409);
      // Keeping the admin role is not a demotion.
      const same = await fresh.app.inject({
        method: 'PATCH',
        url: `/api/users/${admin.id}`,
        headers,
        payload: { role: 'admin' },
      });
      expect(same.statusCode).toBe(200);

      const second = await createAccount(fresh.app, 'pending');
      await fresh.app.inject({ method: 'PATCH', url: `/api/users/${second.id}`, headers, payload: { role: 'admin' } });
      // Two admins demoting each other at once: exactly one succeeds.
      const secondHeaders = { authorization: `Bearer ${second.accessToken}` };
      const results = await Promise.all([
        fresh.app.inject({ method: 'PATCH', url: `/api/users/${second.id}`, headers, payload: { role: 'editor' } }),
        fresh.app.inject({
          method: 'PATCH',
          url: `/api/users/${admin.id}`,
          headers: secondHeaders,
          payload: { role: 'editor' },
        }),
      ]);
      // The loser is refused: 409 (last admin), or 403 when its demotion landed before its role check.
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const list = await fresh.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: results[0]!.statusCode === 200 ? headers : secondHeaders,
      });
      expect(list.json().filter((u: { role: string }) => u.role === 'admin')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
