import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 { status: "ok" } while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const other = await createTestApp();
    await other.app.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', failing: ['database'] });
    await other.app.close().catch(() => {});
  });

  it('answers 503 naming the storage when files cannot be written, and leaves no probe file behind', async () => {
    const other = await createTestApp();
    try {
      const uploads = path.join(other.dataDir, 'uploads');
      // A file where the uploads directory should be: nothing can be written under it, even by root.
      rmSync(uploads, { recursive: true, force: true });
      writeFileSync(uploads, 'not a directory');
      const res = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', failing: ['storage'] });
    } finally {
      await other.close();
    }
  });

  it('probes the storage by writing, reading and deleting a file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const probes = path.join(t.dataDir, 'uploads', 'health');
    expect(existsSync(probes) ? readdirSync(probes) : []).toEqual([]);
  });
});

describe('bad requests', () => {
  it('answers 404 JSON for an unknown /api path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error).toContain('/api/no-such-thing');
  });

  it('answers 400 for a body that is not valid JSON, and keeps serving', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON' });
    const after = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
  });

  it('answers 404, not 500, for odd methods and encoded paths', async () => {
    for (const url of ['/api/%E0%A4%A', '/api/../../etc/passwd', '/api/health/%00']) {
      const res = await t.app.inject({ method: 'DELETE', url });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
