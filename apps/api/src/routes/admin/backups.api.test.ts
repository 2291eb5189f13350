// Backups from the running server: the schedule (one instance of two takes it), BACKUP_KEEP, the admin
// endpoints (202, list, download, audit), the dashboard's figures and the one mail when a backup fails.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, schema, sql } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CONTACT, tokenFor } from '../../../test/lead-fixtures.ts';

const until = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 120_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('scheduled backups and /api/admin/backups', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '2' });
    admin = await tokenFor(t.app, 'admin');
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('one instance of two takes the scheduled backup, verified; the next check finds it not due', async () => {
    const second = await t.secondInstance();
    const outcomes = await Promise.all([t.app.backups.runIfDue(), second.backups.runIfDue()]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const runs = await t.app.db.select().from(schema.backupRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.trigger).toBe('schedule');
    expect(runs[0]?.error).toBeNull();
    expect(runs[0]?.verifiedAt).toBeInstanceOf(Date);
    expect(await second.backups.runIfDue()).toBeNull();
    expect(await t.app.db.select().from(schema.backupRuns)).toHaveLength(1);
  });

  it('POST answers 202 with the name; the archive is then listed verified and downloads byte for byte (audited)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin });
    expect(res.statusCode).toBe(202);
    const { name } = res.json() as { name: string };
    expect(name).toMatch(/^agency-backup-.*\.tar\.gz$/);
    type Item = { name: string; createdAt: string; sizeBytes: number; verifiedAt: string | null };
    let item: Item | undefined;
    await until(async () => {
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: admin });
      item = (list.json() as { items: Item[] }).items.find((entry) => entry.name === name);
      return Boolean(item?.verifiedAt);
    }, 'the backup to be verified');
    expect(item?.sizeBytes).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(item?.createdAt ?? '') - Date.now())).toBeLessThan(120_000);

    const download = await t.app.inject({ method: 'GET', url: `/api/admin/backups/${name}`, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    const onDisk = readFileSync(path.join(t.dataDir, 'backups', name));
    expect(download.rawPayload.equals(onDisk)).toBe(true);

    const audit = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(sql`${schema.auditLog.action} like 'backup.%'`);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['backup.downloaded', 'backup.requested']);
    expect(audit.every((entry) => entry.targetId === name)).toBe(true);
  });

  it('keeps BACKUP_KEEP archives, deleting the oldest', async () => {
    const { done } = t.app.backups.start('admin');
    await done;
    const items = await t.app.backups.list();
    expect(items).toHaveLength(2);
    expect((items[0]?.name ?? '') > (items[1]?.name ?? '')).toBe(true);
  });

  it('answers 409 while a backup is being taken, 404 for an unknown one, and for a name that is not one, 403 for an editor', async () => {
    await t.app.db.insert(schema.backupRuns).values({ trigger: 'cli', name: 'running' });
    try {
      const busy = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: admin });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error).toMatch(/being taken/);
    } finally {
      await t.app.db.delete(schema.backupRuns).where(eq(schema.backupRuns.name, 'running'));
    }
    const missing = 'agency-backup-2020-01-01T00-00-00-000Z.tar.gz';
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/backups/${missing}`, headers: admin })).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/backups/not-a-backup.zip', headers: admin });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error).toBe('There is no backup of that name.');
    const editor = await tokenFor(t.app, 'editor');
    for (const [method, url] of [
      ['GET', '/api/admin/backups'],
      ['POST', '/api/admin/backups'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: editor })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('the dashboard has the last backup, and turns overdue when it is older than two intervals', async () => {
    const stats = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin })).json().backup as Record<
        string,
        unknown
      >;
    const fresh = await stats();
    expect(fresh.lastAt).toEqual(expect.any(String));
    expect(fresh.lastVerifiedAt).toEqual(expect.any(String));
    expect(fresh.sizeBytes).toBeGreaterThan(0);
    expect(fresh.lastError).toBeNull();
    expect(fresh.intervalHours).toBe(24);
    expect(fresh.overdue).toBe(false);
    await t.app.db.execute(
      sql`update backup_runs set started_at = started_at - interval '49 hours', finished_at = finished_at - interval '49 hours'`,
    );
    expect((await stats()).overdue).toBe(true);
  });
});

describe('a backup that fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    const blocker = path.join(process.env.TMPDIR ?? '/tmp', `agency-not-a-dir-${Date.now()}`);
    writeFileSync(blocker, 'a file where the backup directory should be');
    t = await createTestApp({ BACKUP_DIR: path.join(blocker, 'backups'), BACKUP_INTERVAL_HOURS: '24' });
  });
  afterAll(() => t.close());

  it('is recorded with its cause, shown on the dashboard, and mailed once to each admin', async () => {
    const admin = await tokenFor(t.app, 'admin');
    await tokenFor(t.app, 'admin');
    await tokenFor(t.app, 'editor');
    await expect(t.app.backups.start('admin').done).rejects.toThrow(/ENOTDIR|not a directory/);
    const mails = async () => t.app.db.select().from(schema.outbox).where(eq(schema.outbox.purpose, 'backup-failed'));
    expect(await mails()).toHaveLength(2);
    expect((await mails())[0]?.body).toMatch(/failed: .*(ENOTDIR|not a directory)/);
    // The next failure of the streak is recorded but not mailed again.
    await expect(t.app.backups.start('admin').done).rejects.toThrow(/ENOTDIR|not a directory/);
    expect(await t.app.db.select().from(schema.backupRuns)).toHaveLength(2);
    expect(await mails()).toHaveLength(2);
    const backup = (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin })).json().backup;
    expect(backup.lastError).toMatch(/ENOTDIR|not a directory/);
    expect(backup.lastAt).toBeNull();
  });
});
