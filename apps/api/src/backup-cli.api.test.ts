// `npm run backup` and `npm run restore` as an operator runs them: real processes on a DATA_DIR, their output
// and exit codes; and a running server on the embedded database taking the CLI's backup through its socket.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { CONTACT } from '../test/lead-fixtures.ts';
import { askRunningServer, listenForBackupRequests } from './services/backup-control.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'agency-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function cli(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/backup-cli.ts', ...args],
      // The embedded database in DATA_DIR: no DATABASE_URL, whatever the suite runs on.
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' }, timeout: 240_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run backup / npm run restore', () => {
  it(
    'backs up a data directory and restores it into another, printing counts that match',
    { timeout: 600_000 },
    async () => {
      const source = path.join(work, 'source');
      const upload = path.join(source, 'uploads', 'leads', 'contacts', 'a');
      mkdirSync(upload, { recursive: true });
      writeFileSync(path.join(upload, 'file'), 'the bytes of an upload');
      const out = path.join(work, 'out');
      const backup = await cli(['backup', '--out', out], source);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const [name] = readdirSync(out);
      expect(name).toMatch(/^agency-backup-.*\.tar\.gz$/);
      expect(backup.stdout).toContain(path.join(out, name ?? ''));

      const target = path.join(work, 'target');
      const restore = await cli(['restore', path.join(out, name ?? '')], target);
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(/checksums of \d+ entries match/);
      expect(restore.stdout).toMatch(/^content_version\s+1\s+1$/m);
      expect(restore.stdout).toMatch(/restored agency-backup-.* into the embedded database/);
      expect(readFileSync(path.join(target, 'uploads', 'leads', 'contacts', 'a', 'file'), 'utf8')).toBe(
        'the bytes of an upload',
      );

      // Corrupted: one line naming the cause, exit 1, nothing written.
      const broken = path.join(work, 'broken.tar.gz');
      writeFileSync(broken, readFileSync(path.join(out, name ?? '')).subarray(0, 200));
      const refused = await cli(['restore', broken], path.join(work, 'untouched'));
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toMatch(/^restore failed: broken\.tar\.gz: truncated/);
      expect(existsSync(path.join(work, 'untouched', 'db'))).toBe(false);

      const missing = await cli(['restore'], target);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/no archive given/);
    },
  );

  it('a running server on the embedded database takes the backup the CLI asks for', async () => {
    const t = await createTestApp({}, { embedded: true });
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT })).statusCode).toBe(201);
      const close = await listenForBackupRequests(t.dataDir, async (outDir) => {
        const { started, done } = t.app.backups.start('cli', { outDir });
        await started;
        return done;
      });
      try {
        const outDir = path.join(work, 'from-server');
        const answer = await askRunningServer(t.dataDir, { outDir });
        expect(answer?.file).toBe(path.join(outDir, answer?.name ?? ''));
        expect(existsSync(answer?.file ?? '')).toBe(true);
      } finally {
        await close();
      }
      // Nothing listens any more: the CLI opens the database itself.
      expect(await askRunningServer(t.dataDir, {})).toBeNull();
    } finally {
      await t.close();
    }
  });
});
