// A crash during a backup heals by itself (issue 30 point 2): the server on the embedded database is killed with
// SIGKILL while it writes an archive; once started again, it takes a backup at once (its own unfinished run is
// marked failed, so the cluster's lease is free) and removes the partial archive it left. PGlite's lock file,
// which a crash leaves behind, does not stop `npm run restore`; a process that holds the database open does.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, sql } from '@agency/db';
import { afterAll, expect, it } from 'vitest';
import { askRunningServer } from './services/backup-control.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-crash-'));
const backups = path.join(dataDir, 'backups');
const env = {
  PATH: process.env.PATH ?? '',
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  LOG_LEVEL: 'silent',
};
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts apps/api/test/lead-server.ts (the API and its control socket) and resolves once it listens. */
function start(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/lead-server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/listening \d+/.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${out}`)));
  });
}

function killHard(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return exited;
}

function restoreCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['apps/api/backup-cli.mjs', 'restore', ...args],
      { cwd: root, env: { ...env, DATABASE_URL: '' }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const partials = () => (existsSync(backups) ? readdirSync(backups).filter((name) => name.endsWith('.partial')) : []);

async function waitFor<T>(what: string, ms: number, check: () => T | undefined): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it(
  'after a kill -9 during a backup, the next start backs up at once and removes the partial archive; a stale lock does not block a restore, a live one does',
  { timeout: 240_000 },
  async () => {
    // Files that do not compress, so that writing the archive takes a while: the kill lands in the middle of it.
    const uploads = path.join(dataDir, 'uploads', 'leads', 'applications', 'crash');
    mkdirSync(uploads, { recursive: true });
    for (let i = 0; i < 32; i++) writeFileSync(path.join(uploads, `${i}.pdf`), randomBytes(1024 * 1024));

    await start();
    const interrupted = askRunningServer(dataDir, {});
    interrupted.catch(() => {});
    const partial = await waitFor('a .partial archive', 60_000, () => partials()[0]);
    await killHard();
    await expect(interrupted).rejects.toThrow();
    expect(partials()).toEqual([partial]);
    expect(existsSync(path.join(dataDir, 'db', 'postmaster.pid'))).toBe(true);

    // Started again: the first backup asked for is taken at once, and the partial archive is gone.
    await start();
    const answer = await askRunningServer(dataDir, {});
    expect(answer?.file).toBe(path.join(backups, answer?.name ?? ''));
    expect(existsSync(answer?.file ?? '')).toBe(true);
    expect(partials()).toEqual([]);

    // Killed again, between backups: PGlite's lock file is left behind, but no process holds it.
    await killHard();
    expect(existsSync(path.join(dataDir, 'db', 'postmaster.pid'))).toBe(true);
    const stale = await restoreCli(['--send-pending']);
    expect(stale.stderr).toBe('');
    expect(stale.code).toBe(0);
    expect(stale.stdout).toMatch(/postmaster\.pid was left by a process that stopped .*the lock is stale/);

    // Held open by a live process (this one): the restore is refused, naming it.
    const database = createDb({ dataDir: path.join(dataDir, 'db') });
    try {
      const runs = await database.run(sql`select name, error, verified_at from backup_runs order by started_at`);
      expect(runs).toHaveLength(2);
      expect(`${runs[0]?.name}.partial`).toBe(partial);
      expect(runs[0]?.error).toMatch(/^interrupted: /);
      expect(runs[1]).toMatchObject({ name: answer?.name, error: null });
      expect(runs[1]?.verified_at).not.toBeNull();

      const live = await restoreCli(['--send-pending']);
      expect(live.code).toBe(1);
      expect(live.stderr.trim()).toMatch(
        new RegExp(`^restore failed: the embedded database in ${dataDir} is open in process ${process.pid}: stop it`),
      );
    } finally {
      await database.close();
    }
  },
);
