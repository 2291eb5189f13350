// Backups: one .tar.gz with every table as JSON rows (a logical dump PGlite and PostgreSQL both read), every
// stored file, and manifest.json (schema version, row counts, a SHA-256 per entry); and the restore that checks
// it, loads it into an empty (or, with force, any) database in one transaction, and migrates it to today's schema.
// Tables, columns and foreign keys come from the database's catalog, so tables added by later migrations are
// backed up without a change here.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BACKUP_NAME_PATTERN } from '@agency/contract';
import { type Database, type Db, migrationsFolder, sql } from '@agency/db';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import tar from 'tar-stream';
import type { Storage } from './storage.ts';

export const BACKUP_FORMAT = 1;
export const MANIFEST = 'manifest.json';
export const BACKUP_NAME = BACKUP_NAME_PATTERN;
/** Keys the health check writes and deletes at once: never part of a backup. */
const TRANSIENT_KEYS = ['health/'];

export interface ManifestTable {
  name: string;
  /** The columns dumped (generated columns are left out: the database computes them again). */
  columns: string[];
  rows: number;
  /** Its entry in the archive: JSON lines, one row each. */
  entry: string;
}

export interface Manifest {
  format: number;
  createdAt: string;
  /** Where it was taken: 'pglite' or 'postgres'. */
  database: string;
  /** The last migration applied to the database it was taken from. */
  schema: { migration: string; when: number; applied: number };
  /** In foreign-key order: a table comes after the tables it refers to. */
  tables: ManifestTable[];
  sequences: { name: string; lastValue: string | null }[];
  /** Stored files: storage key → archive entry. */
  files: { key: string; entry: string }[];
  /** Every entry but the manifest: its size in bytes and SHA-256 (hex). */
  checksums: Record<string, { size: number; sha256: string }>;
}

/** What is wrong with an archive or a target, said in one line; the CLI prints it and exits non-zero. */
export class BackupError extends Error {}

