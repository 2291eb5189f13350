// Issue 9: no request, however malformed, gets a 5xx. Generates a few thousand hostile requests across
// every route and method (collected as they are registered) with a fixed seed, so a failure reproduces.
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenFor } from '../test/lead-fixtures.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

const SEED = 20261123;
const PER_ROUTE = 30;
const EXTRA = 300;

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
const routes: { method: string; url: string }[] = [];
let tokens: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '100000', LOGIN_MAX_FAILURES: '100000' },
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    },
  );
  const admin = await tokenFor(t.app, 'admin');
  const editor = await tokenFor(t.app, 'editor');
  tokens = [admin.authorization, editor.authorization];
}, 120_000);
afterAll(() => t.close());

const NUL = '\u0000';
const LONE = '\ud800';
const FIELDS = [
  'email',
  'password',
  'name',
  'fullName',
  'title',
  'content',
  'imageUrl',
  'status',
  'role',
  'handled',
  'refreshToken',
  'message',
  'subject',
  'phone',
  'companyName',
  'text',
  'ownerId',
  'region',
  'currency',
  'position',
  'sourcePath',
  'referrer',
  'altcha',
  'hp_website',
  'currentPassword',
  'newPassword',
  'token',
  'code',
  '__proto__',
  'constructor',
];
const SEGMENTS = [
  'x',
  '%00',
  'a%00b',
  '..',
  '%2e%2e',
  '%2E%2E%2F',
  '%ff',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  'quotes',
  'contacts',
  'applications',
  '00000000-0000-0000-0000-000000000000',
  '11111111-1111-4111-8111-111111111111',
  'A'.repeat(3000),
  '%E2%80%AE',
  'export.csv',
  'me',
  '',
];
const ODD_PATHS = [
  '//',
  '///api/health',
  '/api//blogs',
  '/api/blogs/%00',
  '/api/%2e%2e/api/health',
  '/api/../api/health',
  '/api/blogs/..%2f..%2f',
  '/api/admin/%00/%00',
  '/api/uploads/images/%00.webp',
  '/api/uploads/images/..%2F..%2Fetc%2Fpasswd',
  '/blog/rss.xml%00',
  '/api/health?%00=%00',
  '/api/blogs?status=%00',
  '/api/%ff',
  `/api/blogs/${'%41'.repeat(5000)}`,
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND', 'TRACE', 'SEARCH'];

function generator(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const value = (depth = 0): unknown => {
    switch (Math.floor(random() * 14)) {
      case 0:
        return `a${NUL}b`;
      case 1:
        return `x${LONE}y`;
      case 2:
        return 'z'.repeat(pick([255, 1025, 5001, 100_001, 300_000]));
      case 3:
        return pick([0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, 3.14]);
      case 4:
        return pick([true, false, null]);
      case 5:
        return depth < 3 ? [value(depth + 1), value(depth + 1)] : [];
      case 6:
        return depth < 3 ? { [pick(FIELDS)]: value(depth + 1) } : {};
      case 7:
        return pick(['admin', 'editor', 'published', 'draft', 'all', 'spam', 'new', 'uk', 'GBP']);
      case 8:
        return `user${Math.floor(random() * 1000)}@example.com`;
      case 9:
        return 'correct horse battery';
      case 10:
        return pick(['', ' ', '\u202e', '<script>', "'; drop table users; --", '%00', '\r\n\r\n']);
      case 11:
        return '11111111-1111-4111-8111-111111111111';
      default:
        return `text ${Math.floor(random() * 1e6)}`;
    }
  };
  const jsonBody = (): { payload: string | Buffer; type: string } => {
    switch (Math.floor(random() * 10)) {
      case 0:
        return {
          payload: pick(['{"a":', '{', '[', '"', '{"email":"x@example.com",}', 'nul\u0000l', '']),
          type: 'application/json',
        };
      case 1:
        // Deep nesting.
        return { payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, type: 'application/json' };
      case 2:
        return { payload: `{"email":"${'a'.repeat(1_100_000)}"}`, type: 'application/json' };
      case 3:
        return { payload: JSON.stringify(value()), type: 'application/json' };
      case 4:
        // Invalid UTF-8 inside a JSON string, and a JSON escape for a lone surrogate.
        return {
          payload: Buffer.concat([
            Buffer.from('{"email":"'),
            Buffer.from([0xff, 0xfe, 0xc3]),
            Buffer.from('","password":"\\ud800"}'),
          ]),
          type: 'application/json',
        };
      case 5:
        return {
          payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
          type: 'application/json',
        };
      default: {
        const body: Record<string, unknown> = {};
        const n = 1 + Math.floor(random() * 6);
        for (let i = 0; i < n; i++) body[pick(FIELDS)] = value();
        return {
          payload: JSON.stringify(body),
          type: pick([
            'application/json',
            'application/json; charset=utf-16',
            'text/plain',
            'application/x-www-form-urlencoded',
          ]),
        };
      }
    }
  };
  const multipartBody = (): { payload: Buffer; type: string } => {
    const boundary = 'fuzzboundary';
    const part = (name: string, content: string | Buffer, filename?: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n${
            filename === undefined ? '' : 'Content-Type: application/pdf\r\n'
          }\r\n`,
        ),
        Buffer.isBuffer(content) ? content : Buffer.from(content),
        Buffer.from('\r\n'),
      ]);
    const parts = [part(pick(FIELDS), String(value())), part(pick(FIELDS), String(value()))];
    if (random() < 0.5)
      parts.push(
        part(
          pick(['file', 'resume', 'x']),
          Buffer.from('%PDF-1.7\n%%EOF\n'),
          pick(['cv.pdf', '..\\..\\x.pdf', `a${NUL}.pdf`, '\u202eexe.png', '']),
        ),
      );
    switch (Math.floor(random() * 4)) {
      case 0:
        // Truncated: no closing boundary.
        return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
      case 1:
        return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), type: 'multipart/form-data' };
      case 2:
        return {
          payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
          type: 'multipart/form-data; boundary=other',
        };
      default:
        return {
          payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
          type: `multipart/form-data; boundary=${boundary}`,
        };
    }
  };
  const query = () =>
    pick([
      '',
      '',
      '?q=%00',
      `?q=${'q'.repeat(5000)}`,
      '?page=-1',
      '?page=1e999',
      '?page=abc',
      '?status=all',
      '?status=%00',
      '?handled=maybe',
      '?q[]=a&q[]=b',
      '?q=a&q=b',
      '?owner=me',
      '?owner=%ED%A0%80',
      '?%00=1',
      '?q=%ff%fe',
      '?action=%00&page=2',
    ]);
  const path = (url: string) =>
    url.replace(/:[A-Za-z0-9_]+/g, () => pick(SEGMENTS)).replace(/\*$/, () => pick(SEGMENTS));
  const headers = (): Record<string, string> => {
    const h: Record<string, string> = {};
    const auth = random();
    if (auth < 0.45) h.authorization = pick(tokens);
    else if (auth < 0.6) h.authorization = pick(['Bearer x', 'Bearer', 'Basic YTpi', `Bearer ${'a'.repeat(9000)}`]);
    if (random() < 0.08) h.host = pick(['bad host', '[::1', '%00', 'a'.repeat(3000), 'localhost:99999', '']);
    if (random() < 0.05) h['x-forwarded-for'] = pick(['1.2.3.4, 5.6.7.8', 'garbage', '::ffff:1.2.3.4']);
    return h;
  };
  return { pick, jsonBody, multipartBody, query, path, headers };
}

it('answers thousands of hostile requests without a single 5xx, and stays healthy', { timeout: 600_000 }, async () => {
  const random = prng(SEED);
  const g = generator(random);
  const targets = routes.filter((r) => r.url.startsWith('/api') || r.url === '/blog/rss.xml');
  expect(targets.length).toBeGreaterThan(30);

  type Request = InjectOptions;
  const requests: Request[] = [];
  for (const route of targets) {
    for (let i = 0; i < PER_ROUTE; i++) {
      const method = random() < 0.8 ? route.method : g.pick(METHODS);
      const request: Request = { method: method as 'GET', url: g.path(route.url) + g.query(), headers: g.headers() };
      if (!['GET', 'HEAD'].includes(method)) {
        const body = random() < 0.75 ? g.jsonBody() : g.multipartBody();
        request.payload = body.payload;
        request.headers = { ...(request.headers as object), 'content-type': body.type };
      }
      requests.push(request);
    }
  }
  for (let i = 0; i < EXTRA; i++) {
    const method = g.pick(METHODS);
    const request: Request = { method: method as 'GET', url: g.pick(ODD_PATHS), headers: g.headers() };
    if (!['GET', 'HEAD'].includes(method)) {
      const body = g.jsonBody();
      request.payload = body.payload;
      request.headers = { ...(request.headers as object), 'content-type': body.type };
    }
    requests.push(request);
  }

  const failures: string[] = [];
  const byStatus = new Map<number, number>();
  let sent = 0;
  // A few at a time, as concurrent clients would.
  const queue = [...requests];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let request = queue.shift(); request; request = queue.shift()) {
        const res = await t.app.inject(request);
        sent++;
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) {
          failures.push(
            `${res.statusCode} ${request.method} ${String(request.url).slice(0, 120)} → ${res.body.slice(0, 200)}`,
          );
        }
      }
    }),
  );

  console.log(
    `fuzz: ${sent} requests across ${targets.length} routes (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)))}`,
  );
  expect(sent).toBeGreaterThanOrEqual(2000);
  expect(failures).toEqual([]);
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
});
