// Backups kept in the bucket (BACKUP_S3_PREFIX in S3_BUCKET), over the real S3 protocol against a fake S3 server
// (s3rver) on 127.0.0.1: the scheduled backup lands under the prefix and is read back and verified, the uploaded
// files come from the bucket and the archives themselves are never archived, BACKUP_KEEP deletes the oldest
// object, the admin download is the object byte for byte, and that archive restores on a server with local disk.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buffer as bytes } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { APPLICATION, multipart, PDF, tokenFor } from '../../../test/lead-fixtures.ts';
import { type FakeS3, startFakeS3 } from '../../../test/s3.ts';
import { restoreBackup, verifyArchive } from '../../services/backup.ts';
import { createS3Storage } from '../../services/s3-storage.ts';
import type { Storage } from '../../services/storage.ts';

const PREFIX = 'backups/';

let s3: FakeS3;
let bucket: Storage;
let t: TestApp;
let admin: Record<string, string>;
let currentPassword: string;
const CV = Buffer.concat([PDF, Buffer.from('a CV kept in the bucket')]);

const archivesInBucket = async () => (await bucket.list(PREFIX)).map(({ key }) => key).sort();

beforeAll(async () => {
  // Listing the bucket needs s3rver to accept the SDK's signature (test/s3.ts); objects' are checked in
  // s3-storage.test.ts.
  s3 = await startFakeS3('agency-backups-test', { allowMismatchedSignatures: true });
  bucket = await createS3Storage(s3.options);
  t = await createTestApp({
    ...s3.env,
    BACKUP_S3_PREFIX: 'backups',
    BACKUP_INTERVAL_HOURS: '24',
    BACKUP_KEEP: '2',
  });
  const account = await createAccount(t.app, 'admin');
  admin = { authorization: `Bearer ${account.accessToken}` };
  currentPassword = account.password;
  const body = await multipart(APPLICATION, [{ field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: CV }]);
  expect((await t.app.inject({ method: 'POST', url: '/api/jobs/apply', ...body })).statusCode).toBe(201);
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('backups in the bucket (BACKUP_S3_PREFIX)', () => {
  let first: string;

  it('the scheduled backup is written under the prefix, read back and verified; no copy is left on local disk', async () => {
    const outcome = await t.app.backups.runIfDue();
    expect(outcome?.name).toMatch(/^agency-backup-.*\.tar\.gz$/);
    first = outcome?.name ?? '';
    expect(await archivesInBucket()).toEqual([`${PREFIX}${first}`]);
    const items = await t.app.backups.list();
    expect(items.map((item) => item.name)).toEqual([first]);
    expect(items[0]?.verifiedAt).toBeTruthy();
    // The local copy it was written to first is gone.
    const scratch = path.join(t.dataDir, 'backups');
    expect(existsSync(scratch) ? readdirSync(scratch).filter((entry) => entry.endsWith('.tar.gz')) : []).toEqual([]);
  });

  it('the admin download is the object in the bucket, byte for byte, and holds the CV from the bucket', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/admin/backups/${first}/download`,
      headers: admin,
      payload: { currentPassword },
    });
    const download = await t.app.inject({ method: 'GET', url: (link.json() as { url: string }).url });
    expect(download.statusCode).toBe(200);
    const object = await bucket.get(`${PREFIX}${first}`);
    expect(object).not.toBeNull();
    expect(download.rawPayload.equals(await bytes(object!.stream))).toBe(true);
    // The listed size is the object's, read from the bucket's listing.
    const listed = (await t.app.backups.list()).find((item) => item.name === first);
    expect(listed?.sizeBytes).toBe(download.rawPayload.length);

    const file = path.join(s3.directory, 'downloaded.tar.gz');
    writeFileSync(file, download.rawPayload);
    const manifest = await verifyArchive(file);
    expect(manifest.files.map((entry) => entry.key)).toHaveLength(1);
    expect(manifest.files[0]?.key.startsWith(PREFIX)).toBe(false);
  });

  it('a later backup does not hold the earlier archives; BACKUP_KEEP deletes the oldest object', async () => {
    for (let n = 0; n < 2; n += 1) await t.app.backups.start('admin').done;
    const keys = await archivesInBucket();
    expect(keys).toHaveLength(2);
    expect(keys).not.toContain(`${PREFIX}${first}`);
    const newest = keys[1] as string;
    const object = await bucket.get(newest);
    const file = path.join(s3.directory, 'newest.tar.gz');
    writeFileSync(file, await bytes(object!.stream));
    const manifest = await verifyArchive(file);
    expect(manifest.files).toHaveLength(1);
    expect(manifest.files.some((entry) => entry.key.startsWith(PREFIX))).toBe(false);
  });

  it('an archive from the bucket restores on a server with local disk, and the CV downloads byte for byte', async () => {
    const [key] = await archivesInBucket();
    const object = await bucket.get(key as string);
    const file = path.join(s3.directory, 'restore.tar.gz');
    writeFileSync(file, await bytes(object!.stream));
    const target = await createTestApp();
    try {
      const result = await restoreBackup(target.app.database, target.app.storage, file);
      for (const row of result.counts) expect(row.restored, row.table).toBe(row.expected);
      const token = await tokenFor(target.app, 'admin');
      const list = await target.app.inject({ method: 'GET', url: '/api/admin/applications', headers: token });
      const id = (list.json() as { items: { id: string }[] }).items[0]?.id;
      const cv = await target.app.inject({ method: 'GET', url: `/api/admin/applications/${id}/file`, headers: token });
      expect(cv.statusCode).toBe(200);
      expect(cv.rawPayload.equals(CV)).toBe(true);
    } finally {
      await target.close();
    }
  });
});
