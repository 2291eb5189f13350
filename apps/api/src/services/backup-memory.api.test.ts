// A backup and its restore stream (issue 30 point 6): memory they add stays flat in the archive's size. A stored file
// four times the bound goes into the archive and back out of it; the process's array buffers (where every Buffer
// lives), sampled every 10 ms after a young-generation collection (so the chunks already streamed through do not
// count), and its resident memory grow by less than that: a file read whole, or the archive gathered in memory,
// fails it. The file is sparse (made by truncate(), so it costs no disk and no time to write) and reads as zeros,
// which gzip packs quickly.
import { mkdirSync, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { garbageCollector } from '../../test/gc.ts';
import { createBackup, restoreBackup } from './backup.ts';
import { createLocalStorage } from './storage.ts';

const MIB = 1024 * 1024;
/** Each stored file; the archive holds FILES of them. */
const FILE_BYTES = 64 * MIB;
const FILES = 1;
/** What a backup or a restore may add to the array buffers at their height: a quarter of the file. */
const ARRAY_BUFFERS_BOUND = 16 * MIB;
/** And to the resident memory (PGlite's own work, the JS heap's garbage, the streams' buffers): most of the file. */
const RSS_BOUND = 48 * MIB;

const collect = garbageCollector();

/** Runs `work` while sampling memory every 10 ms: how much more its height was than before it started. */
async function growth<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; arrayBuffers: number }> {
  collect({ type: 'major' });
  const before = process.memoryUsage();
  let rss = 0;
  let arrayBuffers = 0;
  const sample = () => {
    collect({ type: 'minor' });
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - before.rss);
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers - before.arrayBuffers);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await work();
    sample();
    return { result, rss, arrayBuffers };
  } finally {
    clearInterval(timer);
  }
}

describe('a backup and a restore of files larger than their memory bound', () => {
  let t: TestApp;
  const work = mkdtempSync(path.join(tmpdir(), 'agency-backup-memory-'));
  const sourceFiles = path.join(work, 'source');
  const keys = Array.from({ length: FILES }, (_, i) => `leads/applications/memory/${i}.pdf`);
  beforeAll(async () => {
    t = await createTestApp();
    for (const key of keys) {
      const file = path.join(sourceFiles, key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, '');
      truncateSync(file, FILE_BYTES);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it(
    `add less than ${ARRAY_BUFFERS_BOUND / MIB} MiB of buffers for ${FILES} file of ${FILE_BYTES / MIB} MiB`,
    {
      timeout: 60_000,
    },
    async () => {
      const source = createLocalStorage(sourceFiles);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const backup = await growth(() => createBackup(t.app.database, source, { outDir: path.join(work, 'out') }));
      expect(backup.result.manifest.files.map((file) => file.key).sort()).toEqual(keys);
      expect(backup.result.manifest.checksums[`files/${keys[0]}`]?.size).toBe(FILE_BYTES);

      const targetFiles = path.join(work, 'target');
      const restore = await growth(() =>
        restoreBackup(t.app.database, createLocalStorage(targetFiles), backup.result.file, { force: true }),
      );
      expect(restore.result.files).toBe(FILES);
      // Its bytes were checked against the manifest's SHA-256 on the way out of the archive.
      for (const key of keys) expect(statSync(path.join(targetFiles, key)).size).toBe(FILE_BYTES);

      console.log(
        `${Math.round(performance.now() - started)} ms (${Math.round(process.cpuUsage(cpu).user / 1000)} ms of CPU): backup of ${FILES} files of ${FILE_BYTES / MIB} MiB: array buffers +${(backup.arrayBuffers / MIB).toFixed(1)} MiB, ` +
          `resident +${(backup.rss / MIB).toFixed(1)} MiB; its restore: array buffers ` +
          `+${(restore.arrayBuffers / MIB).toFixed(1)} MiB, resident +${(restore.rss / MIB).toFixed(1)} MiB`,
      );
      expect(backup.arrayBuffers).toBeLessThan(ARRAY_BUFFERS_BOUND);
      expect(restore.arrayBuffers).toBeLessThan(ARRAY_BUFFERS_BOUND);
      expect(backup.rss).toBeLessThan(RSS_BOUND);
      expect(restore.rss).toBeLessThan(RSS_BOUND);
    },
  );
});
