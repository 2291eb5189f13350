// Who else is editing (issue 31, item 5), across a cluster: two instances of the app on one database, as two
// servers behind a load balancer, each see the editors whose heartbeats reach the other; the same for a blog post
// (PUT /api/blogs/{id}/presence). An editor not heard from for the heartbeat's lifetime is gone, and a heartbeat
// after that starts a new visit. A post's stale autosave (409) carries the post as the colleague left it.
import { CONTENT_PRESENCE_TTL_SECONDS } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { beatPresence, othersPresent } from '../../../services/editor-presence.ts';

let t: TestApp;
let second: FastifyInstance;
let anna: { id: string; headers: Record<string, string> };
let ben: { id: string; headers: Record<string, string> };
beforeAll(async () => {
  t = await createTestApp();
  second = await t.secondInstance();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const a = await createAccount(t.app, 'editor', 'Anna');
  const b = await createAccount(t.app, 'admin', 'Ben');
  anna = { id: a.id, headers: bearer(a.accessToken) };
  ben = { id: b.id, headers: bearer(b.accessToken) };
});
afterAll(() => t.close());

type Editors = { name: string; since: string }[];

describe('who else is editing, across instances', () => {
  it('shows a content editor whose heartbeats reach another instance', async () => {
    // Anna's editor talks to the first instance, Ben's to the second.
    const opened = await t.app.inject({ method: 'GET', url: '/api/admin/content/packages', headers: anna.headers });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().editors).toEqual([]);
    const beat = await second.inject({
      method: 'PUT',
      url: '/api/admin/content/packages/presence',
      headers: ben.headers,
    });
    expect(beat.statusCode).toBe(200);
    const seenByBen = beat.json().editors as Editors;
    expect(seenByBen).toEqual([{ name: 'Anna', since: expect.any(String) }]);
    const seenByAnna = (
      await t.app.inject({ method: 'GET', url: '/api/admin/content/packages', headers: anna.headers })
    ).json().editors as Editors;
    expect(seenByAnna).toEqual([{ name: 'Ben', since: expect.any(String) }]);
    // Anna's visit still began when she opened it: her later heartbeats do not move "since".
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/packages/presence',
      headers: anna.headers,
    });
    expect(again.json().editors).toEqual(seenByAnna);
    const benAgain = await second.inject({
      method: 'PUT',
      url: '/api/admin/content/packages/presence',
      headers: ben.headers,
    });
    expect(benAgain.json().editors).toEqual(seenByBen);

    // Ben closes it on the second instance: the first no longer shows him.
    const left = await second.inject({
      method: 'DELETE',
      url: '/api/admin/content/packages/presence',
      headers: ben.headers,
    });
    expect(left.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/content/packages', headers: anna.headers });
    expect(after.json().editors).toEqual([]);
  });

  it('shows who else has a blog post open, on either instance, and refuses an unknown post', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: anna.headers,
      payload: { title: 'Presence across servers', content: 'Text.', status: 'draft' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    const url = `/api/blogs/${id}/presence`;

    const first = await t.app.inject({ method: 'PUT', url, headers: anna.headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json().editors).toEqual([]);
    const other = await second.inject({ method: 'PUT', url, headers: ben.headers });
    expect(other.json().editors).toEqual([{ name: 'Anna', since: expect.any(String) }]);
    expect((await t.app.inject({ method: 'PUT', url, headers: anna.headers })).json().editors).toEqual([
      { name: 'Ben', since: expect.any(String) },
    ]);
    // A content document of the same name is another place: presence is per post.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/content/home', headers: anna.headers })).json().editors,
    ).toEqual([]);

    expect((await second.inject({ method: 'DELETE', url, headers: ben.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'PUT', url, headers: anna.headers })).json().editors).toEqual([]);

    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/blogs/00000000-0000-4000-8000-000000000000/presence',
      headers: anna.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: 'PUT', url });
    expect(signedOut.statusCode).toBe(401);
  });

  it('forgets an editor not heard from for the heartbeat’s lifetime; a later heartbeat is a new visit', async () => {
    const key = 'content:expiry-test';
    const opened = new Date('2026-11-27T10:02:00Z');
    await beatPresence(t.app.db, key, anna.id, opened);
    const justBefore = new Date(opened.getTime() + CONTENT_PRESENCE_TTL_SECONDS * 1000 - 1);
    expect(await othersPresent(t.app.db, key, ben.id, justBefore)).toEqual([
      { name: 'Anna', since: opened.toISOString() },
    ]);
    const later = new Date(opened.getTime() + CONTENT_PRESENCE_TTL_SECONDS * 1000 + 1);
    expect(await othersPresent(t.app.db, key, ben.id, later)).toEqual([]);
    await beatPresence(t.app.db, key, anna.id, later);
    expect(await othersPresent(t.app.db, key, ben.id, later)).toEqual([{ name: 'Anna', since: later.toISOString() }]);
  });
});

describe('a blog post changed by a colleague', () => {
  it('answers a stale autosave with 409 and the post as the colleague left it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: anna.headers,
      payload: { title: 'Shared post', content: 'First text.', status: 'draft' },
    });
    const post = created.json();
    const bens = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post._id}/draft`,
      headers: ben.headers,
      payload: { version: post.version, data: { title: 'Shared post', content: 'Ben’s text.' } },
    });
    expect(bens.statusCode, bens.body).toBe(200);
    const annas = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post._id}/draft`,
      headers: anna.headers,
      payload: { version: post.version, data: { title: 'Anna’s title', content: 'First text.' } },
    });
    expect(annas.statusCode).toBe(409);
    expect(annas.json()).toMatchObject({
      updatedBy: 'Ben',
      version: post.version + 1,
      post: { _id: post._id, draft: { data: { content: 'Ben’s text.' }, savedBy: 'Ben' } },
    });
  });
});
