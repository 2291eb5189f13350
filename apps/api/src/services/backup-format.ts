// The backup archive's format: a .tar.gz (age-encrypted when recipients are set) with every table as JSON lines,
// every stored file, and manifest.json (schema version, row counts, a SHA-256 and size per entry).
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BACKUP_NAME_PATTERN } from '@agency/contract';

export const BACKUP_FORMAT = 1;
export const MANIFEST = 'manifest.json';
export const BACKUP_NAME = BACKUP_NAME_PATTERN;
/** Keys the health check writes and deletes at once: never part of a backup. */
export const TRANSIENT_KEYS = ['health/'];

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

export const MIB = 1024 * 1024;
export const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

/** A pass-through that counts and hashes what goes through it. */
export class Digest extends Transform {
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
