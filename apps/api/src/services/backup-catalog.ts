// What a backup reads of a database's catalog: the public tables in foreign-key order with their stored columns,
// the sequences, the last migration applied, and row counts. One short query at a time, the event loop turning
// between them: on PGlite each query runs on the server's own thread, and awaiting one does not let timers run. Tables added by later migrations are found here, so
// they are backed up and restored without a change elsewhere.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Db, migrationsFolder, sql } from '@agency/db';
import type { Manifest } from './backup-format.ts';

export type Tx = Pick<Db, 'execute'>;
export type Row = Record<string, unknown>;

export async function rows<T = Row>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface Catalog {
  tables: { name: string; columns: string[] }[];
  sequences: string[];
}

/** The public schema's tables in foreign-key order, their stored (not generated) columns, and its sequences. */
export async function readCatalog(tx: Tx): Promise<Catalog> {
  const tableRows = await rows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  await nextTurn();
  // pg_attribute, not information_schema.columns: the view took 200-450 ms on PGlite, all of it on the event loop.
  const columnRows = await rows<{ table: string; column: string }>(
    tx,
    sql`select c.relname as "table", a.attname as "column" from pg_attribute a
        join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = '' order by c.relname, a.attnum`,
  );
  await nextTurn();
  const edges = await rows<{ child: string; parent: string }>(
    tx,
    sql`select child.relname as child, parent.relname as parent from pg_constraint k
        join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  await nextTurn();
  const sequences = await rows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const names = tableRows.map((row) => row.name);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent) parents.get(child)?.add(parent);
  // Depth-first: each table after its parents. A cycle (none today) keeps the order it was met in.
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (seen.has(name) || path.has(name)) return;
    path.add(name);
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent, path);
    path.delete(name);
    seen.add(name);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return {
    tables: ordered.map((name) => ({
      name,
      columns: columnRows.filter((row) => row.table === name).map((row) => row.column),
    })),
    sequences: sequences.map((row) => row.name),
  };
}

export interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

export async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The last migration applied to the database `tx` reads (drizzle records each one's `when`). */
export async function schemaVersion(tx: Tx): Promise<Manifest['schema']> {
  const journal = await readJournal();
  const applied = await rows<{ when: string | number; count: string | number }>(
    tx,
    sql`select max(created_at) as "when", count(*) as count from drizzle.__drizzle_migrations`,
  );
  const when = Number(applied[0]?.when ?? 0);
  const entry = journal.entries.find((item) => item.when === when);
  return { migration: entry?.tag ?? `unknown (${when})`, when, applied: Number(applied[0]?.count ?? 0) };
}

/** Rows per public table. */
export async function countRows(tx: Tx): Promise<Map<string, number>> {
  const catalog = await readCatalog(tx);
  const counts = new Map<string, number>();
  for (const table of catalog.tables) {
    await nextTurn();
    const [row] = await rows<{ count: string | number }>(
      tx,
      sql.raw(`select count(*) as count from ${ident(table.name)}`),
    );
    counts.set(table.name, Number(row?.count ?? 0));
  }
  return counts;
}
