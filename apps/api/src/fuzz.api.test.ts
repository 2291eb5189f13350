// Issue 9: no request, however malformed, gets a 5xx. Generates hostile requests across every route and
// method (collected as they are registered), 8 per route by default (FUZZ_PER_ROUTE for more), from a seed
// that changes daily (FUZZ_SEED to choose it): each day's run tries other requests, and the seed printed with
// a failure reproduces it.
// Besides blind garbage, a share of each route's requests is built from its OpenAPI description (real
// field names, enum values, ids, lengths at the limit) with one field spoiled, so they get past the
// schema into the handler; the native form posts, which the document leaves out, get form bodies.
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenFor } from '../test/lead-fixtures.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

const DAY_MS = 86_400_000;
const SEED = Number(process.env.FUZZ_SEED || Math.floor(Date.now() / DAY_MS));
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE || 8);
const EXTRA = 10 * PER_ROUTE;

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

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const routes: { method: string; url: string }[] = [];
let tokens: string[] = [];
/** The OpenAPI operations, by `method /path/{param}` as Fastify registered them. */
const operations = new Map<string, Json>();
/** Fastify's `/:id` as OpenAPI's `/{id}`; a prefix's `/api/users` and `/api/users/` are one route. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');
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
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Json>();
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) operations.set(`${method} ${openapiPath(path)}`, op);
  }
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
// Paths that climb back into the API end on /api/jobs, not /api/health (see the test's targets).
const ODD_PATHS = [
  '//',
  '///api/jobs',
  '/api//blogs',
  '/api/blogs/%00',
  '/api/%2e%2e/api/jobs',
  '/api/../api/jobs',
  '/api/blogs/..%2f..%2f',
  '/api/admin/%00/%00',
  '/api/uploads/images/%00.webp',
  '/api/uploads/images/..%2F..%2Fetc%2Fpasswd',
  '/blog/rss.xml%00',
  '/api/jobs?%00=%00',
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
  /** A value the schema accepts (mostly: patterns are not followed), at its limits now and then. */
  const sample = (schema: Json | undefined, depth = 0): unknown => {
    if (!schema) return value(depth);
    if (schema.anyOf) return sample(pick(schema.anyOf as Json[]), depth);
    if ('const' in schema) return schema.const;
    if (schema.enum) return pick(schema.enum as unknown[]);
    const type = Array.isArray(schema.type) ? pick(schema.type as string[]) : schema.type;
    switch (type) {
      case 'string': {
        if (schema.format === 'email') return `fuzz${Math.floor(random() * 1e6)}@example.com`;
        if (schema.format === 'uuid') return pick(SEGMENTS.filter((s) => /^[0-9a-f-]{36}$/.test(s)));
        if (schema.format === 'date-time')
          return new Date(Date.UTC(2030, 0, 1 + Math.floor(random() * 365))).toISOString();
        const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
        const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
        const length = pick([min, Math.min(max, Math.max(min, 12)), max]);
        return 'é'.repeat(Math.min(length, 1)) + 'w'.repeat(Math.max(0, length - 1));
      }
      case 'integer':
      case 'number':
        return pick([schema.minimum ?? 0, schema.maximum ?? 1, 1]);
      case 'boolean':
        return random() < 0.5;
      case 'null':
        return null;
      case 'array':
        return depth > 3 ? [] : [sample(schema.items, depth + 1), sample(schema.items, depth + 1)];
      case 'object': {
        const object: Record<string, unknown> = {};
        const required = new Set<string>(schema.required ?? []);
        for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
          if (required.has(name) || random() < 0.7) object[name] = depth > 3 ? null : sample(property, depth + 1);
        }
        return object;
      }
      default:
        return value(depth);
    }
  };
  /** One field out of bounds, of the wrong type, with NUL or a lone surrogate, missing, or one too many. */
  const spoil = (object: Record<string, unknown>, schema: Json): Record<string, unknown> => {
    const names = Object.keys(schema.properties ?? {});
    const name = names.length > 0 && random() < 0.85 ? pick(names) : pick(FIELDS);
    const property: Json = schema.properties?.[name] ?? {};
    switch (Math.floor(random() * 6)) {
      case 0:
        return { ...object, [name]: 'y'.repeat((property.maxLength ?? 1000) + 1) };
      case 1:
        return { ...object, [name]: `${String(sample(property)).slice(0, 20)}${pick([NUL, LONE, '\u202e'])}` };
      case 2: {
        const { [name]: _dropped, ...rest } = object;
        return rest;
      }
      case 3:
        return object;
      default:
        return { ...object, [name]: value() };
    }
  };
  /** A body shaped by the operation's request schema, as JSON, multipart (files included) or urlencoded. */
  const describedBody = (op: Json): { payload: string | Buffer; type: string } | undefined => {
    const content: Json = op.requestBody?.content ?? {};
    const type = pick(Object.keys(content));
    if (!type) return undefined;
    const schema: Json = content[type].schema ?? {};
    const fields = spoil(sample(schema) as Record<string, unknown>, schema);
    if (type !== 'multipart/form-data') return { payload: JSON.stringify(fields), type };
    const files = Object.entries<Json>(schema.properties ?? {}).filter(([, p]) => p.format === 'binary');
    const texts: Record<string, string> = {};
    for (const [name, field] of Object.entries(fields)) {
      if (!files.some(([file]) => file === name))
        texts[name] = typeof field === 'string' ? field : JSON.stringify(field);
    }
    return multipartOf(
      texts,
      files.map(([name]) => name),
    );
  };
  const multipartOf = (fields: Record<string, string>, files: string[]) => {
    const boundary = 'describedboundary';
    const parts = Object.entries(fields).map(
      ([name, content]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${content}\r\n`,
    );
    for (const name of files) {
      const [filename, type, data] = pick([
        ['cv.pdf', 'application/pdf', '%PDF-1.7\n%%EOF\n'],
        ['photo.png', 'image/png', '\x89PNG\r\n\x1a\nnot really'],
        ['Résumé – v2…final.docx', 'application/octet-stream', 'PK\x03\x04broken zip'],
        ['empty.pdf', 'application/pdf', ''],
      ] as const);
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${data}\r\n`,
      );
    }
    return {
      payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'latin1'),
      type: `multipart/form-data; boundary=${boundary}`,
    };
  };
  /** What a browser's <form> posts: urlencoded text fields, the lead forms' and the sign-in forms' names. */
  const formBody = (): { payload: string | Buffer; type: string } => {
    const fields: Record<string, string> = {};
    const n = 1 + Math.floor(random() * 8);
    for (let i = 0; i < n; i++) fields[pick(FIELDS)] = String(value());
    if (random() < 0.3) return multipartOf(fields, [pick(['file', 'resume'])]);
    return { payload: new URLSearchParams(fields).toString(), type: 'application/x-www-form-urlencoded' };
  };
  /** Path parameters from the operation's description (an enum's values, an id's format), or garbage. */
  const describedPath = (url: string, op: Json | undefined) =>
    url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
      const parameter = (op?.parameters ?? []).find((p: Json) => p.in === 'path' && p.name === name);
      return parameter && random() < 0.7 ? encodeURIComponent(String(sample(parameter.schema))) : pick(SEGMENTS);
    });
  /** A query from the operation's described parameters, one of them spoiled now and then. */
  const describedQuery = (op: Json | undefined) => {
    const parameters: Json[] = (op?.parameters ?? []).filter((p: Json) => p.in === 'query');
    if (parameters.length === 0 || random() < 0.3) return query();
    const search = new URLSearchParams();
    for (const p of parameters) if (random() < 0.6) search.set(p.name, String(sample(p.schema)));
    if (random() < 0.4) search.set(pick(parameters).name, String(value()));
    const text = search.toString();
    return text ? `?${text}` : '';
  };
  return {
    pick,
    jsonBody,
    multipartBody,
    query,
    path,
    headers,
    describedBody,
    formBody,
    describedPath,
    describedQuery,
  };
}

