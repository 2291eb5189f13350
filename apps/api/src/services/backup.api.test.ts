// Backups restore for real: backup → a fresh (wiped) database and storage → restore, then staff sign in, leads,
// notes, events and files are there and downloads are byte-identical. On PGlite and, with TEST_DATABASE_URL,
// PostgreSQL, and from one to the other; an archive of the first migration's schema; a backup taken while
// leads arrive; and archives that must be refused.
import { randomBytes } from 'node:crypto';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createDb, schema, sql } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, nowCode, turnOnTwoFactor } from '../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { migratedCluster } from '../../test/pglite-template.ts';
import { APPLICATION, CONTACT, MODAL_QUOTE, multipart, PDF } from '../../test/lead-fixtures.ts';
import { createLocalStorage } from './storage.ts';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import {
  BackupError,
  backupName,
  createBackup,
  migrateEmptyTo,
  openArchive,
  readIdentities,
  removeStalePartials,
  restoreBackup,
  verifyWritten,
} from './backup.ts';

const outDir = mkdtempSync(path.join(tmpdir(), 'agency-backups-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** A restore builds a whole database (every migration, every row) in one transaction; the machine may be busy. */
const SLOW = { timeout: 300_000 };

async function sendCv(t: TestApp, data: Buffer, email = APPLICATION.email) {
  const body = await multipart({ ...APPLICATION, email }, [
    { field: 'resume', name: 'cv.pdf', type: 'application/pdf', data },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/jobs/apply', ...body });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function sendContact(t: TestApp, n: number) {
  return t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, email: `c${n}@example.com` } });
}

/** What a user sees: every table's rows (as JSON text, ordered) — the same before and after a restore. */
async function snapshot(t: TestApp): Promise<Record<string, string[]>> {
  const tables = (await t.app.database.run(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as { tablename: string }[];
  const out: Record<string, string[]> = {};
  for (const { tablename } of tables) {
    // The archive's own unfinished run is not restored (no lease on the restored system).
    if (tablename === 'backup_runs') continue;
    const rows = (await t.app.database.run(sql.raw(`select row_to_json(t)::text as j from "${tablename}" t`))) as {
      j: string;
    }[];
    // Timestamps print in the session's zone; compare instants, and rows in a stable order.
    out[tablename] = rows.map((row) => normalise(row.j)).sort();
  }
  return out;
}

const normalise = (json: string) =>
  JSON.stringify(JSON.parse(json), (key, value: unknown) =>
    // Pending mail is restored held: compared apart.
    key === 'held_at'
      ? undefined
      : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value)
        ? new Date(value).toISOString()
        : value,
  );

async function download(t: TestApp, id: string, authorization: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/applications/${id}/file`,
    headers: { authorization },
  });
  return res;
}

/** A source with an admin (password), an editor with 2FA, leads of each kind, a note and a CV; returns what to check after. */
async function fill(t: TestApp) {
  const admin = await createAccount(t.app, 'admin', 'Backup Admin');
  const editor = await createAccount(t.app, 'editor', 'Backup Editor');
  const { secret } = await turnOnTwoFactor(t.app, editor);
  const cv = Buffer.concat([PDF, randomBytes(2048)]);
  const applicationId = await sendCv(t, cv);
  const quote = await t.app.inject({ method: 'POST', url: '/api/request-quote', payload: MODAL_QUOTE });
  expect(quote.statusCode).toBe(201);
  expect((await sendContact(t, 0)).statusCode).toBe(201);
  const note = await t.app.inject({
    method: 'POST',
    url: `/api/admin/applications/${applicationId}/notes`,
    headers: { authorization: `Bearer ${admin.accessToken}` },
    payload: { text: 'Strong CV, call back on Monday.' },
  });
  expect(note.statusCode).toBeLessThan(300);
  return { admin, editor: { ...editor, secret }, cv, applicationId };
}

async function backupAndRestore(source: TestApp, target: TestApp) {
  const filled = await fill(source);
  // As when the server takes it: the archive holds its own unfinished run, the cluster's lease.
  await source.app.db.insert(schema.backupRuns).values({ trigger: 'admin', name: 'running', heartbeatAt: new Date() });
  const before = await snapshot(source);
  const backup = await createBackup(source.app.database, source.app.storage, { outDir });
  await source.app.db.execute(sql`delete from backup_runs where name = 'running'`);
  expect(path.basename(backup.file)).toMatch(/^agency-backup-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz$/);
  expect(backup.manifest.tables.find((table) => table.name === 'applications')?.rows).toBe(1);
  expect(backup.manifest.files).toHaveLength(1);

  const result = await restoreBackup(target.app.database, target.app.storage, backup.file);
  for (const row of result.counts) expect(row.restored, row.table).toBe(row.expected);
  expect(result.migrated).toEqual([]);
  // Every table the same, row for row.
  expect(await snapshot(target)).toEqual(before);
  // The mail pending in the archive is held: shown to admins, sent or discarded by them.
  const pending = (await target.app.db.select().from(schema.outbox)).filter((row) => !row.sentAt);
  expect(pending.length).toBeGreaterThan(0);
  expect(result.held).toBe(pending.length);
  expect(pending.every((row) => row.heldAt instanceof Date)).toBe(true);
  // The first backup after a restore starts at once: the archive's running row holds no lease.
  const taken = target.app.backups.start('admin');
  expect(await taken.started).toMatch(/^agency-backup-/);
  await taken.done;

  // Staff sign in with their password, and the CV downloads byte for byte.
  const login = await target.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: filled.admin.email, password: filled.admin.password },
  });
  expect(login.statusCode).toBe(200);
  const token = `Bearer ${login.json().accessToken}`;
  const file = await download(target, filled.applicationId, token);
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.equals(filled.cv)).toBe(true);
  const timeline = await target.app.inject({
    method: 'GET',
    url: `/api/admin/applications/${filled.applicationId}`,
    headers: { authorization: token },
  });
  expect(timeline.statusCode).toBe(200);
  expect(timeline.body).toContain('Strong CV, call back on Monday.');
  // The editor signs in with password and a code from the same authenticator app.
  const first = await target.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: filled.editor.email, password: filled.editor.password },
  });
  expect(first.statusCode).toBe(200);
  const status = await target.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { authorization: token } });
  expect(status.json().backup.heldMessages).toBe(pending.length);
  const discard = await target.app.inject({
    method: 'POST',
    url: '/api/admin/backups/held/discard',
    headers: { authorization: token },
  });
  expect(discard.json()).toEqual({ count: pending.length });
  const { challengeToken } = first.json<{ challengeToken: string }>();
  expect(challengeToken).toBeTruthy();
  const second = await target.app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    payload: { challengeToken, code: nowCode(filled.editor.secret) },
  });
  expect(second.statusCode, second.body).toBe(200);
  expect(second.json().accessToken).toBeTruthy();
  // The sequences carry on after the restored rows: a new lead after the restore is accepted.
  expect((await sendContact(target, 1)).statusCode).toBe(201);
}

describe('backup and restore', () => {
  let source: TestApp;
  let target: TestApp;
  beforeAll(async () => {
    [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([source.close(), target.close()]);
  });

  it(`backup → wiped database and storage → restore, on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, SLOW, async () => {
    await backupAndRestore(source, target);
  });

  it('refuses a database that already holds data without force, and leaves it as it was', SLOW, async () => {
    const backup = await createBackup(source.app.database, source.app.storage, { outDir });
    const before = await snapshot(target);
    await expect(restoreBackup(target.app.database, target.app.storage, backup.file)).rejects.toThrow(
      /already holds data .*--force/,
    );
    expect(await snapshot(target)).toEqual(before);
    // With force it replaces it: the lead sent after the first restore is gone.
    await restoreBackup(target.app.database, target.app.storage, backup.file, { force: true });
    expect(await snapshot(target)).toEqual(await snapshot(source));
  });
});

