// `npm run db:check`: does what the migrations build match what schema.ts declares? Both are built in one
// empty database, one after the other: the migrations by the migrator, then (in a fresh public schema)
// schema.ts by drizzle-kit's own SQL for it (drizzle-kit/api, offline). Their catalogs are read back the same
// way, so PostgreSQL writes both sides' types, defaults and expressions in one canonical form. What schema.ts
// cannot declare (functions, triggers) is not compared.
import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

type Row = Record<string, unknown>;
/** Runs one query with parameters and returns its rows. */
type Query = (text: string, params?: unknown[]) => Promise<Row[]>;

/** One object of the database ("column quotes.email") and how it is defined, in PostgreSQL's own words. */
export type Catalog = Map<string, string>;

/** The public schema's tables, columns, indexes, constraints and enums, keyed by kind and name. */
export async function readCatalog(query: Query): Promise<Catalog> {
  const catalog: Catalog = new Map();
  for (const row of await query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  ))
    catalog.set(`table ${String(row.name)}`, 'exists');
  for (const row of await query(
    `select c.relname as tbl, a.attname as col, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
       a.attgenerated as generated, pg_get_expr(d.adbin, d.adrelid) as expr
     from pg_attribute a
     join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
  )) {
    const expr = row.expr === null ? '' : String(row.expr);
    const definition = [
      String(row.type),
      row.not_null ? 'not null' : 'null',
      expr && (row.generated ? `generated always as (${expr}) stored` : `default ${expr}`),
    ].filter(Boolean);
    catalog.set(`column ${String(row.tbl)}.${String(row.col)}`, definition.join(' '));
  }
  // Indexes that back a constraint are compared as the constraint.
  for (const row of await query(
    `select c.relname as tbl, i.relname as name, pg_get_indexdef(x.indexrelid) as def
     from pg_index x
     join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`,
  ))
    catalog.set(`index ${String(row.tbl)}.${String(row.name)}`, String(row.def));
  for (const row of await query(
    `select c.relname as tbl, k.conname as name, pg_get_constraintdef(k.oid) as def
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and k.contype in ('p', 'u', 'f', 'c', 'x')`,
  ))
    catalog.set(`constraint ${String(row.tbl)}.${String(row.name)}`, String(row.def));
  for (const row of await query(
    `select t.typname as name, string_agg(e.enumlabel, ', ' order by e.enumsortorder) as labels
     from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public' group by t.typname`,
  ))
    catalog.set(`enum ${String(row.name)}`, String(row.labels));
  return catalog;
}

/** Each difference as a sentence naming the object; empty when the two agree. */
export function compareCatalogs(migrated: Catalog, declared: Catalog): string[] {
  const differences: string[] = [];
  for (const key of [...new Set([...migrated.keys(), ...declared.keys()])].sort()) {
    const fromMigrations = migrated.get(key);
    const fromSchema = declared.get(key);
    if (fromMigrations === fromSchema) continue;
    if (fromSchema === undefined)
      differences.push(`${key}: the migrations create it, schema.ts does not declare it (${fromMigrations})`);
    else if (fromMigrations === undefined)
      differences.push(`${key}: schema.ts declares it, no migration creates it (${fromSchema})`);
    else differences.push(`${key}: the migrations give "${fromMigrations}", schema.ts declares "${fromSchema}"`);
  }
  return differences;
}

/** The SQL that creates what `schema` (a module's exports, as schema.ts) declares in an empty database. */
export async function declaredSql(schema: Record<string, unknown>): Promise<string[]> {
  const empty = generateDrizzleJson({});
  return generateMigration(empty, generateDrizzleJson(schema, empty.id));
}

/** Where the two sides are built: PGlite in memory, or a PostgreSQL server (a scratch database on it). */
export interface Engine {
  name: string;
  /** An empty database: its query function, drizzle migrator run, and its disposal. */
  empty(): Promise<{ query: Query; migrate(folder: string): Promise<void>; dispose(): Promise<void> }>;
}

export const pgliteEngine: Engine = {
  name: 'PGlite',
  async empty() {
    const client = new PGlite('memory://');
    return {
      query: async (text, params) => (await client.query<Row>(text, params)).rows,
      migrate: (migrationsFolder) => migratePglite(drizzlePglite(client), { migrationsFolder }),
      dispose: () => client.close(),
    };
  },
};

/** A scratch database named agency_check_… on the server of `url`, dropped afterwards (needs CREATEDB). */
export function postgresEngine(url: string): Engine {
  return {
    name: 'PostgreSQL',
    async empty() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const name = `agency_check_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
      return {
        query: async (text, params) => (await client.query(text, params)).rows as Row[],
        migrate: (migrationsFolder) => migratePg(drizzlePg(client), { migrationsFolder }),
        async dispose() {
          await client.end();
          await admin.query(`drop database if exists ${name}`);
          await admin.end();
        },
      };
    },
  };
}

/** The differences between the migrations in `migrationsFolder` and `schema`, on `engine`. */
export async function checkSchema(
  schema: Record<string, unknown>,
  migrationsFolder: string,
  engine: Engine = pgliteEngine,
): Promise<string[]> {
  const database = await engine.empty();
  try {
    await database.migrate(migrationsFolder);
    const migrated = await readCatalog(database.query);
    await database.query('drop schema public cascade');
    await database.query('create schema public');
    for (const statement of await declaredSql(schema)) await database.query(statement);
    return compareCatalogs(migrated, await readCatalog(database.query));
  } finally {
    await database.dispose();
  }
}
