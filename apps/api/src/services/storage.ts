// The file store behind one interface: a directory on disk (DATA_DIR/uploads) here, a bucket in s3-storage.ts.
// On disk, files are the owner's alone: 0600 in 0700 directories (uploads hold CVs; archives every lead).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Mode of every stored file and archive written on disk. */
export const FILE_MODE = 0o600;
/** Mode of the directories they are written in. */
export const DIR_MODE = 0o700;

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface StoredKey {
  key: string;
  size: number;
}

export interface Storage {
  /** A stream is written as it is read (never held whole). */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** null when the key does not exist. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (all keys when empty) with its size, in no particular order; the backup copies them. */
  list(prefix?: string): Promise<StoredKey[]>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Every store checks keys the same way, so a key that works on disk works in a bucket and back. */
export function assertSafeKey(key: string): string {
  // No `..` and no leading `/`: on disk a key must stay under the root directory.
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, assertSafeKey(key));
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: DIR_MODE });
      if (Buffer.isBuffer(data)) {
        await writeFile(file, data, { mode: FILE_MODE });
        return;
      }
      try {
        await pipeline(data, createWriteStream(file, { mode: FILE_MODE }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async list(prefix = '') {
      let names: string[];
      try {
        names = (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
      } catch (error) {
        // No file stored yet: the directory is created by the first put().
        if ((error as { code?: string }).code === 'ENOENT') return [];
        throw error;
      }
      // Only names a put() could have written (a stray editor or OS file is not part of the store).
      const keys = names.filter((key) => key.startsWith(prefix) && SAFE_KEY.test(key) && !key.includes('..'));
      const listed: StoredKey[] = [];
      for (const key of keys) {
        // A file deleted between the listing and now is not listed.
        const info = await stat(resolve(key)).catch(() => null);
        if (info) listed.push({ key, size: info.size });
      }
      return listed;
    },
  };
}
