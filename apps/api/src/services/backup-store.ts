// Where archives are kept: a directory (BACKUP_DIR, default DATA_DIR/backups) or a prefix in S3_BUCKET
// (BACKUP_S3_PREFIX). Archives are always written to a local directory first, then moved here.
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupConfig } from '../config.ts';
import { BACKUP_NAME } from './backup.ts';
import { DIR_MODE, FILE_MODE, type Storage } from './storage.ts';

export interface StoredBackup {
  name: string;
  sizeBytes: number;
}

export interface BackupStore {
  /** Human-readable place, for messages: a directory or s3://bucket/prefix. */
  where: string;
  /** Storage keys that belong to the store (not copied into backups); empty for a directory. */
  skipKeys: string[];
  /** Archives, oldest first (their names sort by time). */
  list(): Promise<StoredBackup[]>;
  /** Moves a finished local archive into the store. */
  save(localFile: string, name: string): Promise<void>;
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** A local copy to read back (the same file for a directory); call done() when finished with it. */
  local(name: string, scratchDir: string): Promise<{ file: string; done: () => Promise<void> }>;
  delete(name: string): Promise<void>;
}

export function createBackupStore(config: BackupConfig, storage: Storage, bucket?: string): BackupStore {
  const prefix = config.s3Prefix;
  if (prefix) {
    const key = (name: string) => `${prefix}${name}`;
    return {
      where: `s3://${bucket ?? 'bucket'}/${prefix}`,
      skipKeys: [prefix],
      async list() {
        return (await storage.list(prefix))
          .map(({ key: itemKey, size }) => ({ name: itemKey.slice(prefix.length), sizeBytes: size }))
          .filter((item) => BACKUP_NAME.test(item.name))
          .sort((a, b) => (a.name < b.name ? -1 : 1));
      },
      async save(localFile, name) {
        await storage.put(key(name), createReadStream(localFile));
        await rm(localFile, { force: true });
      },
      open: (name) => storage.get(key(name)),
      async local(name, scratchDir) {
        const object = await storage.get(key(name));
        if (!object) throw new Error(`${name} is not in ${prefix}`);
        const file = path.join(scratchDir, name);
        await mkdir(scratchDir, { recursive: true, mode: DIR_MODE });
        await pipeline(object.stream, createWriteStream(file, { mode: FILE_MODE }));
        return { file, done: () => rm(file, { force: true }) };
      },
      delete: (name) => storage.delete(key(name)),
    };
  }
  const dir = config.dir;
  return {
    where: dir,
    skipKeys: [],
    async list() {
      let names: string[];
      try {
        names = (await readdir(dir)).filter((name) => BACKUP_NAME.test(name)).sort();
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return [];
        throw error;
      }
      const items: StoredBackup[] = [];
      for (const name of names) items.push({ name, sizeBytes: (await stat(path.join(dir, name))).size });
      return items;
    },
    async save(localFile, name) {
      const target = path.join(dir, name);
      if (path.resolve(localFile) === path.resolve(target)) return;
      await mkdir(dir, { recursive: true, mode: DIR_MODE });
      // Copied under a temporary name: a copy cut short (a full disk) is never listed as an archive.
      const partial = `${target}.partial`;
      try {
        await copyFile(localFile, partial);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rm(localFile, { force: true });
    },
    async open(name) {
      if (!BACKUP_NAME.test(name)) return null;
      try {
        const info = await stat(path.join(dir, name));
        return { stream: createReadStream(path.join(dir, name)), size: info.size };
      } catch {
        return null;
      }
    },
    local: async (name) => ({ file: path.join(dir, name), done: async () => {} }),
    delete: (name) => rm(path.join(dir, name), { force: true }),
  };
}
