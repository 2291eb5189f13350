// createDb(): the one way the app reaches its database, embedded PGlite or a PostgreSQL server.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { makeClusterTemplate, startFromTemplate } from './cluster-template.ts';
import { forgetOwner, recordOwner } from './embedded-lock.ts';
import * as schema from './schema.ts';

export * as schema from './schema.ts';
export { clusterTemplateDir, makeTemplateBeforeOpening } from './cluster-template.ts';
export { embeddedLock, type EmbeddedLock, OWNER_FILE, PGLITE_LOCK_FILE } from './embedded-lock.ts';
export {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  gt,
  gte,
  ne,
  or,
  sql,
} from 'drizzle-orm';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A moment of the app's clock as a `timestamptz` in a query, where the database's own `now()` would not follow a
 * clock the app or its tests set (scheduled content, the digest).
 */
export const timestamptz = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;
type Row = Record<string, unknown>;

export interface Database {
  db: Db;
  /** 'pglite' or 'postgres' */
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** Runs one statement outside any transaction and returns its rows (`db.execute`, whichever the driver). */
  run(statement: SQL): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… ; when absent, PGlite stores its data in `dataDir`. */
  url?: string;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PGlite only: a dump of a data directory (PGlite's `dumpDataDir()`) to start from instead of an empty
   * cluster. The API tests start every database from one migrated template this way (apps/api/test).
   */
  loadDataDir?: Blob;
  /**
   * PostgreSQL: the session's application_name. The server's is APPLICATION_NAME, which `npm run restore` looks
   * for in pg_stat_activity to refuse restoring under a running instance; the CLI names itself otherwise.
   */
  applicationName?: string;
}

/** The application_name of the server's PostgreSQL sessions. */
export const APPLICATION_NAME = 'agency';

// Resolved through the package name so it also holds when the API is bundled into one file.
export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@agency/db/package.json')),
  'migrations',
);

/** Any fixed number: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 7_391_004;

export function createDb(options: DbOptions): Database {
  if (options.url)
    return createPostgres(options.url, options.poolSize ?? 10, options.applicationName ?? APPLICATION_NAME);
  return createPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

/**
 * PGlite's start-up parameters: its own, and a buffer pool of 16 MB instead of PostgreSQL's 128 MB. PGlite's
 * shared memory lives in its WebAssembly memory, and 128 MB of buffers made an open database hold ~320 MiB
 * resident (~200 MiB with 16 MB), growing further as a backup read every table; lead posts are no slower (the
 * data files stay in the OS's page cache). docs/backups.md has the figures.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

function createPglite(dataDir: string, loadDataDir?: Blob): Database {
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(dataDir, { recursive: true });
  // An empty directory starts as a copy of the empty cluster made once, not with PGlite's initdb (~700 MiB).
  if (onDisk && !loadDataDir) startFromTemplate(dataDir);
  const client = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS, ...(loadDataDir ? { loadDataDir } : {}) });
  // Beside PGlite's lock file, which does not say which process holds it (see embedded-lock.ts).
  if (onDisk) recordOwner(dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // PGlite is one process's own database: nothing else can migrate it concurrently.
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    run: async (statement) => (await db.execute<Row>(statement)).rows,
    close: async () => {
      await client.close();
      if (onDisk) forgetOwner(dataDir);
    },
  };
}

/**
 * Makes the empty cluster that new embedded databases start from, when absent (`npm run build`): PGlite's initdb,
 * with the start parameters the app opens it with. Returns whether it made one.
 */
export function makeEmbeddedTemplate(): Promise<boolean> {
  return makeClusterTemplate(PGLITE_START_PARAMS);
}

/**
 * A fresh PGlite cluster with every migration applied, dumped (uncompressed tar, for `loadDataDir`): the API
 * tests migrate once and start each test's database from it, which skips PGlite's initdb and the migrations. It
 * starts from the empty cluster (made here when absent, so the CLI tests find it too), else from PGlite's initdb.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  await makeEmbeddedTemplate().catch(() => false);
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-migrated-'));
  const dataDir = path.join(dir, 'db');
  const client = new PGlite(startFromTemplate(dataDir) ? dataDir : 'memory://');
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function createPostgres(url: string, poolSize: number, applicationName: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    application_name: applicationName,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    run: async (statement) => (await db.execute<Row>(statement)).rows,
    close: () => pool.end(),
  };
}
