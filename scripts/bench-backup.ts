// Figures for docs/backups.md: backup and restore time, archive size, the event loop's lag and the resident memory
// while each runs, for 10,000 leads with 1,000 files, on the embedded database (which runs on the event loop's
// thread) and local disk. `npm run bench:backup` (LEADS, FILES, FILE_KB to vary). Prints figures; asserts nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createDb, sql } from '@agency/db';
import { createBackup, restoreBackup } from '../apps/api/src/services/backup.ts';
import { createLocalStorage } from '../apps/api/src/services/storage.ts';

const LEADS = Number(process.env.LEADS ?? 10_000);
const FILES = Number(process.env.FILES ?? 1_000);
const FILE_KB = Number(process.env.FILE_KB ?? 100);
/**
 * Runs `work` while watching the event loop (the longest a 10 ms timer was late: what a request waiting on the
 * server would feel, and monitorEventLoopDelay's p99) and the resident memory (sampled every 10 ms, its peak).
 */
async function watched<T>(work: () => Promise<T>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let worstLateMs = 0;
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worstLateMs = Math.max(worstLateMs, now - last - 10);
    last = now;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    const p99Ms = histogram.percentile(99) / 1e6;
    return { result, ms: performance.now() - started, worstLateMs, p99Ms, startRss, peakRss };
  } finally {
    clearInterval(timer);
    histogram.disable();
  }
}
const MIB = 1024 * 1024;
type Run = { ms: number; worstLateMs: number; p99Ms: number; startRss: number; peakRss: number };
const figures = (label: string, run: Run) =>
  `${label} ${(run.ms / 1000).toFixed(1)} s (event loop: worst lag ${Math.round(run.worstLateMs)} ms, ` +
  `p99 ${Math.round(run.p99Ms)} ms; resident memory ${Math.round(run.startRss / MIB)} MiB before, ` +
  `${Math.round(run.peakRss / MIB)} MiB at its peak)`;

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

  const backup = await watched(() => createBackup(source, storage, { outDir: path.join(work, 'backups') }));
  await source.close();

  const target = createDb({ dataDir: path.join(work, 'target-db') });
  const targetStorage = createLocalStorage(path.join(work, 'target-uploads'));
  const restore = await watched(() => restoreBackup(target, targetStorage, backup.result.file));
  await target.close();
  const rows = restore.result.counts.reduce((sum, row) => sum + row.restored, 0);
  console.log(
    `${LEADS} leads (${rows} rows in all), ${FILES} files of ${FILE_KB} KB (random, so incompressible), ` +
      `archive ${(backup.result.sizeBytes / 1024 / 1024).toFixed(1)} MiB (PGlite, local disk):\n` +
      `  ${figures('backup', backup)}\n  ${figures('restore', restore)}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
