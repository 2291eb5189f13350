// createDb(): the one way the app reaches its database, embedded PGlite or a PostgreSQL server.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PGlite, protocol } from '@electric-sql/pglite';
import { is, type Query, SQL, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export * as schema from './schema.ts';
export { shapedStatement, type ShapedStatement, type StatementValues } from './shaped-statement.ts';
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

export interface Database {
  db: Db;
  /** 'pglite' or 'postgres' */
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * Runs one statement outside any transaction and returns its rows (like `db.execute`): drizzle SQL, or a
   * query already rendered to text and parameters (`shapedStatement`). On PGlite it is prepared once per text,
   * then bound and executed in a single call into the engine, together with the statements that wait for it
   * (group commit): PGlite answers one statement at a time in this process, and drizzle's path through its
   * query() costs six calls into the engine plus a fresh parse and plan every time (issue 14, the lead POST
   * under load). PostgreSQL: one query on the pool.
   */
  run(statement: SQL | Query): Promise<Record<string, unknown>[]>;
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

function createPglite(dataDir: string, loadDataDir?: Blob): Database {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, loadDataDir ? { loadDataDir } : {});
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // PGlite is one process's own database: nothing else can migrate it concurrently.
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    run: preparedRunner(client),
    close: () => client.close(),
  };
}

/**
 * A fresh PGlite cluster with every migration applied, dumped (uncompressed tar, for `loadDataDir`): the API
 * tests migrate once and start each test's database from it, which skips PGlite's initdb and the migrations.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite('memory://');
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

const dialect = new PgDialect();
type Row = Record<string, unknown>;
type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];
type DataRow = InstanceType<typeof protocol.messages.DataRowMessage>;
type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A parameter as the protocol's text format carries it; drizzle has already mapped dates and JSON. */
function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new TypeError(`A ${typeof value} cannot be sent as a text parameter`);
}

/** Statements a single call into PGlite carries at most: one transaction, one commit for all of them. */
const GROUP_MAX = 64;

interface Waiting {
  name: string;
  text: string;
  values: (string | null)[];
  query: Query;
  done: (rows: Row[]) => void;
  fail: (error: unknown) => void;
}

/**
 * `run` on PGlite, with group commit. Statements that arrive while the engine is busy, or in the same turn
 * of the event loop, go to it together in one call: for each, Parse (the first time, under a name derived from
 * the text), Bind, Describe and Execute, then one Sync, so they run in order in one transaction and share one
 * commit. Each caller's promise settles after that commit. If any of them fails, the transaction is rolled
 * back as a whole and each statement is sent again on its own, so one bad statement never costs the others.
 * It holds PGlite's transaction lock, as its own query() does, so it never lands inside another caller's
 * transaction.
 */
function preparedRunner(client: PGlite): (statement: SQL | Query) => Promise<Row[]> {
  const prepared = new Set<string>();
  // Text → statement name; the texts are the app's own statements (a few shapes), never data.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  const { serialize, Parser } = protocol;
  let waiting: Waiting[] = [];
  let scheduled = false;

  /** Sends `group` in one call; the answers of each statement in order, or null when the group failed. */
  async function exchange(group: Waiting[]): Promise<BackendMessage[][] | null> {
    const parts: Uint8Array[] = [];
    const fresh = new Set<string>();
    for (const item of group) {
      if (!prepared.has(item.name) && !fresh.has(item.name)) {
        fresh.add(item.name);
        // A name parsed in a group that then failed may exist already; closing a missing one is no error.
        parts.push(
          serialize.close({ type: 'S', name: item.name }),
          serialize.parse({ name: item.name, text: item.text }),
        );
      }
      parts.push(
        serialize.bind({ statement: item.name, values: item.values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      );
    }
    parts.push(serialize.sync());
    const answers: BackendMessage[][] = group.map(() => []);
    let current = 0;
    let failed: BackendMessage | null = null;
    new Parser().parse(await client.execProtocolRaw(concat(parts)), (message) => {
      if (message instanceof protocol.messages.DatabaseError) failed = message;
      if (message.name === 'parseComplete' || message.name === 'closeComplete' || message.name === 'readyForQuery')
        return;
      answers[current]?.push(message);
      if (message.name === 'commandComplete' || message.name === 'emptyQuery') current++;
    });
    if (failed && group.length > 1) return null;
    for (const name of fresh) prepared.add(name);
    if (failed) {
      // The only statement of the group: its name may not have been parsed.
      prepared.delete(group[0]?.name ?? '');
      answers[0] = [failed];
    }
    return answers;
  }

  async function drain() {
    scheduled = false;
    const group = waiting.slice(0, GROUP_MAX);
    waiting = waiting.slice(group.length);
    if (waiting.length > 0) schedule();
    await client
      ._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const answers = (await exchange(group)) ?? [];
          if (answers.length === 0) {
            for (const item of group) answers.push((await exchange([item]))?.[0] ?? []);
          }
          group.forEach((item, i) => settle(item, answers[i] ?? []));
        }),
      )
      .catch((error: unknown) => {
        for (const item of group) item.fail(error);
      });
  }

  // setImmediate, not a microtask: requests whose bytes arrived in this turn reach run() before the group goes.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void drain());
  };

  function settle(item: Waiting, messages: BackendMessage[]) {
    const error = messages.find((message) => message instanceof protocol.messages.DatabaseError);
    if (error) return item.fail(new DrizzleQueryError(item.query.sql, item.query.params, error as Error));
    const description = messages.find((message) => message.name === 'rowDescription') as RowDescription | undefined;
    const fields = description?.fields ?? [];
    item.done(
      messages
        .filter((message): message is DataRow => message.name === 'dataRow')
        .map((row) =>
          Object.fromEntries(
            fields.map((field, i) => {
              const text = row.fields[i] ?? null;
              const parse = client.parsers[field.dataTypeID];
              return [field.name, text === null || !parse ? text : parse(text, field.dataTypeID)];
            }),
          ),
        ),
    );
  }

  return (statement) =>
    new Promise<Row[]>((done, fail) => {
      const query = is(statement, SQL) ? dialect.sqlToQuery(statement) : statement;
      waiting.push({
        name: nameOf(query.sql),
        text: query.sql,
        values: query.params.map(textValue),
        query,
        done,
        fail,
      });
      schedule();
    });
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
    run: async (statement) =>
      is(statement, SQL)
        ? ((await db.execute(statement)) as unknown as { rows: Row[] }).rows
        : (await pool.query(statement.sql, statement.params)).rows,
    close: () => pool.end(),
  };
}
