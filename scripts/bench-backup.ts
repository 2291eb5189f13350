// Figures for docs/backups.md: backup, read-back and restore time, archive size, the event loop's lag and the
// resident memory while each runs, for 10,000 leads with 1,000 files, on the embedded database (which runs on the
// event loop's thread) and local disk. `npm run bench:backup` (LEADS, FILES, FILE_KB to vary). Prints figures;
// asserts nothing (apps/api/src/services/backup-lag.api.test.ts does). The data is made first; the backup, the new
// target database (PGlite's initdb) and the restore into it each run in a process of their own, so the memory
// figures are theirs (PGlite's own included), not the seeding's. Every process runs PGlite on V8's baseline compiler
// as the server does (lib/wasm-baseline.ts, decision 0043).
import '../apps/api/src/lib/wasm-baseline.ts';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, sql } from '@agency/db';
import { type LoopFigures, watchLoop } from '../apps/api/test/event-loop-watch.ts';
import { createBackup, restoreBackup, verifyArchive } from '../apps/api/src/services/backup.ts';
import { createLocalStorage } from '../apps/api/src/services/storage.ts';

const LEADS = Number(process.env.LEADS ?? 10_000);
const FILES = Number(process.env.FILES ?? 1_000);
const FILE_KB = Number(process.env.FILE_KB ?? 100);
const MIB = 1024 * 1024;
type Figures = Omit<LoopFigures, 'result'>;
const figures = (label: string, run: Figures) =>
  `${label} ${(run.ms / 1000).toFixed(1)} s (event loop: worst lag ${Math.round(run.worstLateMs)} ms ` +
  `at ${(run.worstLateAtMs / 1000).toFixed(1)} s` +
  (run.worstLateParts
    ? ` [on a CPU ${Math.round(run.worstLateParts.runMs)}, waiting for one ${Math.round(run.worstLateParts.waitMs)}, ` +
      `blocked ${Math.round(run.worstLateParts.blockedMs)}]`
    : '') +
  `, p99 ${Math.round(run.p99Ms)} ms, longest run of the main thread ${Math.round(run.worstBlockMs ?? NaN)} ms; ` +
  `resident memory ${Math.round(run.startRss / MIB)} MiB before, ${Math.round(run.peakRss / MIB)} MiB at its peak, ` +
  `the process's highest ${Math.round(run.maxRss / MIB)} MiB)`;
const only = ({ result: _result, ...rest }: LoopFigures & { result: unknown }): Figures => rest;

const step = process.env.BENCH_STEP;
const work = process.env.BENCH_WORK ?? mkdtempSync(path.join(tmpdir(), 'agency-bench-backup-'));
const paths = {
  sourceDb: path.join(work, 'source-db'),
  sourceFiles: path.join(work, 'source-uploads'),
  backups: path.join(work, 'backups'),
  targetDb: path.join(work, 'target-db'),
  targetFiles: path.join(work, 'target-uploads'),
};

if (step === 'backup') {
  // A process of its own: opens the database as a starting server would, then backs it up and reads it back.
  const source = createDb({ dataDir: paths.sourceDb });
  await source.migrate();
  // A running server has served queries before it backs up.
  await source.run(sql`select * from contacts order by id limit 20`);
  await source.run(sql`select count(*) from lead_events`);
  const storage = createLocalStorage(paths.sourceFiles);
  const backup = await watchLoop(() => createBackup(source, storage, { outDir: paths.backups }));
  const readBack = await watchLoop(() => verifyArchive(backup.result.file));
  // The next backup of the same process (a scheduled one): the first one's code is ready by then.
  const again = await watchLoop(() => createBackup(source, storage, { outDir: path.join(paths.backups, 'again') }));
  rmSync(again.result.file);
  await source.close();
  console.log(
    JSON.stringify({
      file: backup.result.file,
      sizeBytes: backup.result.sizeBytes,
      backup: only(backup),
      readBack: only(readBack),
      again: only(again),
    }),
  );
} else if (step === 'target') {
  // A new embedded database, as `npm run restore` on a new machine (or the server's first start) makes it: PGlite's
  // initdb, measured apart from the restore, which then opens it as an existing database.
  const opened = await watchLoop(async () => {
    const target = createDb({ dataDir: paths.targetDb });
    await target.run(sql`select 1`);
    return target;
  });
  await opened.result.close();
  console.log(JSON.stringify({ target: only(opened) }));
} else if (step === 'restore') {
  const target = createDb({ dataDir: paths.targetDb });
  const storage = createLocalStorage(paths.targetFiles);
  const restore = await watchLoop(() => restoreBackup(target, storage, process.env.BENCH_ARCHIVE ?? ''));
  await target.close();
  const rows = restore.result.counts.reduce((sum, row) => sum + row.restored, 0);
  console.log(JSON.stringify({ rows, restore: only(restore) }));
} else {
  const child = (name: string, env: Record<string, string> = {}) =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
        env: { ...process.env, ...env, BENCH_STEP: name, BENCH_WORK: work },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      })
        .trim()
        .split('\n')
        .at(-1) ?? '{}',
    );
  try {
    const source = createDb({ dataDir: paths.sourceDb });
    const storage = createLocalStorage(paths.sourceFiles);
    await source.migrate();
    // A third each of quotes, contacts and applications; every lead with its 'received' event; FILES files.
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
    await source.close();

    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
    const backup = child('backup');
    const target = child('target');
    const restore = child('restore', { BENCH_ARCHIVE: backup.file });
    console.log(
      `${LEADS} leads (${restore.rows} rows in all), ${FILES} files of ${FILE_KB} KB (random, so incompressible), ` +
        `archive ${(backup.sizeBytes / MIB).toFixed(1)} MiB (PGlite, local disk; load average ${load} before):\n` +
        `  ${figures('backup', backup.backup)}\n  ${figures('read back', backup.readBack)}\n` +
        `  ${figures('the next backup in the same process', backup.again)}\n` +
        `  ${figures('a new embedded database (initdb)', target.target)}\n` +
        `  ${figures('restore into it', restore.restore)}\n  load average after: ${loadavg()
          .map((value) => value.toFixed(1))
          .join(', ')}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
