// Reading an archive back: decrypted with age identities when it is encrypted, extracted entry by entry into a
// temporary directory (never whole in memory) and checked against its manifest. The restore and the scheduled
// read-back both go through openArchive; an encrypted archive the server holds no key for is checked by its SHA-256.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Duplex, PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  BACKUP_FORMAT,
  BackupError,
  Digest,
  type Manifest,
  MANIFEST,
  type ManifestTable,
  MIB,
} from './backup-format.ts';
import { DIR_MODE, FILE_MODE } from './storage.ts';

/** The first bytes of every age file. */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

export async function encrypting(recipients: string[]): Promise<Duplex> {
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
export function tableLines(dir: string, table: ManifestTable): AsyncIterable<string> {
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
