// GET /api/openapi.json is a valid OpenAPI 3.1 document listing every route, staff routes with bearer
// auth; /api/docs is a readable page generated from it that loads nothing from elsewhere.
// Ajv 8's JSON Schema 2020-12 validator, as Fastify itself uses it (a devDependency of this app).
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
const routes: { method: string; url: string }[] = [];
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    },
  );
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The writes that take no body, and why: everything they act on is in the path or the access token. */
const WITHOUT_BODY = new Map([
  ['post /api/users/{id}/sign-out', 'ends every session of the account in the path'],
  ['post /api/blogs/{id}/revisions/{revisionId}/restore', 'puts back the revision in the path'],
  ['post /api/blogs/{id}/preview', 'signs a link to the stored post in the path'],
  ['post /api/admin/{kind}/{id}/resend', 'queues the stored lead’s notification again'],
  ['post /api/admin/content/{key}/preview', 'signs a link to the draft of the document in the path'],
  ['post /api/admin/backups/final', "takes the site's writes off and the move's last backup"],
  ['post /api/admin/backups/held/send', 'sends the mail a restore held'],
  ['post /api/admin/backups/held/discard', 'discards the mail a restore held'],
  ['put /api/admin/content/{key}/presence', 'the signed-in editor’s heartbeat on the document in the path'],
  ['put /api/blogs/{id}/presence', 'the signed-in editor’s heartbeat on the post in the path'],
]);

/** A string whose schema caps its length: a maximum, a list of values, an id or a time, a fixed-width pattern. */
const boundedByDeclaration = (schema: Json) =>
  typeof schema.maxLength === 'number' ||
  Array.isArray(schema.enum) ||
  'const' in schema ||
  ['uuid', 'date-time', 'binary'].includes(schema.format) ||
  (typeof schema.pattern === 'string' && /^\^[^*+]*\$$/.test(schema.pattern) && !/\{\d+,\}/.test(schema.pattern));

/**
 * Strings whose schema shows no maximum because their check is a transform or lives in the handler; each
 * is still refused before any hashing, storage or query work.
 */
const BOUNDED_OTHERWISE = new Map([
  ['code', 'six digits once spaces are removed (a pattern on the trimmed value)'],
  ['tags', 'normalised, then at most five tags of BLOG_TAG_LENGTH characters'],
  ['altcha', 'at most 2,000 characters, checked before it is decoded (services/challenge.ts)'],
  ['upload_preset', 'ignored; a multipart field of the upload is at most 1,000 bytes'],
  ['jobId', 'a UUID or nothing'],
  ['job', 'a UUID or nothing'],
  ['actor', 'a UUID or nothing'],
  ['action', 'one of the audit log actions or areas'],
]);

