// GET /api/openapi.json is a document client generators accept: Redocly's recommended rules find no error in
// it, and a typed client generated from it (openapi-typescript's types, openapi-fetch's client) type-checks a
// call to every public operation, with the path, query and body each operation declares.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries<Json>(doc.paths).flatMap(([route, item]) =>
    Object.entries<Json>(item).map(([method, op]) => ({ route, method, op })),
  );

describe('GET /api/openapi.json for client generators', () => {
  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
  });

  it('names one server, and gives every operation a unique camelCase operationId', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3000' })]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(
      ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id)),
      ids.join(' '),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/blogs/{id}'].get.operationId).toBe('getBlogsById');
    expect(doc.paths['/api/admin/{kind}/{id}/notes'].post.operationId).toBe('postAdminByKindByIdNotes');
  });

  it('declares every operation public (security: []), behind bearer auth, or open to the session cookie', () => {
    // Refresh and logout: the browser's session cookie, or nothing (an API client's refresh token in the body).
    const withCookie = [{ sessionCookie: [] }, {}];
    for (const { route, method, op } of operations()) {
      expect([[], [{ bearerAuth: [] }], withCookie], `${method} ${route}`).toContainEqual(op.security);
    }
    expect(doc.paths['/api/auth/refresh-token'].post.security).toEqual(withCookie);
  });

  it('generates a typed client that type-checks a call to every public operation', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agency-openapi-client-'));
    try {
      writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc as never)));
      const publicOps = operations().filter(({ op }) => op.security.length === 0);
      const calls = publicOps.map(({ route, method, op }) => callOf(route, method, op));
      const source = [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './api';",
        `const client = createClient<paths>({ baseUrl: ${JSON.stringify(doc.servers[0].url)} });`,
        'export async function everyPublicOperation() {',
        ...calls.map((call) => `  await ${call};`),
        // The types hold the document's names: the parameter is `id`, and a path that is not there is refused.
        "  // @ts-expect-error the parameter's name is id",
        "  await client.GET('/api/blogs/{id}', { params: { path: { idOrSlug: 'a-post' } } });",
        '  // @ts-expect-error no such path',
        "  await client.GET('/api/blogs/{idOrSlug}', { params: { path: { idOrSlug: 'a-post' } } });",
        '}',
        '',
      ].join('\n');
      const file = path.join(dir, 'calls.ts');
      writeFileSync(file, source);
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: [],
        // openapi-fetch is resolved from this app's node_modules.
        baseUrl: dir,
        paths: {
          'openapi-fetch': [
            createRequire(import.meta.url)
              .resolve('openapi-fetch')
              .replace(/\.[mc]?js$/, '.d.mts'),
          ],
        },
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics, source).toEqual([]);
      expect(calls.length).toBe(publicOps.length);
      expect(calls.length).toBeGreaterThan(15);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A value of `schema` as a literal a client would send (the first of a list, a required property each). */
function sample(schema: Json | undefined): string {
  if (!schema) return 'undefined';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return JSON.stringify(schema.enum[0]);
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) return sample(options.find((option: Json) => option.type !== 'null') ?? options[0]);
  const type = [schema.type].flat().find((value) => value !== 'null');
  if (type === 'object' || schema.properties) {
    const required: string[] = schema.required ?? [];
    const entries = required.map((key) => `${JSON.stringify(key)}: ${sample(schema.properties?.[key])}`);
    return `{ ${entries.join(', ')} }`;
  }
  if (type === 'array') return `[${schema.minItems ? sample(schema.items) : ''}]`;
  if (type === 'integer' || type === 'number') return String(schema.minimum ?? 1);
  if (type === 'boolean') return 'true';
  if (type === 'null') return 'null';
  return JSON.stringify(schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'text');
}

/** `client.METHOD('/path', { params, body })` with what the operation requires. */
function callOf(route: string, method: string, op: Json): string {
  const params: Record<string, string[]> = {};
  for (const parameter of (op.parameters ?? []) as Json[]) {
    if (!parameter.required) continue;
    (params[parameter.in] ??= []).push(`${JSON.stringify(parameter.name)}: ${sample(parameter.schema)}`);
  }
  const init: string[] = [];
  const groups = Object.entries(params).map(([place, values]) => `${place}: { ${values.join(', ')} }`);
  if (groups.length > 0) init.push(`params: { ${groups.join(', ')} }`);
  const content = op.requestBody?.content as Json | undefined;
  if (content && op.requestBody.required) {
    const schema = (content['application/json'] ?? Object.values(content)[0])?.schema;
    init.push(`body: ${sample(schema)}`);
  }
  return `client.${method.toUpperCase()}(${JSON.stringify(route)}${init.length ? `, { ${init.join(', ')} }` : ''})`;
}