describe.runIf(onPostgres)('from the embedded database to PostgreSQL and back', () => {
  it('a PGlite backup restores into an empty PostgreSQL database, and the reverse', SLOW, async () => {
    const embedded = await createTestApp({}, { embedded: true });
    const server = await createTestApp();
    const back = await createTestApp({}, { embedded: true });
    try {
      expect(embedded.app.database.kind).toBe('pglite');
      expect(server.app.database.kind).toBe('postgres');
      await backupAndRestore(embedded, server);
      const again = await createBackup(server.app.database, server.app.storage, { outDir });
      expect(again.manifest.database).toBe('postgres');
      await restoreBackup(back.app.database, back.app.storage, again.file);
      expect(await snapshot(back)).toEqual(await snapshot(server));
    } finally {
      await Promise.all([embedded.close(), server.close(), back.close()]);
    }
  });
});

describe('an archive from the first migration', () => {
  it("restores into today's schema, migrated on the way", SLOW, async () => {
    // Emptied and migrated to the first migration below: the template only saves PGlite's initdb.
    const old = createDb({ dataDir: 'memory://', loadDataDir: migratedCluster() });
    const dir = mkdtempSync(path.join(tmpdir(), 'agency-old-'));
    const target = await createTestApp();
    try {
      await migrateEmptyTo(old, 1);
      // Rows as the first release wrote them: a quote marked spam, a handled contact.
      await old.run(sql`insert into quotes (full_name, email, phone, company_name, size, contact_method, services,
        description, budget, deadline, source, additional_details, spam)
        values ('Old Quote', 'old@example.com', '07700900123', 'Old Ltd', 'Small (1-4)', 'Email',
        'Website Development', 'From 2025.', '£1,500 - £5,000', '2030-01-31', 'Referral', '', true)`);
      await old.run(sql`insert into contacts (name, email, phone, subject, message, handled) values ('Old Contact',
        'oldc@example.com', '', '', 'Hello from before.', true)`);
      const backup = await createBackup(old, createLocalStorage(dir), { outDir });
      expect(backup.manifest.schema.migration).toBe('0000_init');
      expect(backup.manifest.schema.applied).toBe(1);

      const result = await restoreBackup(target.app.database, target.app.storage, backup.file);
      expect(result.migrated.length).toBeGreaterThan(5);
      const [quote] = await target.app.db.select().from(schema.quotes);
      expect(quote?.status).toBe('spam');
      const [contact] = await target.app.db.select().from(schema.contacts);
      expect(contact?.status).toBe('contacted');
      const events = await target.app.db.select().from(schema.leadEvents);
      expect(events.map((event) => event.type).sort()).toEqual(['received', 'received']);
      // The server starting on it finds nothing left to migrate.
      await target.app.database.migrate();
    } finally {
      await old.close();
      await target.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a backup taken while leads arrive', () => {
  it('holds every lead acknowledged before it started, each wholly (row, events, mail)', SLOW, async () => {
    // Four senders from one address for as long as the backup runs: more posts than the test app's rate limit.
    const source = await createTestApp({ LEADS_TO: 'agency@example.com', RATE_LIMIT_MAX: '1000000' });
    const target = await createTestApp();
    try {
      const acknowledged: { id: string; at: number }[] = [];
      let n = 0;
      let stop = false;
      const burst = async () => {
        while (!stop) {
          const res = await sendContact(source, (n += 1));
          expect(res.statusCode).toBe(201);
          acknowledged.push({ id: res.json().id as string, at: Date.now() });
        }
      };
      const senders = [burst(), burst(), burst(), burst()];
      while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
      const startedAt = Date.now();
      const backup = await createBackup(source.app.database, source.app.storage, { outDir });
      stop = true;
      await Promise.all(senders);
      const before = acknowledged.filter((lead) => lead.at < startedAt).map((lead) => lead.id);

      await restoreBackup(target.app.database, target.app.storage, backup.file);
      const restored = await target.app.db.select().from(schema.contacts);
      const ids = new Set(restored.map((row) => row.id));
      for (const id of before) expect(ids.has(id), id).toBe(true);
      expect(restored.length).toBe(backup.manifest.tables.find((table) => table.name === 'contacts')?.rows);
      // Wholly in: each restored lead has its 'received' event and its notification.
      const events = await target.app.db.select().from(schema.leadEvents);
      const mails = await target.app.db.select().from(schema.outbox);
      for (const row of restored) {
        expect(
          events.some((event) => event.leadId === row.id && event.type === 'received'),
          row.id,
        ).toBe(true);
        expect(
          mails.some((mail) => mail.leadId === row.id && mail.purpose === 'notification'),
          row.id,
        ).toBe(true);
      }
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  });
});

/** Rewrites one entry of a .tar.gz in place (same length), the way a flipped bit on disk would. */
function tamper(file: string, find: string, replace: string): string {
  expect(replace.length).toBe(find.length);
  const tarball = gunzipSync(readFileSync(file));
  const at = tarball.indexOf(find);
  expect(at).toBeGreaterThan(0);
  tarball.write(replace, at);
  const out = file.replace(/\.tar\.gz$/, `-tampered-${Math.random().toString(36).slice(2, 6)}.tar.gz`);
  writeFileSync(out, gzipSync(tarball));
  return out;
}

describe('archives that are refused, leaving the target as it was', () => {
  let source: TestApp;
  let target: TestApp;
  let archive: string;
  beforeAll(async () => {
    [source, target] = await Promise.all([createTestApp(), createTestApp()]);
    await sendCv(source, Buffer.concat([PDF, Buffer.from('the one true CV')]));
    archive = (await createBackup(source.app.database, source.app.storage, { outDir })).file;
  });
  afterAll(async () => {
    await Promise.all([source.close(), target.close()]);
  });

  const refused = async (file: string, message: RegExp) => {
    const before = await snapshot(target);
    const error = await restoreBackup(target.app.database, target.app.storage, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect(await snapshot(target)).toEqual(before);
    expect(await target.app.storage.list()).toEqual([]);
  };

  it('a file whose bytes changed, naming the file', async () => {
    const key = (await source.app.storage.list())[0]?.key;
    await refused(tamper(archive, 'the one true CV', 'the one fake CV'), new RegExp(`files/${key}.* SHA-256`));
  });

  it('a table whose rows changed, naming the table', async () => {
    await refused(tamper(archive, 'Linus Example', 'Linus Exampl3'), /db\/applications\.jsonl does not match/);
  });

  it('a truncated archive', async () => {
    const bytes = readFileSync(archive);
    const cut = archive.replace(/\.tar\.gz$/, '-cut.tar.gz');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refused(cut, /truncated/);
  });

  it('a missing archive', async () => {
    await refused(path.join(outDir, 'agency-backup-nope.tar.gz'), /no such archive/);
  });

  it('an archive from a newer schema', async () => {
    const opened = await openArchive(archive);
    await opened.close();
    const when = String(opened.manifest.schema.when);
    const newer = `9${when.slice(1)}`;
    // The manifest is not itself checksummed; its schema version is what is read.
    await refused(tamper(archive, `"when": ${when}`, `"when": ${newer}`), /newer than this release/);
  });
});

describe('archives only their owner reads, and writes that fail', () => {
  let source: TestApp;
  beforeAll(async () => {
    source = await createTestApp();
    await sendCv(source, Buffer.concat([PDF, Buffer.from('a CV kept private')]));
  });
  afterAll(() => source.close());

  it('uploads and archives are 0600 in 0700 directories', async () => {
    const [{ key } = { key: '' }] = await source.app.storage.list();
    const upload = path.join(source.dataDir, 'uploads', key);
    expect(statSync(upload).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(upload)).mode & 0o777).toBe(0o700);
    const dir = path.join(outDir, 'modes', 'nested');
    const backup = await createBackup(source.app.database, source.app.storage, { outDir: dir });
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('with recipients the archive is age-encrypted: it opens with the identity, and is refused without it', async () => {
    const identity = await generateX25519Identity();
    const recipient = await identityToRecipient(identity);
    const backup = await createBackup(source.app.database, source.app.storage, {
      outDir,
      recipients: [recipient],
    });
    expect(backup.encrypted).toBe(true);
    const bytes = readFileSync(backup.file);
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(bytes.includes(Buffer.from('a CV kept private'))).toBe(false);
    await verifyWritten(backup.file, backup.sha256);

    const keyFile = path.join(outDir, 'key.txt');
    writeFileSync(keyFile, `# created: now\n# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
    const opened = await openArchive(backup.file, { identities: await readIdentities(keyFile) });
    try {
      expect(opened.manifest.files).toHaveLength(1);
      const entry = opened.manifest.files[0]?.entry ?? '';
      expect(readFileSync(path.join(opened.dir, 'entries', entry)).includes(Buffer.from('a CV kept private'))).toBe(
        true,
      );
    } finally {
      await opened.close();
    }
    const target = createDb({ dataDir: 'memory://', loadDataDir: migratedCluster() });
    try {
      await expect(restoreBackup(target, createLocalStorage(outDir), backup.file)).rejects.toThrow(
        /is encrypted; give its key with --identity/,
      );
      const other = await generateX25519Identity();
      await expect(
        restoreBackup(target, createLocalStorage(outDir), backup.file, { identities: [other] }),
      ).rejects.toThrow(/cannot be decrypted with the identity given/);
    } finally {
      await target.close();
    }
  });

  it('a full disk (ENOSPC from the kernel) fails the backup with its cause and removes the partial archive', async () => {
    const now = new Date('2030-01-02T03:04:05.678Z');
    const dir = mkdtempSync(path.join(outDir, 'full-'));
    const partial = path.join(dir, `${backupName(now)}.partial`);
    // Every write to /dev/full fails with ENOSPC, as on a full file system.
    symlinkSync('/dev/full', partial);
    await expect(createBackup(source.app.database, source.app.storage, { outDir: dir, now })).rejects.toThrow(/ENOSPC/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('without the free space of the last archive plus a margin, it fails before writing, naming both figures', async () => {
    await expect(
      createBackup(source.app.database, source.app.storage, { outDir, lastSizeBytes: 2 ** 60 }),
    ).rejects.toThrow(/^not enough free space in .*: [\d.]+ MiB free, the last archive took [\d.]+ MiB/);
  });

  it('.partial files and staging directories older than a day are deleted, newer ones kept', async () => {
    const dir = mkdtempSync(path.join(outDir, 'sweep-'));
    const old = path.join(dir, 'agency-backup-old.tar.gz.partial');
    const fresh = path.join(dir, 'agency-backup-new.tar.gz.partial');
    writeFileSync(old, 'x');
    writeFileSync(fresh, 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    expect(await removeStalePartials(dir)).toContain('agency-backup-old.tar.gz.partial');
    expect(readdirSync(dir)).toEqual(['agency-backup-new.tar.gz.partial']);
  });
});
