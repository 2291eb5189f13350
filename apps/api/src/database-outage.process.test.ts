// The site without its database (issue 30 point 5): the server from the web build on a PostgreSQL server of this
// test's own, which is stopped and started again under a steady load of page views. While it is away every
// prerendered page and every page the public cache holds answers 200 (the last good version), an uncached page of
// the database and a lead post answer 503 with Retry-After, health answers 503 naming `database`; once it is back
// everything answers again by itself within seconds.
// Runs where PostgreSQL is installed and TEST_DATABASE_URL is set (CI's PostgreSQL run), after a build.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT } from '../test/lead-fixtures.ts';
import { createPostgresServer, postgresBinaries, type PostgresServer } from '../test/postgres-server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const buildDir = path.join(root, 'apps/web/build');
const bin = postgresBinaries();
const built = existsSync(path.join(buildDir, 'server/index.js'));
// The port of this test's PostgreSQL: its own, so stopping it touches no other test's database.
const PG_PORT = Number(process.env.OUTAGE_PG_PORT ?? 55441);
const RECOVERY_MS = 10_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Every prerendered page of the build, as its path. */
function prerenderedPages(dir = path.join(buildDir, 'client'), prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return entry.name === 'assets' ? [] : prerenderedPages(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    if (entry.name !== 'index.html') return [];
    return [prefix || '/'];
  });
}

async function waitFor(what: string, ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(bin && built && process.env.TEST_DATABASE_URL)('the site without its database', () => {
  let postgres: PostgresServer;
  let server: ChildProcess;
  let origin = '';
  let log = '';

  beforeAll(async () => {
    postgres = createPostgresServer(bin!, PG_PORT);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database agency_outage');
    await admin.end();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: postgres.url.replace(/\/postgres$/, '/agency_outage'),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'agency-outage-')),
        HOST: '127.0.0.1',
        PORT: String(port),
        JWT_SECRET: 'outage-secret-outage-secret-outage-secret-0123',
        SPAM_CHALLENGE: 'off',
        RATE_LIMIT_MAX: '10000',
        LOG_LEVEL: 'warn',
        DATABASE_POOL_SIZE: '4',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitFor('the server answers', 60_000, async () => (await fetch(`${origin}/api/health`)).ok);
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    postgres?.remove();
  });

  it('keeps its pages up, answers 503 for the rest, and recovers by itself', async () => {
    const prerendered = prerenderedPages()
      .sort((a, b) => a.length - b.length)
      .slice(0, 12);
    expect(prerendered).toContain('/');
    expect(prerendered.length).toBeGreaterThan(5);
    // Pages of the database the public cache keeps once they are asked for.
    const cached = ['/blog', '/blog/rss.xml', '/api/blogs', '/api/content/about', '/blog?utm_source=mail'];
    for (const page of cached) expect((await fetch(`${origin}${page}`)).status, page).toBe(200);
    const shown = [...prerendered, ...cached];

    // A steady load of page views: three visitors, one page after another.
    const views: { page: string; status: number; phase: string }[] = [];
    let phase = 'up';
    let loading = true;
    const visitor = async (offset: number) => {
      for (let i = offset; loading; i++) {
        const page = shown[i % shown.length]!;
        const status = await fetch(`${origin}${page}`).then(
          (response) => response.arrayBuffer().then(() => response.status),
          () => 0,
        );
        views.push({ page, status, phase });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const load = [0, 1, 2].map((offset) => visitor(offset * 5));
    await waitFor('views before the outage', 10_000, async () => views.length >= 30);

    postgres.stop();
    phase = 'down';
    try {
      const health = await fetch(`${origin}/api/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { failing: string[] }).failing).toContain('database');

      for (const page of shown) {
        const response = await fetch(`${origin}${page}`);
        expect(response.status, `${page} while the database is away`).toBe(200);
      }
      for (const page of ['/blog?q=outage', '/api/blogs?q=outage', '/career']) {
        const response = await fetch(`${origin}${page}`);
        expect(response.status, `${page} (not cached) while the database is away`).toBe(503);
        expect(response.headers.get('retry-after'), page).toMatch(/^\d+$/);
      }
      const lead = await fetch(`${origin}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CONTACT),
      });
      expect(lead.status).toBe(503);
      expect(lead.headers.get('retry-after')).toMatch(/^\d+$/);
      const downViews = views.filter((view) => view.phase === 'down').length;
      await waitFor(
        'views during the outage',
        10_000,
        async () => views.filter((view) => view.phase === 'down').length >= downViews + 30,
      );
    } finally {
      postgres.start();
    }
    phase = 'back';
    const startedAgain = Date.now();
    await waitFor(
      'health once the database is back',
      RECOVERY_MS,
      async () => (await fetch(`${origin}/api/health`)).ok,
    );
    await waitFor('a lead once the database is back', RECOVERY_MS, async () => {
      const response = await fetch(`${origin}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CONTACT),
      });
      return response.status === 201;
    });
    await waitFor('an uncached page once the database is back', RECOVERY_MS, async () =>
      [200].includes((await fetch(`${origin}/blog?q=outage`)).status),
    );
    const recovered = Date.now() - startedAgain;
    loading = false;
    await Promise.all(load);

    const failed = views.filter((view) => view.status !== 200);
    console.log(
      `outage: ${views.length} page views (${views.filter((view) => view.phase === 'down').length} while the ` +
        `database was away), ${failed.length} not 200; recovered ${recovered} ms after the database started`,
    );
    expect(failed, log.slice(-2000)).toEqual([]);
    expect(recovered).toBeLessThan(RECOVERY_MS);
    expect(server.exitCode, 'the server kept running').toBeNull();
  });
});
