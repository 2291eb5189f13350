// createDb(): the one way the app reaches its database, embedded PGlite or a PostgreSQL server.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { PGlite, protocol } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export * as schema from './schema.ts';
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
   * Runs one statement outside any transaction and returns its rows (like `db.execute`). On PGlite it is
   * prepared once per text and then bound and executed in a single call into the engine: PGlite answers one
   * statement at a time in this process, and drizzle's path through its query() costs six calls into the
   * engine plus a fresh parse and plan every time (issue 14, the lead POST under load). PostgreSQL: `db.execute`.
   */
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
}

// Resolved through the package name so it also holds when the API is bundled into one file.
export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@agency/db/package.json')),
  'migrations',
);

/** Any fixed number: the key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 7_391_004;

export function createDb(options: DbOptions): Database {
  if (options.url) return createPostgres(options.url, options.poolSize ?? 10);
  return createPglite(options.dataDir ?? 'memory://');
}

function createPglite(dataDir: string): Database {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
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

/**
 * `run` on PGlite: Parse (the first time, under a name derived from the text), Bind, Describe, Execute and
 * Sync in one message. It holds PGlite's transaction lock, as its own query() does, so it never lands inside
 * another caller's transaction; the statement commits on its own at Sync.
 */
function preparedRunner(client: PGlite): (statement: SQL) => Promise<Row[]> {
  const prepared = new Set<string>();
  const { serialize, Parser } = protocol;
  return async (statement) => {
    const query = dialect.sqlToQuery(statement);
    const name = `s_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
    const values = query.params.map(textValue);
    const messages: BackendMessage[] = [];
    await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const fresh = !prepared.has(name);
        const request = concat([
          ...(fresh ? [serialize.parse({ name, text: query.sql })] : []),
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]);
        new Parser().parse(await client.execProtocolRaw(request), (message) => messages.push(message));
        if (messages.some((message) => message.name === 'parseComplete')) prepared.add(name);
      }),
    );
    const error = messages.find((message) => message instanceof protocol.messages.DatabaseError);
    if (error) throw new DrizzleQueryError(query.sql, query.params, error as Error);
    const description = messages.find((message) => message.name === 'rowDescription') as RowDescription | undefined;
    const fields = description?.fields ?? [];
    return messages
      .filter((message): message is DataRow => message.name === 'dataRow')
      .map((row) =>
        Object.fromEntries(
          fields.map((field, i) => {
            const text = row.fields[i] ?? null;
            const parse = client.parsers[field.dataTypeID];
            return [field.name, text === null || !parse ? text : parse(text, field.dataTypeID)];
          }),
        ),
      );
  };
}

function createPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
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
    run: async (statement) => ((await db.execute(statement)) as unknown as { rows: Row[] }).rows,
    close: () => pool.end(),
  };
}
