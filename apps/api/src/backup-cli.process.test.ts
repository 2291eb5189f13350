// `npm run backup` and `npm run restore` as an operator runs them: an unreachable bucket (S3_BUCKET) is named as the
// cause in one line, with a non-zero exit, and nothing is written or restored; a restore, into an empty DATA_DIR and
// over an existing database, holds less resident memory than the kernel saw the old CLI hold (decision 0045).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const cli = (args: string[], env: Record<string, string>, nodeArgs: string[] = []) =>
  spawnSync(process.execPath, [...nodeArgs, 'apps/api/backup-cli.mjs', ...args], {
    // The AWS SDK's notice that its 2027 releases need Node 22 is not what these tests read.
    env: { PATH: process.env.PATH ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });

/** A port on 127.0.0.1 that nothing listens on: taken, then given back. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const work = mkdtempSync(path.join(tmpdir(), 'agency-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const dir = (name: string) => path.join(work, name);

/**
 * An archive taken on disk by the CLI, which first makes what `npm run build` makes when absent (its bundle, the
 * empty cluster), so the restores below start no other process.
 */
let archive = '';
beforeAll(() => {
  const taken = cli(['backup', '--out', dir('out')], { DATA_DIR: dir('source') });
  expect(taken.status, taken.stderr).toBe(0);
  const [name] = readdirSync(dir('out'));
  expect(name).toMatch(/^agency-backup-.*\.tar\.gz$/);
  archive = path.join(dir('out'), name ?? '');
});

describe('a bucket that cannot be reached', () => {
  let bucket: Record<string, string>;
  let endpoint: string;
  beforeAll(async () => {
    endpoint = `http://127.0.0.1:${await closedPort()}`;
    bucket = {
      S3_BUCKET: 'agency-files',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'agency',
      S3_SECRET_ACCESS_KEY: 'agency-secret',
      S3_FORCE_PATH_STYLE: 'true',
    };
  });

  it('backup stops with one line naming the bucket, and writes no archive', () => {
    const dataDir = dir('unreachable');
    const result = cli(['backup'], { DATA_DIR: dataDir, ...bucket });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^backup failed: the bucket agency-files at ${endpoint} cannot be reached: `));
    const backups = path.join(dataDir, 'backups');
    expect(existsSync(backups) ? readdirSync(backups) : []).toEqual([]);
  });

  it('restore stops with one line naming the bucket, and leaves the target as it was', () => {
    // The archive taken on disk, restored where the files would go to the unreachable bucket.
    const target = dir('bucket-target');
    const result = cli(['restore', archive], { DATA_DIR: target, ...bucket });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^restore failed: the bucket agency-files at ${endpoint} cannot be reached: `));
    // No database was opened, so none was created.
    expect(existsSync(path.join(target, 'db'))).toBe(false);
  });
});

/** Loaded before the CLI: prints the process's highest resident memory (getrusage's ru_maxrss, KiB) as it exits. */
const MAXRSS_HOOK = `data:text/javascript,process.on('exit',()=>process.stderr.write('maxrss '+process.resourceUsage().maxRSS))`;
/**
 * The bound: the bundled CLI's restore of a small archive peaks at ~190 MiB either way; the CLI under tsx held 264
 * MiB over an existing database and 755 MiB into an empty DATA_DIR (PGlite's initdb).
 */
const RESTORE_MAX_MIB = 240;

describe('the memory a restore holds', () => {
  it(
    `restores into an empty DATA_DIR, then over that database, each under ${RESTORE_MAX_MIB} MiB resident at its peak`,
    { timeout: 240_000 },
    () => {
      const target = dir('target');
      for (const args of [[archive], [archive, '--force']]) {
        const restore = cli(['restore', ...args], { DATA_DIR: target }, ['--import', MAXRSS_HOOK]);
        expect(restore.status, restore.stderr).toBe(0);
        expect(restore.stdout).toMatch(/restored agency-backup-.* into the embedded database/);
        const [, kib] = /^maxrss (\d+)$/.exec(restore.stderr.trim()) ?? [];
        expect(Number(kib) / 1024).toBeGreaterThan(50);
        expect(Number(kib) / 1024).toBeLessThan(RESTORE_MAX_MIB);
      }
    },
  );
});
