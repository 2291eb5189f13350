// A fresh app on a fresh, migrated database for one test file: PGlite in memory, or a new
// database on the PostgreSQL server of TEST_DATABASE_URL. Each database is a copy of the one template
// that global-setup.ts migrated before the first test file (without it, e.g. a file run under another
// config, each database is migrated from empty).
// PGlite on V8's baseline compiler, as in the server (decision 0043): first, before PGlite compiles.
import '../src/lib/wasm-baseline.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import type { PageAnswer } from '../src/plugins/page-renderer.ts';
import { type Env, loadConfig } from '../src/config.ts';
import { loggerOptions } from '../src/lib/logger.ts';
import { lightPasswordHashingForTests } from '../src/services/auth.ts';
import type { DbTemplate } from './global-setup.ts';
import { migratedCluster } from './pglite-template.ts';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Every page a native form post rendered, in order (the stand-in renderer's record; no web build here). */
  renderedPages: PageAnswer[];
  /** Another instance of the app on the same database, as a second server behind a load balancer would be. */
  secondInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

// Every account a test makes is hashed at argon2id's lightest cost, not the production one (40 ms of CPU each).
lightPasswordHashingForTests();

// Undefined when the file runs without global-setup.ts.
const template = inject('dbTemplate') as DbTemplate | undefined;

async function freshPostgresUrl(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `agency_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const copy = template?.kind === 'postgres' ? ` template ${template.name}` : '';
  await admin.query(`create database ${name}${copy}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestAppOptions {
  /** Receives the app's log lines (the production logger configuration) instead of no logging at all. */
  logStream?: DestinationStream;
  /** Told of every route as it is registered. */
  onRoute?: AppOptions['onRoute'];
  /** PGlite even when TEST_DATABASE_URL is set (the backup tests move data between the two). */
  embedded?: boolean;
  /** The mailbox watcher's backoff and lease times (the IMAP tests shorten them). */
  inboundTimings?: AppOptions['inboundTimings'];
}

export async function createTestApp(env: Partial<Env> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-api-'));
  const baseUrl = options.embedded ? undefined : process.env.TEST_DATABASE_URL;
  const pgDb = baseUrl ? await freshPostgresUrl(baseUrl) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    // Tests send many requests from one address; a test about limits sets its own.
    RATE_LIMIT_MAX: '1000',
    // Most tests post leads like an API client without a proof of work; the challenge tests set their mode.
    SPAM_CHALLENGE: 'off',
    // A challenge a test solves in a millisecond (production keeps 200000; the shape is the same).
    CHALLENGE_MAXNUMBER: '1000',
    ...env,
  });
  const database = createDb({ url: pgDb?.url, dataDir: 'memory://', poolSize: 4, loadDataDir: migratedCluster() });
  // On a copy of the template this finds every migration applied and changes nothing.
  await database.migrate();
  const logger = options.logStream ? loggerOptions('info', options.logStream) : false;
  const app = await buildApp({
    config: { ...config, databaseUrl: pgDb?.url },
    database,
    logger,
    retentionSchedule: false,
    backupSchedule: false,
    onRoute: options.onRoute,
    inboundTimings: options.inboundTimings,
  });
  const renderedPages = standInPages(app);
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    dataDir,
    renderedPages,
    secondInstance: async () => {
      // The database is shared and closed by the first instance only.
      const shared = { ...database, close: async () => {} };
      const other = await buildApp({
        config: { ...config, databaseUrl: pgDb?.url },
        database: shared,
        logger: false,
        retentionSchedule: false,
        backupSchedule: false,
        inboundTimings: options.inboundTimings,
      });
      standInPages(other);
      await other.ready();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The page renderer of every API test app (the web plugin's place): records the page a form post would render and
 * answers with what the page would show, as JSON: the API's error body for a refusal, the session after a sign-in.
 */
function standInPages(app: FastifyInstance): PageAnswer[] {
  const rendered: PageAnswer[] = [];
  app.usePageRenderer(async (_request, reply, answer) => {
    rendered.push(answer);
    return reply.status(answer.status).send(answer.form.error ?? answer.form.session ?? answer.form.values);
  });
  return rendered;
}

/** A stored file's bytes, or null: read whole, since a stream left unread opens its file later, after a test may
 *  have removed the directory (an uncaught ENOENT). */
export async function storedFile(app: FastifyInstance, key: string): Promise<Buffer | null> {
  const stored = await app.storage.get(key);
  return stored ? Buffer.concat((await stored.stream.toArray()) as Buffer[]) : null;
}
