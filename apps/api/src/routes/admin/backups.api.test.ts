// Backups from the running server: the schedule (one instance of two takes it), BACKUP_KEEP, the admin
// endpoints (202, list, download links, the password asked again, audit), the dashboard's figures, the one mail
// when a backup fails, and the failures that stay the backup's: a store that fails its writes, too little free
// space, a lease whose instance stopped, a server stopped during a backup (a restored database: backup.api.test.ts).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { eq, schema, sql } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Account } from '../../../test/auth-fixtures.ts';
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
  let account: Account;
  beforeAll(async () => {
    t = await createTestApp({ BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '2' });
    account = await createAccount(t.app, 'admin');
    admin = { authorization: `Bearer ${account.accessToken}` };
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

  it('POST and download need the current password: 401 naming currentPassword without it', async () => {
    for (const url of [
      '/api/admin/backups',
      '/api/admin/backups/agency-backup-2020-01-01T00-00-00-000Z.tar.gz/download',
    ]) {
      for (const payload of [undefined, {}, { currentPassword: 'not-the-password' }]) {
        const res = await t.app.inject({ method: 'POST', url, headers: admin, ...(payload ? { payload } : {}) });
        expect(res.statusCode, url).toBe(401);
        expect(Object.keys(res.json().fields ?? {})).toEqual(['currentPassword']);
      }
    }
  });

  it('POST answers 202 with the name; the archive is then listed verified and downloads byte for byte through a link valid once (audited)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups',
      headers: admin,
      payload: { currentPassword: account.password },
    });
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

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/admin/backups/${name}/download`,
      headers: admin,
      payload: { currentPassword: account.password },
    });
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(/^\/api\/admin\/backups\/links\/[A-Za-z0-9_-]{43}$/);
    // Opened by the browser itself: no Authorization header.
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    const onDisk = readFileSync(path.join(t.dataDir, 'backups', name));
    expect(download.rawPayload.equals(onDisk)).toBe(true);
    // Once: the same link again is refused, and so is one past its five minutes.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/backups/${name}/download`,
      headers: admin,
      payload: { currentPassword: account.password },
    });
    await t.app.db.execute(sql`update backup_links set expires_at = now() - interval '1 second'`);
    const expired = await t.app.inject({ method: 'GET', url: (again.json() as { url: string }).url });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toMatch(/expired or was used/);
    // Only the owner reads it: 0600 in a 0700 directory.
    expect(statSync(path.join(t.dataDir, 'backups', name)).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(t.dataDir, 'backups')).mode & 0o777).toBe(0o700);

    const audit = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(sql`${schema.auditLog.action} like 'backup.%'`);
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'backup.downloaded',
      'backup.downloaded',
      'backup.requested',
    ]);
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
    await t.app.db.insert(schema.backupRuns).values({ trigger: 'cli', name: 'running', heartbeatAt: new Date() });
    try {
      const busy = await t.app.inject({
        method: 'POST',
        url: '/api/admin/backups',
        headers: admin,
        payload: { currentPassword: account.password },
      });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error).toMatch(/being taken/);
    } finally {
      await t.app.db.delete(schema.backupRuns).where(eq(schema.backupRuns.name, 'running'));
    }
    const missing = 'agency-backup-2020-01-01T00-00-00-000Z.tar.gz';
    const payload = { currentPassword: account.password };
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/backups/${missing}/download`, headers: admin, payload }))
        .statusCode,
    ).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups/not-a-backup.zip/download',
      headers: admin,
      payload,
    });
    expect([400, 404]).toContain(bad.statusCode);
    expect(bad.json().error).toMatch(/no backup of that name/);
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
    expect(fresh.running).toBe(false);
    expect(fresh.heldMessages).toBe(0);
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

describe("failures that stay the backup's", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BACKUP_INTERVAL_HOURS: '24', METRICS_TOKEN: 'metrics-token-for-tests' });
    await tokenFor(t.app, 'admin');
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const metrics = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-for-tests' },
      })
    ).body;
  const sample = (text: string, name: string) => new RegExp(`^${name} [0-9.e+-]+$`, 'm').exec(text)?.[0];
  const backupDir = () => path.join(t.dataDir, 'backups');
  const leftovers = () =>
    (existsSync(backupDir()) ? readdirSync(backupDir()) : []).filter((f) => f.endsWith('.partial'));

  it('before the first backup the success time and the verified age are absent, not 0', async () => {
    const text = await metrics();
    expect(sample(text, 'agency_backup_last_success_timestamp_seconds')).toBeUndefined();
    expect(sample(text, 'agency_backup_last_verified_age_seconds')).toBeUndefined();
    expect(sample(text, 'agency_backup_failures_total')).toBe('agency_backup_failures_total 0');
    expect(sample(text, 'agency_unhandled_rejections_total')).toBe('agency_unhandled_rejections_total 0');
  });

  it('a store that fails its writes fails that backup: recorded with its cause, mailed, nothing partial left, the server healthy', async () => {
    const store = t.app.backups.store;
    const save = store.save;
    store.save = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    try {
      await expect(t.app.backups.start('admin').done).rejects.toThrow(/ENOSPC/);
    } finally {
      store.save = save;
    }
    const [run] = await t.app.db.select().from(schema.backupRuns);
    expect(run?.error).toMatch(/^ENOSPC: no space left on device/);
    expect(run?.finishedAt).toBeInstanceOf(Date);
    const mails = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.purpose, 'backup-failed'));
    expect(mails).toHaveLength(1);
    expect(leftovers()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(sample(await metrics(), 'agency_backup_failures_total')).toBe('agency_backup_failures_total 1');
    // The next one succeeds, and the figures appear.
    await t.app.backups.start('admin').done;
    const text = await metrics();
    const success = Number(sample(text, 'agency_backup_last_success_timestamp_seconds')?.split(' ')[1]);
    expect(Math.abs(success - Date.now() / 1000)).toBeLessThan(120);
    expect(Number(sample(text, 'agency_backup_last_verified_age_seconds')?.split(' ')[1])).toBeLessThan(120);
  });

  it('without the free space of the last archive plus a margin, fails at once naming both figures', async () => {
    await t.app.db.execute(sql`update backup_runs set size_bytes = 1e15 where error is null`);
    try {
      await expect(t.app.backups.start('admin').done).rejects.toThrow(
        /^not enough free space in .*: [\d.]+ MiB free, the last archive took 953674316\.4 MiB/,
      );
    } finally {
      await t.app.db.execute(sql`update backup_runs set size_bytes = 1000 where size_bytes = 1e15`);
    }
    expect(leftovers()).toEqual([]);
  });

  it('a lease not renewed for a minute is abandoned; a renewed one is not', async () => {
    await t.app.db
      .insert(schema.backupRuns)
      .values({ trigger: 'cli', name: 'alive', heartbeatAt: new Date(), startedAt: new Date(Date.now() - 3_600_000) });
    await expect(t.app.backups.start('admin').started).rejects.toThrow(/being taken already/);
    await t.app.db.execute(
      sql`update backup_runs set heartbeat_at = now() - interval '61 seconds' where name = 'alive'`,
    );
    await t.app.backups.start('admin').done;
    const [dead] = await t.app.db.select().from(schema.backupRuns).where(eq(schema.backupRuns.name, 'alive'));
    expect(dead?.error).toMatch(/^abandoned/);
  });

  it('an instance marks its own unfinished runs failed when it starts; stopping it aborts a running backup and records why', async () => {
    const instance = `${hostname()}:${path.resolve(backupDir())}`;
    await t.app.db
      .insert(schema.backupRuns)
      .values({ trigger: 'schedule', name: 'mine', instance, heartbeatAt: new Date() });
    const second = await t.secondInstance();
    await until(async () => {
      const [mine] = await t.app.db.select().from(schema.backupRuns).where(eq(schema.backupRuns.name, 'mine'));
      return /^interrupted/.test(mine?.error ?? '');
    }, 'the instance to mark its own unfinished run');

    // A bucket that never answers: the backup is still running when the server stops.
    second.storage.list = () => new Promise(() => {});
    const { started, done } = second.backups.start('admin');
    const name = await started;
    const outcome = done.catch((error: unknown) => error as Error);
    await second.close();
    expect(String(await outcome)).toMatch(/aborted: the server was stopped/);
    const [run] = await t.app.db.select().from(schema.backupRuns).where(eq(schema.backupRuns.name, name));
    expect(run?.error).toBe('aborted: the server was stopped while the backup ran');
    expect(leftovers()).toEqual([]);
  });
});
