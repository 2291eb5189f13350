// Figures for the README: backup and restore time and archive size for 10,000 leads with 1,000 files, on the
// embedded database and local disk. `node --import tsx scripts/bench-backup.ts` (LEADS, FILES, FILE_KB to vary).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, sql } from '@agency/db';
import { createBackup, restoreBackup } from '../apps/api/src/services/backup.ts';
import { createLocalStorage } from '../apps/api/src/services/storage.ts';

const LEADS = Number(process.env.LEADS ?? 10_000);
const FILES = Number(process.env.FILES ?? 1_000);
const FILE_KB = Number(process.env.FILE_KB ?? 100);
const work = mkdtempSync(path.join(tmpdir(), 'agency-bench-backup-'));
const source = createDb({ dataDir: path.join(work, 'source-db') });
const storage = createLocalStorage(path.join(work, 'source-uploads'));
try {
  await source.migrate();
  // A third each of quotes, contacts and applications; every lead with its 'received' event; FILES of them with a file.
  const third = Math.ceil(LEADS / 3);
  await source.run(sql`insert into contacts (name, email, phone, subject, message, created_at)
    select 'Visitor ' || i, 'visitor' || i || '@example.com', '07700900' || i, 'Subject ' || i,
      repeat('A message about a network. ', 20), now() - (i || ' minutes')::interval
    from generate_series(1, ${third}) i`);
  await source.run(sql`insert into quotes (full_name, email, phone, company_name, size, contact_method, services,
      description, budget, deadline, source, additional_details, created_at)
    select 'Client ' || i, 'client' || i || '@example.com', '07700900123', 'Company ' || i, 'Small (1-4)', 'Email',
      'Website Development', repeat('A new website. ', 30), '£1,500 - £5,000', '2030-01-31', 'Referral', '', now()
    from generate_series(1, ${third}) i`);
  await source.run(sql`insert into applications (name, contact, email, town, country, position, salary, currency, info)
    select 'Applicant ' || i, '9800000000', 'applicant' || i || '@example.com', 'Lalitpur', 'Nepal', 'DevOps Engineer',
      '80000', 'NPR', repeat('I like pipelines. ', 20)
    from generate_series(1, ${LEADS - 2 * third}) i`);
  await source.run(sql`insert into lead_events (lead_kind, lead_id, type, data)
    select 'contacts', id, 'received', '{}'::jsonb from contacts
    union all select 'quotes', id, 'received', '{}'::jsonb from quotes
    union all select 'applications', id, 'received', '{}'::jsonb from applications`);
  for (let i = 0; i < FILES; i++) await storage.put(`leads/applications/bench/${i}.pdf`, randomBytes(FILE_KB * 1024));

  let started = performance.now();
  const backup = await createBackup(source, storage, { outDir: path.join(work, 'backups') });
  const backupMs = performance.now() - started;
  await source.close();

  const target = createDb({ dataDir: path.join(work, 'target-db') });
  const targetStorage = createLocalStorage(path.join(work, 'target-uploads'));
  started = performance.now();
  const restored = await restoreBackup(target, targetStorage, backup.file);
  const restoreMs = performance.now() - started;
  await target.close();
  const rows = restored.counts.reduce((sum, row) => sum + row.restored, 0);
  console.log(
    `${LEADS} leads (${rows} rows in all), ${FILES} files of ${FILE_KB} KB (random, so incompressible): ` +
      `backup ${(backupMs / 1000).toFixed(1)} s, archive ${(backup.sizeBytes / 1024 / 1024).toFixed(1)} MiB, ` +
      `restore ${(restoreMs / 1000).toFixed(1)} s (PGlite, local disk)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
