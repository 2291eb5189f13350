// The restore: checks an archive, refuses a target that holds data (unless forced) or has an instance connected,
// loads it into the database in one transaction, migrates it to today's schema, holds the mail that was pending,
// and only then writes the files.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { APPLICATION_NAME, type Database, migrationsFolder, sql } from '@agency/db';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { openArchive, tableLines } from './backup-archive.ts';
import { countRows, ident, readCatalog, readJournal, rows, type Tx } from './backup-catalog.ts';
import { BackupError, type Manifest, TRANSIENT_KEYS } from './backup-format.ts';
import type { Storage } from './storage.ts';

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

/** Sessions of a running instance on the target PostgreSQL database (its application_name); 0 on PGlite. */
export async function connectedInstances(database: Database): Promise<number> {
  if (database.kind !== 'postgres') return 0;
  const [row] = await rows<{ count: string | number }>(
    database.db,
    sql`select count(*) as count from pg_stat_activity
        where application_name = ${APPLICATION_NAME} and datname = current_database() and pid <> pg_backend_pid()`,
  );
  return Number(row?.count ?? 0);
}

export interface RestoreOptions {
  /** Replace a database that already holds data, and remove stored files the archive does not hold. */
  force?: boolean;
  /** age identities for an encrypted archive. */
  identities?: string[];
  /** Storage keys under these prefixes are left alone by force (the backups kept in the bucket). */
  keepKeys?: string[];
  /** Send the mail and webhooks that were pending when the archive was taken (a disaster recovery on the same domain). */
  sendPending?: boolean;
  /** Told of each step, for the CLI's output. */
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows per table right after loading, before later migrations ran (they match the manifest). */
  counts: { table: string; expected: number; restored: number }[];
  files: number;
  /** Stored files removed because the archive does not hold them (force only). */
  removedFiles: number;
  /** Messages pending in the archive, restored held (0 with sendPending: they are sent). */
  held: number;
  pending: number;
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
 * schema, then in ONE transaction empties the database, applies the migrations up to the archive's, loads every
 * table, sets the sequences, checks the counts and applies the later migrations; any failure rolls the database
 * back to what it was. A restored database holds no running backup (the first backup after it starts at once), and
 * the mail and webhooks pending in the archive are held (unless sendPending), so a restore mails no one by surprise.
 * Only then are the files written (and, with force, those the archive does not hold removed).
 */
export async function restoreBackup(
  database: Database,
  storage: Storage,
  archive: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const opened = await openArchive(archive, { identities: options.identities ?? [] });
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

    const before = migrations.filter((migration) => migration.folderMillis <= manifest.schema.when);
    const after = migrations.filter((migration) => migration.folderMillis > manifest.schema.when);
    const counts: RestoreResult['counts'] = [];
    let pending = 0;
    await database.db.transaction(async (tx) => {
      await resetSchema(tx);
      await applyMigrations(tx, before);
      // Rows the migrations seeded are replaced by the archive's.
      const catalog = await readCatalog(tx);
      if (catalog.tables.length > 0) {
        await tx.execute(sql.raw(`truncate ${catalog.tables.map((table) => ident(table.name)).join(', ')} cascade`));
      }
      for (const table of manifest.tables) {
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
          await nextTurn();
        };
        for await (const line of tableLines(dir, table)) {
          if (line.length === 0) continue;
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
      // The archive's own run (unfinished when it was taken) is no lease on the restored system.
      await tx.execute(sql`delete from backup_runs where finished_at is null`);
      const [waiting] = await rows<{ count: string | number }>(
        tx,
        options.sendPending
          ? sql`select count(*) as count from outbox where sent_at is null`
          : sql`with held as (update outbox set held_at = now() where sent_at is null and held_at is null returning 1)
                select count(*) as count from held`,
      );
      pending = Number(waiting?.count ?? 0);
      if (options.sendPending) await tx.execute(sql`update outbox set held_at = null where sent_at is null`);
    });
    log(
      options.sendPending
        ? `${pending} pending messages will be sent`
        : `${pending} messages that were pending are held: send or discard them on the dashboard, or restore with --send-pending`,
    );

    // Files only once the database is restored: a refused or failed restore leaves the storage as it was.
    const keep = new Set(manifest.files.map((file) => file.key));
    for (const file of manifest.files) {
      await storage.put(file.key, createReadStream(path.join(dir, 'entries', file.entry)));
    }
    let removedFiles = 0;
    if (options.force) {
      const untouched = [...TRANSIENT_KEYS, ...(options.keepKeys ?? [])];
      for (const { key } of await storage.list()) {
        if (keep.has(key) || untouched.some((prefix) => key.startsWith(prefix))) continue;
        await storage.delete(key);
        removedFiles += 1;
      }
    }
    log(
      `${manifest.files.length} files written to storage${removedFiles ? `, ${removedFiles} not in the archive removed` : ''}`,
    );
    const tags = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
    return {
      manifest,
      counts,
      files: manifest.files.length,
      removedFiles,
      held: options.sendPending ? 0 : pending,
      pending,
      migrated: after.map((migration) => tags.get(migration.folderMillis) ?? String(migration.folderMillis)),
    };
  } finally {
    await opened.close();
  }
}