/** Fastify's `/:id` as OpenAPI's `/{id}`; a prefix's `/api/users` and `/api/users/` are one route, `/api/users`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/(.)\/$/, '$1');

describe('GET /api/openapi.json', () => {
  let doc: Json;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });

  it('is OpenAPI 3.1 whose schemas are valid JSON Schema 2020-12', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toEqual(expect.any(String));
    expect(doc.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    let schemas = 0;
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      expect(path.startsWith('/')).toBe(true);
      for (const [method, op] of Object.entries<Json>(item)) {
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path} has answers`).toBeGreaterThan(0);
        // Every `{name}` of the path is a declared path parameter.
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          const declared = (op.parameters ?? []).some((p: Json) => p.in === 'path' && p.name === name);
          expect(declared, `${method} ${path} declares ${name}`).toBe(true);
        }
        const found: Json[] = [];
        for (const p of op.parameters ?? []) if (p.schema) found.push(p.schema);
        for (const media of Object.values<Json>(op.requestBody?.content ?? {})) found.push(media.schema);
        for (const response of Object.values<Json>(op.responses)) {
          for (const media of Object.values<Json>(response.content ?? {})) found.push(media.schema);
        }
        for (const schema of found) {
          expect(() => ajv.compile(schema), `${method} ${path}`).not.toThrow();
          schemas++;
        }
      }
    }
    expect(schemas).toBeGreaterThan(50);
  });

  it('lists every registered route under /api, and the feed', () => {
    const registered = routes
      .filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url === '/blog/rss.xml'))
      .map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`);
    const documented = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(registered.length).toBeGreaterThan(30);
    for (const route of registered) expect(documented, route).toContain(route);
  });

  it('lists each path as clients call it, without a trailing slash', () => {
    expect(Object.keys(doc.paths).filter((path) => path.endsWith('/'))).toEqual([]);
    for (const path of ['/api/users', '/api/blogs', '/api/jobs', '/api/admin/audit', '/api/consent']) {
      expect(Object.keys(doc.paths[path] ?? {}).length, path).toBeGreaterThan(0);
    }
  });

  it('lists 413 and 415 for every route that reads a body, and the 301 of an earlier slug', () => {
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
      }
    }
    expect(Object.keys(doc.paths['/api/blogs/{id}'].get.responses)).toContain('301');
  });

  it('declares a request body for every POST, PUT and PATCH that takes one', () => {
    const documented = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
      Object.entries<Json>(item).map(([method, op]) => ({ route: `${method} ${path}`, method, op })),
    );
    const writes = documented.filter(({ method }) => ['post', 'put', 'patch'].includes(method));
    expect(writes.length).toBeGreaterThan(25);
    for (const { route, op } of writes) {
      if (WITHOUT_BODY.has(route)) {
        expect(op.requestBody, `${route} takes no body`).toBeUndefined();
        continue;
      }
      const media = Object.values<Json>(op.requestBody?.content ?? {});
      expect(media.length, `${route} declares its body`).toBeGreaterThan(0);
      for (const { schema } of media) expect(schema?.properties, `${route} names its fields`).toBeDefined();
    }
    // The exceptions are real routes (a renamed one must leave this list too).
    for (const route of WITHOUT_BODY.keys()) expect(writes.map((w) => w.route)).toContain(route);
  });

  it('bounds every string a client sends, or names how it is bounded otherwise', () => {
    const unbounded: string[] = [];
    const walk = (schema: Json | undefined, at: string) => {
      if (!schema || typeof schema !== 'object') return;
      const isString = [schema.type].flat().includes('string');
      if (isString && !boundedByDeclaration(schema) && !BOUNDED_OTHERWISE.has(at.split('.').at(-1) ?? '')) {
        unbounded.push(`${at}: ${JSON.stringify(schema)}`);
      }
      for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
        walk(option, at);
      walk(schema.items, at);
      for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) walk(property, `${at}.${name}`);
    };
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        for (const p of op.parameters ?? []) walk(p.schema, `${method} ${path} ${p.in}.${p.name}`);
        for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
          walk(media.schema, `${method} ${path} ${type}`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('gives every operation a summary and a tag', () => {
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        expect(op.summary, `${method} ${path}`).toEqual(expect.any(String));
        expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
  });

  it('marks staff routes with bearer auth and public ones without', () => {
    const security = (method: string, path: string) => doc.paths[path]?.[method]?.security;
    for (const [method, path] of [
      ['get', '/api/users'],
      ['patch', '/api/users/{id}'],
      ['post', '/api/blogs'],
      ['get', '/api/admin/{kind}'],
      ['get', '/api/admin/{kind}/{id}/file'],
      ['post', '/api/uploads/images'],
      ['get', '/api/auth/me'],
    ] as const) {
      expect(security(method, path), `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
    for (const [method, path] of [
      ['post', '/api/auth/login'],
      ['post', '/api/contact'],
      ['get', '/api/blogs/{id}'],
      ['get', '/api/health'],
    ] as const) {
      // Public: an empty list, so that client generators do not apply a document-wide default.
      expect(security(method, path), `${method} ${path}`).toEqual([]);
    }
  });

  it('documents bodies, limits and the multipart forms', () => {
    const login = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(login.properties.email.maxLength).toBe(254);
    expect(login.properties.password.maxLength).toBe(1024);
    const apply = doc.paths['/api/jobs/apply'].post.requestBody.content['multipart/form-data'];
    expect(JSON.stringify(apply)).toContain('"resume"');
    expect(JSON.stringify(apply)).toContain('binary');
    const id = doc.paths['/api/users/{id}'].patch.parameters.find((p: Json) => p.name === 'id');
    expect(id.schema.format).toBe('uuid');
  });
});

describe('GET /api/docs', () => {
  it('is an HTML reference of every operation, without scripts or anything from another origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<h1>');
    expect(html).toContain('/api/auth/login');
    expect(html).toContain('/api/admin/{kind}/{id}/file');
    expect(html).toContain('Needs <code>Authorization: Bearer');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\sstyle=/i);
    // No URL with a scheme or a protocol-relative one: nothing is loaded from elsewhere.
    expect(html).not.toMatch(/(?:src|href)="(?:[a-z]+:|\/\/)/i);
    expect(html).not.toMatch(/https?:\/\//i);

    const css = html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
    expect(css).toBe('/api/docs/docs.css');
    const sheet = await t.app.inject({ method: 'GET', url: css ?? '' });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/^text\/css/);
    expect(sheet.body).not.toMatch(/url\(|@import/);
  });
});
