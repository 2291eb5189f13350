// Backups: one .tar.gz with every table as JSON rows (a logical dump PGlite and PostgreSQL both read), every
// stored file, and manifest.json (schema version, row counts, a SHA-256 per entry); and the restore that checks
// it, loads it into an empty (or, with force, any) database in one transaction, and migrates it to today's schema.
// Tables, columns and foreign keys come from the database's catalog, so tables added by later migrations are
// backed up without a change here. Everything streams: tables are read in pages through a cursor (yielding to
// the event loop between pages), files and entries go through the archive without being held whole, and with
// age recipients the archive is encrypted on the way to the disk.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Duplex, PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip, createGzip } from 'node:zlib';
import { BACKUP_NAME_PATTERN } from '@agency/contract';
import { APPLICATION_NAME, type Database, type Db, migrationsFolder, sql } from '@agency/db';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import tar from 'tar-stream';
import { DIR_MODE, FILE_MODE, type Storage } from './storage.ts';

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

/** Rows fetched from the cursor at a time: each fetch blocks PGlite's thread, so small enough to keep it short. */
const PAGE_ROWS = 500;

/** A pass-through that counts and hashes what goes through it. */
class Digest extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;
  newlines = 0;
  constructor(private readonly countLines = false) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.countLines) for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) this.newlines += 1;
    done(null, chunk);
  }
  sha256() {
    return this.hash.digest('hex');
  }
}

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
      const schema = await schemaVersion(tx);
      const tables: Dump['tables'] = [];
      for (const table of catalog.tables) {
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

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
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

/** The first bytes of every age file. */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

async function encrypting(recipients: string[]): Promise<Duplex> {
  const { Encrypter } = await import('age-encryption');
  const encrypter = new Encrypter();
  try {
    for (const recipient of recipients) encrypter.addRecipient(recipient);
  } catch (error) {
    throw new BackupError(`BACKUP_ENCRYPTION_RECIPIENTS: ${(error as Error).message}`);
  }
  const plain = new PassThrough();
  const cipher = await encrypter.encrypt(Readable.toWeb(plain) as unknown as ReadableStream<Uint8Array>);
  return Duplex.from({
    writable: plain,
    readable: Readable.fromWeb(cipher as unknown as WebReadableStream<Uint8Array>),
  });
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

export interface OpenedArchive {
  manifest: Manifest;
  /** Where the entries were extracted; remove with close(). */
  dir: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** age identities (AGE-SECRET-KEY-1…) that open an encrypted archive. */
  identities?: string[];
}

/** The age identities in a file as age-keygen writes it (comments and blank lines skipped). */
export async function readIdentities(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BackupError(`${file}: no such identity file`);
  }
  const keys = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('AGE-SECRET-KEY-'));
  if (keys.length === 0) throw new BackupError(`${file}: holds no age identity (AGE-SECRET-KEY-…)`);
  return keys;
}

async function isEncrypted(archive: string): Promise<boolean> {
  const handle = await open(archive, 'r');
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(AGE_MAGIC);
  } finally {
    await handle.close();
  }
}

/** The archive's plain .tar.gz bytes, decrypted on the way when it is encrypted. */
async function archiveBytes(archive: string, label: string, identities: string[]): Promise<Readable> {
  if (!(await isEncrypted(archive))) return createReadStream(archive);
  if (identities.length === 0) {
    throw new BackupError(`${label}: the archive is encrypted; give its key with --identity <file>`);
  }
  const { Decrypter } = await import('age-encryption');
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  try {
    const plain = await decrypter.decrypt(
      Readable.toWeb(createReadStream(archive)) as unknown as ReadableStream<Uint8Array>,
    );
    return Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>);
  } catch (error) {
    throw new BackupError(`${label}: cannot be decrypted with the identity given (${(error as Error).message})`);
  }
}

/** The manifest is read whole; anything larger than this is not one. */
const MANIFEST_MAX_BYTES = 64 * MIB;

/**
 * Reads an archive into a temporary directory (entry by entry, never whole in memory) and checks it against its
 * manifest: every entry present, none extra, each with its size and SHA-256, each table's line count equal to its
 * row count. Throws BackupError naming the archive and the entry at fault.
 */
export async function openArchive(archive: string, options: OpenOptions = {}): Promise<OpenedArchive> {
  const label = path.basename(archive);
  try {
    const info = await stat(archive);
    if (!info.isFile()) throw new BackupError(`${label}: not a file`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${archive}: no such archive`);
  }
  const source = await archiveBytes(archive, label, options.identities ?? []);
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-restore-'));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    const found = new Map<string, { size: number; sha256: string; lines: number }>();
    let manifestText: string | null = null;
    const extract = tar.extract();
    extract.on('entry', (header, stream, next) => {
      const name = header.name;
      if (header.type !== 'file') {
        stream.on('end', () => next());
        stream.resume();
        return;
      }
      if (name === MANIFEST) {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: unknown) => {
          const bytes = chunk as Buffer;
          size += bytes.length;
          if (size <= MANIFEST_MAX_BYTES) chunks.push(bytes);
        });
        stream.on('error', next);
        stream.on('end', () => {
          if (size > MANIFEST_MAX_BYTES) return next(new BackupError(`${label}: ${MANIFEST} is too large`));
          manifestText = Buffer.concat(chunks).toString('utf8');
          next();
        });
        return;
      }
      if (name.includes('..') || path.isAbsolute(name)) {
        stream.resume();
        return next(new BackupError(`${label}: unsafe entry ${name}`));
      }
      const digest = new Digest(name.endsWith('.jsonl'));
      const target = path.join(dir, 'entries', name);
      mkdir(path.dirname(target), { recursive: true, mode: DIR_MODE })
        .then(() => pipeline(stream, digest, createWriteStream(target, { mode: FILE_MODE })))
        .then(() => {
          found.set(name, { size: digest.size, sha256: digest.sha256(), lines: digest.newlines });
          next();
        }, next);
    });
    try {
      await pipeline(source, createGunzip(), extract);
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
      const lines = found.get(table.entry)?.lines ?? 0;
      if (lines !== table.rows) {
        throw new BackupError(`${label}: ${table.entry} holds ${lines} rows, ${MANIFEST} says ${table.rows}`);
      }
    }
    return { manifest, dir, close };
  } catch (error) {
    source.destroy();
    await close();
    throw error;
  }
}

/** A table's rows, one JSON text at a time, read from its extracted entry. */
function tableLines(dir: string, table: ManifestTable): AsyncIterable<string> {
  return readline.createInterface({
    input: createReadStream(path.join(dir, 'entries', table.entry)),
    crlfDelay: Infinity,
  });
}

/** SHA-256 of a file, read as a stream. */
async function fileSha256(file: string): Promise<string> {
  const digest = new Digest();
  await pipeline(createReadStream(file), digest, new PassThrough().resume());
  return digest.sha256();
}

/** Checks an archive without restoring it (the scheduled backup reads each one back this way). */
export async function verifyArchive(archive: string, options: OpenOptions = {}): Promise<Manifest> {
  const opened = await openArchive(archive, options);
  await opened.close();
  return opened.manifest;
}

/** Reads an encrypted archive (which the server cannot open) back against the SHA-256 it was written with. */
export async function verifyWritten(archive: string, sha256: string): Promise<void> {
  if ((await fileSha256(archive)) !== sha256) {
    throw new BackupError(`${path.basename(archive)}: does not match the SHA-256 it was written with`);
  }
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
