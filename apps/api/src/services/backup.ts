// Taking a backup: every table dumped as JSON lines from one snapshot (read in pages through a cursor, yielding to
// the event loop between pages), every stored file, and the manifest, streamed into a .tar.gz (age-encrypted with
// recipients) written under a .partial name and renamed when complete; the free-space check before it and the
// sweep of what an unfinished one left. The archive's format (backup-format.ts), its reading back
// (backup-archive.ts), the catalog (backup-catalog.ts) and the restore (backup-restore.ts) live beside it and are
// re-exported here.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createGzip } from 'node:zlib';
import { type Database, sql } from '@agency/db';
import tar from 'tar-stream';
import { encrypting } from './backup-archive.ts';
import { ident, readCatalog, rows, schemaVersion } from './backup-catalog.ts';
import {
  BACKUP_FORMAT,
  BackupError,
  backupName,
  Digest,
  type Manifest,
  MANIFEST,
  type ManifestTable,
  MIB,
  mib,
  TRANSIENT_KEYS,
} from './backup-format.ts';
import { DIR_MODE, FILE_MODE, type Storage } from './storage.ts';

// The archive's format, its reading back and the restore live beside this file; imported from here as before.
export * from './backup-format.ts';
export {
  openArchive,
  type OpenedArchive,
  type OpenOptions,
  readIdentities,
  verifyArchive,
  verifyWritten,
} from './backup-archive.ts';
export {
  connectedInstances,
  migrateEmptyTo,
  restoreBackup,
  type RestoreOptions,
  type RestoreResult,
} from './backup-restore.ts';

/** Rows fetched from the cursor at a time: each fetch blocks PGlite's thread, so small enough to keep it short. */
const PAGE_ROWS = 200;

interface DumpedTable extends ManifestTable {
  /** The staged JSON lines, written in pages. */
  file: string;
}

interface Dump {
  schema: Manifest['schema'];
  tables: DumpedTable[];
  sequences: Manifest['sequences'];
}

/**
 * Every table's rows as JSON lines in `staging`, read in one REPEATABLE READ transaction: one snapshot, so a lead
 * written while it runs is wholly in the dump (its row, its events, its mail) or wholly not. Rows come through a
 * cursor, PAGE_ROWS at a time, and the event loop turns between pages (PGlite runs on this thread).
 */
