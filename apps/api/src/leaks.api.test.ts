// Issue 21, items 5–7: nothing secret cached, nothing forged logged, bounded work before authentication, and
// cross-site form posts refused.
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { HONEYPOT_FIELD, MESSAGES } from '@agency/contract';
import { eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { callers, createAccount } from '../test/auth-fixtures.ts';
import { CONTACT } from '../test/lead-fixtures.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  t = await createTestApp({ SITE_URL: 'https://agency.test' }, { logStream: stream });
});
afterAll(() => t.close());

describe('Cache-Control: no-store on every answer with a secret or personal data (item 5)', () => {
  it('covers /api/auth/*, /api/users*, /api/admin/* and a hidden post read with an editor token', async () => {
    const { headers } = await callers(t.app);
    const admin = headers.admin;
    const answers: [string, Awaited<ReturnType<typeof t.app.inject>>][] = [
      ['/api/auth/me', await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })],
      ['/api/auth/sessions', await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: admin })],
      ['/api/auth/2fa', await t.app.inject({ method: 'GET', url: '/api/auth/2fa', headers: admin })],
      [
        '/api/auth/password',
        await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: admin, payload: {} }),
      ],
      [
        '/api/auth/login',
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'x@example.com', password: 'y' },
        }),
      ],
      ['/api/users', await t.app.inject({ method: 'GET', url: '/api/users', headers: admin })],
      [
        '/api/users/two-factor-policy',
        await t.app.inject({ method: 'GET', url: '/api/users/two-factor-policy', headers: admin }),
      ],
      ['/api/admin/quotes', await t.app.inject({ method: 'GET', url: '/api/admin/quotes', headers: admin })],
      ['/api/admin/audit', await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })],
      ['/api/admin/stats', await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin })],
    ];
    for (const [url, res] of answers) expect(res.headers['cache-control'], url).toMatch(/no-store/);

    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: admin,
      payload: { title: 'Hidden draft for cache', content: 'Not public.', status: 'draft' },
    });
    expect(draft.statusCode).toBe(201);
    const { slug } = draft.json<{ slug: string }>();
    const hidden = await t.app.inject({ method: 'GET', url: `/api/blogs/${slug}`, headers: headers.editor });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.headers['cache-control']).toMatch(/no-store/);
  });
});

describe('X-Request-Id (item 5)', () => {
  it('keeps a short token from the client and replaces anything else with a generated id', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc.DEF_123-x' },
    });
    expect(kept.headers['x-request-id']).toBe('abc.DEF_123-x');
    for (const forged of ['a'.repeat(65), 'with space', 'new\\nline', '<script>', 'ünïcode', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': forged } });
      expect(res.headers['x-request-id']).not.toBe(forged);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(lines.join('\n')).not.toContain('a'.repeat(65));
  });
});

describe('a socket that closes before its body is read (item 5)', () => {
  it('logs nothing at error level', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const requests = [
      ['/api/auth/login', 'application/json'],
      ['/api/contact', 'application/json'],
      ['/connect', 'application/x-www-form-urlencoded'],
      ['/api/request-quote', 'multipart/form-data; boundary=x'],
    ];
    // Cut in the middle of a chunk; a chunk size that is not hexadecimal; a chunk longer than announced.
    for (const [url, type] of requests)
      for (const body of ['5\r\n{"ema', 'zz\r\n{}\r\n', '2\r\n{"email":1}\r\n']) {
        const head = `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`;
        lines.length = 0;
        await new Promise<void>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1', () => {
            socket.write(head + body);
            setTimeout(() => socket.destroy(), 100);
          });
          socket.on('close', () => resolve());
          socket.on('error', () => resolve());
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const errors = lines.map((line) => JSON.parse(line) as { level: number }).filter((line) => line.level >= 50);
        expect(errors, body).toEqual([]);
      }
  });
});

describe('bounded work before authentication (item 6)', () => {
  const routes = [
    '/api/auth/login',
    '/api/auth/login/2fa',
    '/api/auth/register',
    '/api/auth/password-reset',
    '/api/auth/password-reset/confirm',
    '/api/auth/refresh-token',
    '/api/consent',
  ];

  it('refuses JSON over 16 KB with 413', async () => {
    for (const url of routes) {
      const payload = JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(17 * 1024) });
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, url).toBe(413);
      expect(res.json().error).toBe(MESSAGES.http.tooLarge);
    }
  });

  it('refuses JSON nested deeper than 10 with 400', async () => {
    const deep = `${'{"a":'.repeat(11)}1${'}'.repeat(11)}`;
    for (const url of routes) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: deep,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe(MESSAGES.http.tooDeep);
    }
    // Ten levels are parsed (and refused, if at all, by the schema, naming a field).
    const ten = `{"email":${'{"a":'.repeat(8)}1${'}'.repeat(8)},"password":"x"}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ten,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('email');
  });
});

describe('cross-site form posts (item 7)', () => {
  const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('refuses a sign-in, register or reset posted from another site with 403', async () => {
    const owner = await createAccount(t.app, 'editor', 'Cross Site');
    const signIn = { email: owner.email, password: owner.password };
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await form('/login', signIn, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ error: MESSAGES.http.crossSite });
      expect(res.body).not.toContain('accessToken');
    }
    const register = { name: 'Forged Visitor', email: 'forged@example.com', password: 'quiet kettle orbits twice' };
    expect((await form('/register', register, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await t.app.db.select().from(schema.users).where(eq(schema.users.email, 'forged@example.com'))).toEqual([]);
    expect(
      (await form('/forgot-password', { email: owner.email }, { origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    expect(
      (await form('/reset-password', { token: 'x', password: 'y' }, { origin: 'https://evil.example' })).statusCode,
    ).toBe(403);

    // From the site itself (its SITE_URL, or the address it was reached at), or with no header at all: as before.
    expect((await form('/login', signIn, { origin: 'https://agency.test' })).statusCode).toBe(200);
    expect((await form('/login', signIn, { origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await form('/login', signIn, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await form('/login', signIn)).statusCode).toBe(200);
  });

  it('the lead forms accept a post without Origin (old browsers), never one from a foreign site', async () => {
    const fields = {
      name: CONTACT.name,
      phone: CONTACT.phone,
      subject: CONTACT.subject,
      email: 'cross-site-lead@example.com',
      message: CONTACT.message,
      [HONEYPOT_FIELD]: '',
    };
    const foreign = await form('/connect', fields, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const contacts = () =>
      t.app.db.select().from(schema.contacts).where(eq(schema.contacts.email, 'cross-site-lead@example.com'));
    expect(await contacts()).toEqual([]);
    const old = await form('/connect', fields);
    expect(old.statusCode).toBe(303);
    expect(await contacts()).toHaveLength(1);
  });
});
