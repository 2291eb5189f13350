// `npm run backup` and `npm run restore` as an operator runs them: real processes on a DATA_DIR, their output
// and exit codes; the mail pending in an archive restored held and released by `--send-pending`; a restore refused
// while an instance of the site is connected to the target PostgreSQL database; and a running server on the
// embedded database taking the CLI's backup through its socket.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPLICATION_NAME, createDb, sql } from '@agency/db';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { CONTACT } from '../test/lead-fixtures.ts';
import { migratedCluster } from '../test/pglite-template.ts';
import { askRunningServer, listenForBackupRequests } from './services/backup-control.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'agency-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function cli(
  args: string[],
  dataDir: string,
  databaseUrl = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['apps/api/backup-cli.mjs', ...args],
      // The embedded database in DATA_DIR unless a DATABASE_URL is given, whatever the suite runs on.
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
        timeout: 240_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run backup / npm run restore', () => {
  /** The archive the first test takes. */
  let archive = '';
  it(
    'backs up a data directory and restores it into another, printing counts that match',
    { timeout: 600_000 },
    async () => {
      const source = path.join(work, 'source');
      const upload = path.join(source, 'uploads', 'leads', 'contacts', 'a');
      mkdirSync(upload, { recursive: true });
      writeFileSync(path.join(upload, 'file'), 'the bytes of an upload');
      // A confirmation mail still waiting to be sent when the backup is taken. The source starts from the migrated
      // template (no initdb); the restore below makes its target in an empty DATA_DIR, as on a new machine.
      const seeded = createDb({ dataDir: path.join(source, 'db'), loadDataDir: migratedCluster() });
      await seeded.migrate();
      await seeded.run(
        sql`insert into outbox (lead_kind, lead_id, purpose, "to", subject, body)
            values ('contacts', gen_random_uuid(), 'confirmation', 'visitor@example.com', 'Thanks', 'We got it.')`,
      );
      await seeded.close();
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
      // Restored held: nobody is mailed until it is released.
      expect(restore.stdout).toContain('1 messages that were pending are held');
      const outboxOf = async () => {
        const database = createDb({ dataDir: path.join(target, 'db') });
        try {
          return await database.run(sql`select held_at, sent_at, next_attempt_at <= now() as due from outbox`);
        } finally {
          await database.close();
        }
      };
      expect((await outboxOf())[0]?.held_at).not.toBeNull();
      // `npm run restore -- --send-pending`: the held message goes out with the server's next round.
      const released = await cli(['restore', '--send-pending'], target);
      expect(released.stderr).toBe('');
      expect(released.stdout).toContain('1 held messages will be sent when the server runs');
      expect(await outboxOf()).toEqual([{ held_at: null, sent_at: null, due: true }]);
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

      archive = path.join(out, name ?? '');
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'refuses to restore into PostgreSQL while a session of the site is connected to it, and restores once it is gone',
    { timeout: 300_000 },
    async () => {
      expect(archive).not.toBe('');
      const base = process.env.TEST_DATABASE_URL ?? '';
      const name = `agency_refuse_${Date.now()}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      try {
        // An instance of the site: a session named as the server names its own.
        const instance = new pg.Client({ connectionString: url.toString(), application_name: APPLICATION_NAME });
        await instance.connect();
        const refused = await cli(['restore', archive], path.join(work, 'pg-files'), url.toString());
        await instance.end();
        expect(refused.code).toBe(1);
        expect(refused.stderr.trim()).toBe(
          'restore failed: an instance of the site is connected to the target database (1 sessions); stop every instance, then restore',
        );
        const restored = await cli(['restore', archive], path.join(work, 'pg-files'), url.toString());
        expect(restored.stderr).toBe('');
        expect(restored.stdout).toMatch(/restored agency-backup-.* into PostgreSQL/);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
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
