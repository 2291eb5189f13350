// What GET /api/health checks: the database answers, and the file store can write, read and delete.
import { randomUUID } from 'node:crypto';
import type { Database } from '@agency/db';
import type { Storage } from './storage.ts';

export type HealthPart = 'database' | 'storage';

const TIMEOUT_MS = 2000;
/** A storage probe writes a file; load balancers ask every few seconds, so one result serves for a while. */
const STORAGE_CACHE_MS = 5000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), TIMEOUT_MS).unref()),
  ]);
}

/** Writes a small file, reads it back and deletes it: a full disk or an unwritable store fails here. */
async function probeStorage(storage: Storage): Promise<void> {
  const key = `health/${randomUUID()}`;
  const data = Buffer.from(`health probe ${new Date().toISOString()}`);
  try {
    await storage.put(key, data);
    const stored = await storage.get(key);
    if (!stored) throw new Error('the probe file was not found after writing it');
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    if (!Buffer.concat(chunks).equals(data)) throw new Error('the probe file read back differently');
  } finally {
    await storage.delete(key).catch(() => {});
  }
}

export interface HealthCheck {
  /** The parts that fail now (empty when all is well), with the first error of each for the log. */
  (): Promise<{ failing: HealthPart[]; errors: unknown[] }>;
}

export function createHealthCheck(database: Database, storage: Storage): HealthCheck {
  let storageResult: { at: number; result: Promise<unknown> } | null = null;

  function storageError(): Promise<unknown> {
    const now = Date.now();
    if (!storageResult || now - storageResult.at > STORAGE_CACHE_MS) {
      storageResult = {
        at: now,
        result: withTimeout(probeStorage(storage), 'storage probe').then(
          () => null,
          (error: unknown) => error ?? new Error('storage probe failed'),
        ),
      };
    }
    return storageResult.result;
  }

  return async () => {
    const [databaseError, storageProblem] = await Promise.all([
      withTimeout(database.ping(), 'database ping').then(
        () => null,
        (error: unknown) => error ?? new Error('database ping failed'),
      ),
      storageError(),
    ]);
    const failing: HealthPart[] = [];
    const errors: unknown[] = [];
    if (databaseError) {
      failing.push('database');
      errors.push(databaseError);
    }
    if (storageProblem) {
      failing.push('storage');
      errors.push(storageProblem);
    }
    return { failing, errors };
  };
}