it(
  'answers hostile requests to every route without a single 5xx, and stays healthy',
  { timeout: 600_000 },
  async () => {
    const random = prng(SEED);
    const g = generator(random);
    // Every route the app has (the API, the feed, the native form posts); the tests run without a web build. Not
    // the health check, which takes no input and answers 503 when its file-store probe takes over 2 s — as it may
    // while this loop is busy with thousands of requests (CI, 2026-11-26); it is asked once the storm is over.
    // Nor the move's final backup (routes/admin/final-backup.ts), whose purpose is to answer every later write with
    // 503 until it is lifted; its own test covers it.
    const targets = routes.filter(
      (route) => route.url !== '/api/health' && !route.url.startsWith('/api/admin/backups/final'),
    );
    expect(targets.length).toBeGreaterThan(90);
    const described = targets.filter((r) => operations.has(`${r.method.toLowerCase()} ${openapiPath(r.url)}`));
    expect(described.length).toBeGreaterThan(60);

    type Request = InjectOptions;
    const requests: Request[] = [];
    // Turning on the staff-wide 2FA rule would leave the tokens good for 403s only: that route goes last.
    const last = (r: { url: string }) => (r.url.endsWith('/two-factor-policy') ? 1 : 0);
    for (const route of [...targets].sort((a, b) => last(a) - last(b))) {
      const op = operations.get(`${route.method.toLowerCase()} ${openapiPath(route.url)}`);
      const isForm = !route.url.startsWith('/api') && route.method === 'POST';
      for (let i = 0; i < PER_ROUTE; i++) {
        const byDescription = random() < 0.5;
        const method = !byDescription && random() < 0.2 ? g.pick(METHODS) : route.method;
        const url = byDescription
          ? g.describedPath(route.url, op) + g.describedQuery(op)
          : g.path(route.url) + g.query();
        const request: Request = { method: method as 'GET', url, headers: g.headers() };
        if (!['GET', 'HEAD'].includes(method)) {
          const body =
            (byDescription && op ? g.describedBody(op) : undefined) ??
            (isForm && random() < 0.5 ? g.formBody() : random() < 0.75 ? g.jsonBody() : g.multipartBody());
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
              `${res.statusCode} ${request.method} ${String(request.url).slice(0, 120)} (${String(request.payload ?? '').slice(0, 300)}) → ${res.body.slice(0, 200)}`,
            );
          }
        }
      }),
    );

    console.log(
      `fuzz: ${sent} requests across ${targets.length} routes, ${described.length} of them described (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)))}`,
    );
    expect(sent).toBe(requests.length);
    expect(sent).toBeGreaterThanOrEqual(90 * PER_ROUTE);
    expect(failures, `seed ${SEED} (FUZZ_SEED=${SEED} reproduces it)`).toEqual([]);
    // A probe that was slow during the storm is remembered for 5 s (services/health.ts).
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, { timeout: 15_000 })
      .toBe(200);
  },
);