async function dumpDatabase(database: Database, staging: string, signal?: AbortSignal): Promise<Dump> {
  return database.db.transaction(
    async (tx) => {
      const catalog = await readCatalog(tx);
      await nextTurn();
      const schema = await schemaVersion(tx);
      const tables: Dump['tables'] = [];
      for (const table of catalog.tables) {
        await nextTurn();
        const file = path.join(staging, `${table.name}.jsonl`);
        const out = createWriteStream(file, { mode: FILE_MODE });
        const closed = finished(out);
        // A write error (a full TMPDIR) is seen at the next page, not as an unhandled event.
        closed.catch(() => {});
        const columns = table.columns.map(ident).join(', ');
        await tx.execute(
          sql.raw(
            `declare agency_dump no scroll cursor for select row_to_json(t)::text as line from (select ${columns} from ${ident(table.name)}) t`,
          ),
        );
        let count = 0;
        for (;;) {
          signal?.throwIfAborted();
          if (out.errored) throw out.errored;
          const page = await rows<{ line: string }>(tx, sql.raw(`fetch forward ${PAGE_ROWS} from agency_dump`));
          if (page.length === 0) break;
          count += page.length;
          if (!out.write(`${page.map((row) => row.line).join('\n')}\n`)) {
            await Promise.race([once(out, 'drain'), closed]);
          }
          await nextTurn();
        }
        await tx.execute(sql.raw('close agency_dump'));
        out.end();
        await closed;
        tables.push({ ...table, rows: count, entry: `db/${table.name}.jsonl`, file });
      }
      const sequences: Manifest['sequences'] = [];
      for (const name of catalog.sequences) {
        await nextTurn();
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
  /** SHA-256 of the archive as written (encrypted or not): the read-back of an encrypted archive compares it. */
  sha256: string;
  encrypted: boolean;
  manifest: Manifest;
}

export interface BackupOptions {
  /** The directory the archive is written to. */
  outDir: string;
  /** Storage keys starting with these are not copied (the backups themselves, when they live in the bucket). */
  skipKeys?: string[];
  now?: Date;
  /** Aborts the backup (a server stopping): the partial archive is removed and the promise rejects. */
  signal?: AbortSignal;
  /** age public keys (age1…): when given, the archive is encrypted to them. */
  recipients?: string[];
  /** The last archive's size: outDir and the staging directory must have that much free, plus a margin. */
  lastSizeBytes?: number;
  /** Where the tables are staged while the archive is written; TMPDIR by default. */
  stagingDir?: string;
}

/** Free space a backup needs beyond the last archive's size: a tenth more, at least 16 MiB. */
export const freeSpaceMargin = (lastSizeBytes: number) => Math.max(16 * MIB, Math.ceil(lastSizeBytes / 10));

/** Fails at once, naming both figures, when a directory has less free space than the last archive plus a margin. */
export async function checkFreeSpace(dirs: string[], lastSizeBytes: number): Promise<void> {
  const margin = freeSpaceMargin(lastSizeBytes);
  for (const dir of new Set(dirs)) {
    const info = await statfs(dir);
    const free = Number(info.bavail) * Number(info.bsize);
    if (free < lastSizeBytes + margin) {
      throw new BackupError(
        `not enough free space in ${dir}: ${mib(free)} free, the last archive took ${mib(lastSizeBytes)} ` +
          `(a backup needs that plus ${mib(margin)})`,
      );
    }
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what a backup or restore that never finished left behind (a crash, a kill -9): `*.partial` archives in
 * `dir`, and staging directories in TMPDIR, older than a day. Returns the names removed.
 */
export async function removeStalePartials(dir: string, olderThanMs = DAY_MS): Promise<string[]> {
  const removed: string[] = [];
  const sweep = async (where: string, matches: (name: string) => boolean) => {
    const names = await readdir(where).catch(() => [] as string[]);
    for (const name of names.filter(matches)) {
      const target = path.join(where, name);
      const info = await stat(target).catch(() => null);
      if (info && Date.now() - info.mtimeMs > olderThanMs) {
        await rm(target, { recursive: true, force: true });
        removed.push(name);
      }
    }
  };
  await sweep(dir, (name) => name.endsWith('.partial'));
  await sweep(tmpdir(), (name) => /^agency-(backup|restore)-[A-Za-z0-9]{6}$/.test(name));
  return removed;
}

/** `work`, or its rejection with the abort's reason as soon as `signal` aborts (a bucket that does not answer). */
function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((done, fail) => {
    const stop = () => fail(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(done, fail).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** Adds one entry whose bytes come from `source` (`size` long), hashing them on the way. */
async function addEntry(
  pack: tar.Pack,
  entry: string,
  source: Readable,
  size: number,
  mtime: Date,
  checksums: Manifest['checksums'],
): Promise<void> {
  const digest = new Digest();
  let sink: ReturnType<tar.Pack['entry']>;
  const added = new Promise<void>((done, fail) => {
    sink = pack.entry({ name: entry, size, mtime }, (error) => (error ? fail(error) : done()));
  });
  await Promise.all([added, pipeline(source, digest, sink!)]);
  checksums[entry] = { size: digest.size, sha256: digest.sha256() };
}

/**
 * Takes a backup into `outDir`: written under a temporary name (.partial), renamed when complete. Any failure (a
 * full disk, an abort) rejects with its cause and removes the partial archive; none escapes as an unhandled error.
 */
export async function createBackup(
  database: Database,
  storage: Storage,
  options: BackupOptions,
): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const name = backupName(now);
  const { signal } = options;
  await mkdir(options.outDir, { recursive: true, mode: DIR_MODE });
  const stagingParent = options.stagingDir ?? tmpdir();
  await checkFreeSpace([options.outDir, stagingParent], options.lastSizeBytes ?? 0);
  const file = path.join(options.outDir, name);
  const partial = `${file}.partial`;
  const staging = await mkdtemp(path.join(stagingParent, 'agency-backup-'));
  let pack: tar.Pack | undefined;
  let written: Promise<void> | undefined;
  try {
    const dump = await dumpDatabase(database, staging, signal);
    const skip = [...TRANSIENT_KEYS, ...(options.skipKeys ?? [])];
    const keys = (await abortable(storage.list(), signal))
      .map(({ key }) => key)
      .filter((key) => !skip.some((prefix) => key.startsWith(prefix)))
      .sort();
    signal?.throwIfAborted();

    pack = tar.pack();
    const digest = new Digest();
    const encrypted = Boolean(options.recipients?.length);
    const stages: NodeJS.ReadWriteStream[] = [createGzip({ level: 6 })];
    if (encrypted) stages.push(await encrypting(options.recipients ?? []));
    written = pipeline(
      [pack as unknown as NodeJS.ReadableStream, ...stages, digest, createWriteStream(partial, { mode: FILE_MODE })],
      { signal },
    );
    // The write side failing (ENOSPC, EIO, an abort) stops the pack from draining: each step races it.
    const failed = written.then(() => new Promise<never>(() => {}));
    failed.catch(() => {});
    const step = <T>(work: Promise<T>) => Promise.race([work, failed]);

    const checksums: Manifest['checksums'] = {};
    for (const table of dump.tables) {
      const { size } = await stat(table.file);
      await step(addEntry(pack, table.entry, createReadStream(table.file), size, now, checksums));
      await rm(table.file, { force: true });
    }
    const files: Manifest['files'] = [];
    for (const key of keys) {
      signal?.throwIfAborted();
      const stored = await step(abortable(storage.get(key), signal));
      // Deleted since it was listed (retention, a removed image): not part of this backup.
      if (!stored) continue;
      const entry = `files/${key}`;
      await step(addEntry(pack, entry, stored.stream, stored.size, now, checksums));
      files.push({ key, entry });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
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
    await step(
      new Promise<void>((done, fail) =>
        pack!.entry({ name: MANIFEST, size: text.length, mtime: now }, text, (error) => (error ? fail(error) : done())),
      ),
    );
    pack.finalize();
    await written;
    await rename(partial, file);
    return { name, file, sizeBytes: digest.size, sha256: digest.sha256(), encrypted, manifest };
  } catch (error) {
    pack?.destroy();
    await written?.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
