// Issue 30 item 11: every /api/auth/* route, signed-in ones included, refuses a JSON body over 16 KB (413) or nested
// deeper than 10 (400); a password holding the site's name, short name or domain, or a famous passphrase, is
// refused with 400 naming the field.
import { MESSAGES, PASSWORD_MESSAGES } from '@agency/contract';
import { SITE_DOCUMENT } from '@agency/contract/content/site.ts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Account } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const routes: { method: string; url: string }[] = [];
let t: TestApp;
let admin: Account;
beforeAll(async () => {
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/auth/')) return;
    for (const method of [route.method].flat()) {
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) routes.push({ method, url: route.url });
    }
  };
  t = await createTestApp({ SITE_URL: 'https://www.brightway.example' }, { onRoute: collect });
  admin = await createAccount(t.app, 'admin');
});
afterAll(() => t.close());

const send = (method: string, url: string, payload: string) =>
  t.app.inject({
    method: method as 'POST',
    // A path parameter (a session's id) gets a well-formed one.
    url: url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000'),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
    payload,
  });

describe('JSON bodies on /api/auth/*', () => {
  it('finds the signed-in routes among them', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    for (const route of ['POST /api/auth/login', 'POST /api/auth/password', 'PATCH /api/auth/me']) {
      expect(urls).toContain(route);
    }
    expect(urls).toContain('PUT /api/auth/preferences');
    expect(urls).toContain('DELETE /api/auth/sessions/:id');
  });

  it('over 16 KB: 413 on every route, signed in or not', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(17 * 1024) });
    for (const { method, url } of routes) {
      const res = await send(method, url, big);
      expect(res.statusCode, `${method} ${url}`).toBe(413);
      expect(typeof res.json().error, `${method} ${url}`).toBe('string');
    }
  });

  it('nested deeper than 10: 400 on every route, before anything is read', async () => {
    const deep = `{"name":${'['.repeat(11)}1${']'.repeat(11)}}`;
    for (const { method, url } of routes) {
      const res = await send(method, url, deep);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().error, `${method} ${url}`).toBe(MESSAGES.http.tooDeep);
    }
    // Ten deep is still read: the account's name is checked as usual.
    const ten = await send('PATCH', '/api/auth/me', `{"name":${'['.repeat(9)}1${']'.repeat(9)}}`);
    expect(ten.statusCode).toBe(400);
    expect(Object.keys(ten.json().fields)).toEqual(['name']);
  });
});

describe('passwords that hold the site or a famous passphrase', () => {
  let n = 0;
  const register = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Mira Gurung', email: `mira-${++n}@example.com`, password },
    });

  it('refuses the site’s name, short name and domain, in any case and spacing (400 naming password)', async () => {
    for (const password of [
      `${SITE_DOCUMENT.name} 2024 rocks`,
      `my ${SITE_DOCUMENT.shortName.toUpperCase()} garden owl`,
      'owls at brightway.example 42',
      'Bright-Way owls dance 42',
    ]) {
      const res = await register(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields, password).toEqual({ password: PASSWORD_MESSAGES.containsSite });
    }
  });

  it('refuses a famous passphrase however it is written (400 naming password)', async () => {
    for (const password of [
      'correct horse battery staple',
      'CorrectHorseBatteryStaple!',
      'correct-horse-battery-staple-2024',
      'Tr0ub4dor&3 forever and ever',
      'the quick brown fox jumps over the lazy dog',
    ]) {
      const res = await register(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fields, password).toEqual({ password: PASSWORD_MESSAGES.famous });
    }
    // Words of one's own pass.
    expect((await register('quiet lantern orbits granite 71')).statusCode).toBe(201);
  });

  it('a password change names newPassword', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      payload: { currentPassword: admin.password, newPassword: 'correct horse battery staple' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ newPassword: PASSWORD_MESSAGES.famous });
  });
});