export const backupName = (at = new Date()) => `agency-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

type Tx = Pick<Db, 'execute'>;
type Row = Record<string, unknown>;

async function rows<T = Row>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface Catalog {
  tables: { name: string; columns: string[] }[];
  sequences: string[];
}

/** The public schema's tables in foreign-key order, their stored (not generated) columns, and its sequences. */
async function readCatalog(tx: Tx): Promise<Catalog> {
  const tableRows = await rows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columnRows = await rows<{ table: string; column: string }>(
    tx,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  );
  const edges = await rows<{ child: string; parent: string }>(
    tx,
    sql`select child.relname as child, parent.relname as parent from pg_constraint k
        join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
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

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** The last migration applied to the database `tx` reads (drizzle records each one's `when`). */
async function schemaVersion(tx: Tx): Promise<Manifest['schema']> {
  const journal = await readJournal();
  const applied = await rows<{ when: string | number; count: string | number }>(
    tx,
    sql`select max(created_at) as "when", count(*) as count from drizzle.__drizzle_migrations`,
  );
  const when = Number(applied[0]?.when ?? 0);
  const entry = journal.entries.find((item) => item.when === when);
  return { migration: entry?.tag ?? `unknown (${when})`, when, applied: Number(applied[0]?.count ?? 0) };
}

interface Dump {
  schema: Manifest['schema'];
  tables: (ManifestTable & { lines: string[] })[];
  sequences: Manifest['sequences'];
}

/**
 * Every table's rows as JSON lines, read in one REPEATABLE READ transaction: one snapshot, so a lead written
 * while it runs is wholly in the dump (its row, its events, its mail) or wholly not.
 */
async function dumpDatabase(database: Database): Promise<Dump> {
  return database.db.transaction(
    async (tx) => {
      const catalog = await readCatalog(tx);
      const schema = await schemaVersion(tx);
      const tables: Dump['tables'] = [];
      for (const table of catalog.tables) {
        const columns = table.columns.map(ident).join(', ');
        const lines = (
          await rows<{ line: string }>(
            tx,
            sql.raw(`select row_to_json(t)::text as line from (select ${columns} from ${ident(table.name)}) t`),
          )
        ).map((row) => row.line);
        tables.push({ ...table, rows: lines.length, entry: `db/${table.name}.jsonl`, lines });
      }
      const sequences: Manifest['sequences'] = [];
      for (const name of catalog.sequences) {
        const [state] = await rows<{ last_value: string | number; is_called: boolean }>(
          tx,
          sql.raw(`select last_value, is_called from ${ident(name)}`),
        );
        sequences.push({ name, lastValue: state?.is_called ? String(state.last_value) : null });
      }
      return { schema, tables, sequences };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export interface BackupResult {
  name: string;
  file: string;
  sizeBytes: number;
  manifest: Manifest;
}

export interface BackupOptions {
  /** The directory the archive is written to. */
  outDir: string;
  /** Storage keys starting with these are not copied (the backups themselves, when they live in the bucket). */
  skipKeys?: string[];
  now?: Date;
}

/** Takes a backup into `outDir`: written under a temporary name, renamed when complete. */
export async function createBackup(
  database: Database,
  storage: Storage,
  options: BackupOptions,
): Promise<BackupResult> {
  const name = backupName(options.now);
  await mkdir(options.outDir, { recursive: true });
  const file = path.join(options.outDir, name);
  const partial = `${file}.partial`;
  const dump = await dumpDatabase(database);
  const skip = [...TRANSIENT_KEYS, ...(options.skipKeys ?? [])];
  const keys = (await storage.list())
    .map(({ key }) => key)
    .filter((key) => !skip.some((prefix) => key.startsWith(prefix)))
    .sort();

  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial));
  const checksums: Manifest['checksums'] = {};
  const addEntry = (entry: string, data: Buffer) =>
    new Promise<void>((done, fail) => {
      checksums[entry] = { size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
      pack.entry({ name: entry, size: data.length, mtime: options.now ?? new Date() }, data, (error) =>
        error ? fail(error) : done(),
      );
    });
  try {
    for (const table of dump.tables) {
      await addEntry(table.entry, Buffer.from(table.lines.length ? `${table.lines.join('\n')}\n` : '', 'utf8'));
      table.lines = [];
    }
    const files: Manifest['files'] = [];
    for (const key of keys) {
      const stored = await storage.get(key);
      // Deleted since it was listed (retention, a removed image): not part of this backup.
      if (!stored) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      const entry = `files/${key}`;
      await addEntry(entry, Buffer.concat(chunks));
      files.push({ key, entry });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: database.kind,
      schema: dump.schema,
      tables: dump.tables.map(({ name: table, columns, rows: count, entry }) => ({
        name: table,
        columns,
        rows: count,
        entry,
      })),
      sequences: dump.sequences,
      files,
      checksums,
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await new Promise<void>((done, fail) =>
      pack.entry({ name: MANIFEST, size: text.length, mtime: options.now ?? new Date() }, text, (error) =>
        error ? fail(error) : done(),
      ),
    );
    pack.finalize();
    await written;
    await rename(partial, file);
    return { name, file, sizeBytes: (await stat(file)).size, manifest };
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

export interface OpenedArchive {
  manifest: Manifest;
  /** Where the entries were extracted; remove with close(). */
  dir: string;
  close(): Promise<void>;
}

/**
 * Reads an archive into a temporary directory and checks it against its manifest: every entry present, none
 * extra, each with its size and SHA-256, each table's line count equal to its row count. Throws BackupError
 * naming the archive and the entry at fault.
 */
export async function openArchive(archive: string): Promise<OpenedArchive> {
  const label = path.basename(archive);
  try {
    const info = await stat(archive);
    if (!info.isFile()) throw new BackupError(`${label}: not a file`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${archive}: no such archive`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-restore-'));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    const found = new Map<string, { size: number; sha256: string }>();
    let manifestText: string | null = null;
    const extract = tar.extract();
    extract.on('entry', (header, stream, next) => {
      const name = header.name;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on('error', next);
      stream.on('end', () => {
        const data = Buffer.concat(chunks);
        if (header.type !== 'file') return next();
        if (name === MANIFEST) {
          manifestText = data.toString('utf8');
          return next();
        }
        if (name.includes('..') || path.isAbsolute(name))
          return next(new BackupError(`${label}: unsafe entry ${name}`));
        found.set(name, { size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
        const target = path.join(dir, 'entries', name);
        mkdir(path.dirname(target), { recursive: true })
          .then(() => writeFile(target, data))
          .then(() => next(), next);
      });
    });
    try {
      await pipeline(createReadStream(archive), createGunzip(), extract);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`${label}: truncated or not a backup archive (${(error as Error).message})`);
    }
    if (manifestText === null) throw new BackupError(`${label}: ${MANIFEST} is missing (truncated or not a backup)`);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(manifestText) as Manifest;
    } catch {
      throw new BackupError(`${label}: ${MANIFEST} is not valid JSON`);
    }
    if (manifest.format !== BACKUP_FORMAT || !manifest.checksums || !Array.isArray(manifest.tables)) {
      throw new BackupError(`${label}: ${MANIFEST} is not a backup manifest of format ${BACKUP_FORMAT}`);
    }
    for (const [entry, expected] of Object.entries(manifest.checksums)) {
      const actual = found.get(entry);
      if (!actual) throw new BackupError(`${label}: ${entry} is missing from the archive`);
      if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
        throw new BackupError(`${label}: ${entry} does not match its SHA-256 in ${MANIFEST}`);
      }
    }
    for (const entry of found.keys()) {
      if (!manifest.checksums[entry]) throw new BackupError(`${label}: ${entry} is not listed in ${MANIFEST}`);
    }
    for (const table of manifest.tables) {
      const lines = await tableLines(dir, table);
      if (lines.length !== table.rows) {
        throw new BackupError(`${label}: ${table.entry} holds ${lines.length} rows, ${MANIFEST} says ${table.rows}`);
      }
    }
    return { manifest, dir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function tableLines(dir: string, table: ManifestTable): Promise<string[]> {
  const text = await readFile(path.join(dir, 'entries', table.entry), 'utf8');
  return text.split('\n').filter((line) => line.length > 0);
}

/** Checks an archive without restoring it (the scheduled backup reads each one back this way). */
export async function verifyArchive(archive: string): Promise<Manifest> {
  const opened = await openArchive(archive);
  await opened.close();
  return opened.manifest;
}

/** Rows per public table. */
async function countRows(tx: Tx): Promise<Map<string, number>> {
  const catalog = await readCatalog(tx);
  const counts = new Map<string, number>();
  for (const table of catalog.tables) {
    const [row] = await rows<{ count: string | number }>(
      tx,
      sql.raw(`select count(*) as count from ${ident(table.name)}`),
    );
    counts.set(table.name, Number(row?.count ?? 0));
  }
  return counts;
}

/**
 * Tables whose rows someone made: staff accounts, visitors' leads and consents, the audit of staff actions,
 * published content. Rows elsewhere (seeded by migrations or at start, like the site's content documents,
 * counters, rate limits) do not make a database "in use". Tables a release does not have are skipped.
 */
const OWNED_TABLES = ['users', 'quotes', 'contacts', 'applications', 'consents', 'audit_log', 'blogs', 'jobs', 'media'];

/** Whether the target holds data someone made; a fresh install (or one only started) does not. */
async function holdsData(database: Database): Promise<string | null> {
  for (const table of OWNED_TABLES) {
    const [present] = await rows<{ present: boolean }>(
      database.db,
      sql`select to_regclass(${`public.${ident(table)}`}) is not null as present`,
    );
    if (!present?.present) continue;
    const [row] = await rows<{ count: string | number }>(
      database.db,
      sql.raw(`select count(*) as count from ${ident(table)}`),
    );
    const count = Number(row?.count ?? 0);
    if (count > 0) return `${table} holds ${count} rows`;
  }
  return null;
}

export interface RestoreOptions {
  /** Replace a database that already holds data. */
  force?: boolean;
  /** Told of each step, for the CLI's output. */
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows per table right after loading, before later migrations ran (they match the manifest). */
  counts: { table: string; expected: number; restored: number }[];
  files: number;
  /** Migrations applied after loading, to bring an older archive to today's schema. */
  migrated: string[];
}

type Migration = ReturnType<typeof readMigrationFiles>[number];

/** Drops everything in the database: the public schema and drizzle's record of the migrations. */
async function resetSchema(tx: Tx): Promise<void> {
  await tx.execute(sql.raw('drop schema if exists drizzle cascade'));
  await tx.execute(sql.raw('drop schema if exists public cascade'));
  await tx.execute(sql.raw('create schema public'));
  await tx.execute(sql.raw('grant usage on schema public to public'));
  await tx.execute(sql.raw('create schema drizzle'));
  // drizzle's own bookkeeping table, as its migrator creates it, so the server's start sees these as applied.
  await tx.execute(
    sql.raw('create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)'),
  );
}

/** Applies migrations the way drizzle's migrator does, but inside the caller's transaction. */
async function applyMigrations(tx: Tx, list: Migration[]): Promise<void> {
  for (const migration of list) {
    for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

/** Empties a database and applies the committed migrations up to and including the `count`th (tests of old archives). */
export async function migrateEmptyTo(database: Database, count: number): Promise<void> {
  const list = readMigrationFiles({ migrationsFolder }).slice(0, count);
  await database.db.transaction(async (tx) => {
    await resetSchema(tx);
    await applyMigrations(tx, list);
  });
}

/** Rows of one INSERT: large enough to be quick, small enough for one statement's parameter. */
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Restores an archive: checks it, refuses a database holding data (unless force) or an archive from a newer
 * schema, writes the files, then in ONE transaction empties the database, applies the migrations up to the
 * archive's, loads every table, sets the sequences, checks the counts and applies the later migrations. Any
 * failure rolls the database back to what it was.
 */
export async function restoreBackup(
  database: Database,
  storage: Storage,
  archive: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const opened = await openArchive(archive);
  try {
    const { manifest, dir } = opened;
    log(`${path.basename(archive)}: checksums of ${Object.keys(manifest.checksums).length} entries match`);
    const migrations = readMigrationFiles({ migrationsFolder });
    const journal = await readJournal();
    const latest = journal.entries.at(-1);
    if (latest && manifest.schema.when > latest.when) {
      throw new BackupError(
        `${path.basename(archive)}: taken at schema ${manifest.schema.migration}, newer than this release's ${latest.tag}; upgrade first`,
      );
    }
    if (!options.force) {
      const reason = await holdsData(database);
      if (reason) {
        throw new BackupError(`the target database already holds data (${reason}); restore with --force to replace it`);
      }
    }
    for (const file of manifest.files) {
      await storage.put(file.key, await readFile(path.join(dir, 'entries', file.entry)));
    }
    log(`${manifest.files.length} files written to storage`);

    const before = migrations.filter((migration) => migration.folderMillis <= manifest.schema.when);
    const after = migrations.filter((migration) => migration.folderMillis > manifest.schema.when);
    const counts: RestoreResult['counts'] = [];
    await database.db.transaction(async (tx) => {
      await resetSchema(tx);
      await applyMigrations(tx, before);
      // Rows the migrations seeded are replaced by the archive's.
      const catalog = await readCatalog(tx);
      if (catalog.tables.length > 0) {
        await tx.execute(sql.raw(`truncate ${catalog.tables.map((table) => ident(table.name)).join(', ')} cascade`));
      }
      for (const table of manifest.tables) {
        const lines = await tableLines(dir, table);
        const columns = table.columns.map(ident).join(', ');
        let batch: string[] = [];
        let bytes = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          await tx.execute(
            sql`insert into ${sql.raw(ident(table.name))} (${sql.raw(columns)}) overriding system value
                select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(ident(table.name))}, ${`[${batch.join(',')}]`}::json)`,
          );
          batch = [];
          bytes = 0;
        };
        for (const line of lines) {
          batch.push(line);
          bytes += line.length;
          if (bytes >= BATCH_BYTES) await flush();
        }
        await flush();
      }
      for (const sequence of manifest.sequences) {
        await tx.execute(
          sequence.lastValue === null
            ? sql`select setval(${`public.${ident(sequence.name)}`}::regclass, 1, false)`
            : sql`select setval(${`public.${ident(sequence.name)}`}::regclass, ${sequence.lastValue}::bigint, true)`,
        );
      }
      const restored = await countRows(tx);
      for (const table of manifest.tables) {
        const count = restored.get(table.name) ?? 0;
        counts.push({ table: table.name, expected: table.rows, restored: count });
        if (count !== table.rows) {
          throw new BackupError(`${table.name}: ${count} rows restored, the manifest says ${table.rows}`);
        }
      }
      await applyMigrations(tx, after);
    });
    const tags = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
    return {
      manifest,
      counts,
      files: manifest.files.length,
      migrated: after.map((migration) => tags.get(migration.folderMillis) ?? String(migration.folderMillis)),
    };
  } finally {
    await opened.close();
  }
}
