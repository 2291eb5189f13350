// A fresh app on a fresh, migrated database for one test file: PGlite in memory, or a new
// database on the PostgreSQL server of TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import pg from 'pg';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type Env, loadConfig } from '../src/config.ts';
import { loggerOptions } from '../src/lib/logger.ts';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Another instance of the app on the same database, as a second server behind a load balancer would be. */
  secondInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

async function freshPostgresUrl(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `agency_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
    ...env,
  });
  const database = createDb({ url: pgDb?.url, dataDir: 'memory://', poolSize: 4 });
  await database.migrate();
  const logger = options.logStream ? loggerOptions('info', options.logStream) : false;
  const app = await buildApp({
    config: { ...config, databaseUrl: pgDb?.url },
    database,
    logger,
    retentionSchedule: false,
    backupSchedule: false,
    onRoute: options.onRoute,
  });
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    dataDir,
    secondInstance: async () => {
      // The database is shared and closed by the first instance only.
      const shared = { ...database, close: async () => {} };
      const other = await buildApp({
        config: { ...config, databaseUrl: pgDb?.url },
        database: shared,
        logger: false,
        retentionSchedule: false,
        backupSchedule: false,
      });
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
