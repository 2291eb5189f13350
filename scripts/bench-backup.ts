// Figures for docs/backups.md: backup, read-back and restore time, archive size, the event loop's lag and the
// resident memory while each runs, for 10,000 leads with 1,000 files, on the embedded database (which runs on the
// event loop's thread) or PostgreSQL, and local disk, then the archive's upload to a bucket and its download back.
// `npm run bench:backup` (LEADS, FILES, FILE_KB to vary; BENCH_BACKUP_FILES_MB=1024 for files of BENCH_FILE_MB,
// 4 by default, adding up to that many MiB, written to the storage directory directly; BENCH_DATABASE_URL=postgres://…
// of a server where the bench may create and drop the databases agency_bench_source and agency_bench_target).
// Prints figures; asserts nothing (backup-lag.api.test.ts and backup-memory.api.test.ts do). The data is made
// first; the backup, the target database, `npm run restore` over it and into an empty DATA_DIR (on PGlite) and the
// bucket upload each run in a process of their own, so the memory figures are theirs (PGlite's own included), not the
// seeding's; the restores' are the kernel's (getrusage's maxRSS of the CLI, built as `npm run restore` runs it); the backup's
// process also says what it held before the backup (Node and the app's modules, then the database open). The bucket
// is the fake S3 server of the tests (s3rver), in the parent process. Every process runs PGlite on V8's baseline
// compiler as the server does (lib/wasm-baseline.ts, decision 0043).
import '../apps/api/src/lib/wasm-baseline.ts';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDb, sql } from '@agency/db';
import pg from 'pg';
import { type LoopFigures, watchLoop } from '../apps/api/test/event-loop-watch.ts';
import { createBackup, verifyArchive } from '../apps/api/src/services/backup.ts';
import { createBackupStore } from '../apps/api/src/services/backup-store.ts';
import { createS3Storage, type S3StorageOptions } from '../apps/api/src/services/s3-storage.ts';
import { createLocalStorage } from '../apps/api/src/services/storage.ts';
import { startFakeS3 } from '../apps/api/test/s3.ts';

const MIB = 1024 * 1024;
/** Loaded first by a process the bench starts: prints its getrusage figures (maxRSS in KiB) as it exits. */
const RUSAGE_HOOK = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\nrusage '+JSON.stringify(process.resourceUsage())+'\\n'))`;
const LEADS = Number(process.env.LEADS ?? 10_000);
const FILES_MB = Number(process.env.BENCH_BACKUP_FILES_MB ?? 0);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 4);
const FILES = FILES_MB ? Math.ceil(FILES_MB / FILE_MB) : Number(process.env.FILES ?? 1_000);
const FILE_KB = FILES_MB ? FILE_MB * 1024 : Number(process.env.FILE_KB ?? 100);
/** PostgreSQL instead of the embedded database: a server where the bench makes its two databases. */
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const databaseUrl = (name: string) => {
  if (!SERVER_URL) return undefined;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
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
  /** DATA_DIR of the restore over an existing database (db/ made by the 'target' step) and of the one into nothing. */
  target: path.join(work, 'target'),
  emptyTarget: path.join(work, 'empty-target'),
  targetDb: path.join(work, 'target', 'db'),
};
/** The databases the bench makes on a PostgreSQL server (BENCH_DATABASE_URL). */
const SERVER_DATABASES = { source: 'agency_bench_source', target: 'agency_bench_target' };
const openSource = () => createDb({ url: databaseUrl(SERVER_DATABASES.source), dataDir: paths.sourceDb, poolSize: 2 });
const openTarget = () => createDb({ url: databaseUrl(SERVER_DATABASES.target), dataDir: paths.targetDb, poolSize: 2 });

/** Resident memory and its parts now, in MiB (PGlite's WebAssembly memory is in `external`). */
function memory() {
  const usage = process.memoryUsage();
  return {
    rss: Math.round(usage.rss / MIB),
    heapUsed: Math.round(usage.heapUsed / MIB),
    external: Math.round(usage.external / MIB),
    arrayBuffers: Math.round(usage.arrayBuffers / MIB),
  };
}
const memoryText = (parts: ReturnType<typeof memory>) =>
  `resident ${parts.rss} MiB (JS heap ${parts.heapUsed}, external ${parts.external} of which array buffers ` +
  `${parts.arrayBuffers})`;

if (step === 'backup') {
  // A process of its own: opens the database as a starting server would, then backs it up and reads it back.
  const loaded = memory();
  const source = openSource();
  await source.migrate();
  // A running server has served queries before it backs up.
  await source.run(sql`select * from contacts order by id limit 20`);
  await source.run(sql`select count(*) from lead_events`);
  const opened = memory();
  const storage = createLocalStorage(paths.sourceFiles);
  const backup = await watchLoop(() => createBackup(source, storage, { outDir: paths.backups }));
  const readBack = await watchLoop(() => verifyArchive(backup.result.file));
  // The next backup of the same process (a scheduled one): the first one's code is ready by then.
  const again = await watchLoop(() => createBackup(source, storage, { outDir: path.join(paths.backups, 'again') }));
  rmSync(again.result.file);
  const after = memory();
  await source.close();
  console.log(
    JSON.stringify({
      file: backup.result.file,
      sizeBytes: backup.result.sizeBytes,
      memory: { loaded, opened, after },
      backup: only(backup),
      readBack: only(readBack),
      again: only(again),
    }),
  );
} else if (step === 'target') {
  // An existing database to restore over, as a server's first start leaves it: a new embedded database (a copy of
  // the empty cluster `npm run build` made, decision 0045; PGlite's initdb without it), migrated.
  const opened = await watchLoop(async () => {
    const target = openTarget();
    await target.migrate();
    return target;
  });
  await opened.result.close();
  console.log(JSON.stringify({ target: only(opened) }));
} else if (step === 'upload') {
  // The scheduled backup's way to a bucket (BACKUP_S3_PREFIX): the archive goes up as a multipart upload, then
  // comes down again to be read back.
  const bucket = await createS3Storage(JSON.parse(process.env.BENCH_S3 ?? '{}') as S3StorageOptions);
  const store = createBackupStore({ intervalHours: undefined, dir: '', s3Prefix: 'backups/', keep: 1 }, bucket);
  const archive = process.env.BENCH_ARCHIVE ?? '';
  const name = path.basename(archive);
  const upload = await watchLoop(() => store.save(archive, name));
  const download = await watchLoop(() => store.local(name, path.join(work, 'scratch')));
  await download.result.done();
  console.log(JSON.stringify({ upload: only(upload), download: only(download) }));
} else {
  const run = promisify(execFile);
  const child = async (name: string, env: Record<string, string> = {}) => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, ...env, BENCH_STEP: name, BENCH_WORK: work },
      encoding: 'utf8',
      maxBuffer: 16 * MIB,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
  };
  /**
   * `npm run restore -- <archive>` on DATA_DIR (DATABASE_URL for PostgreSQL): the CLI's own figures, the kernel's
   * highest resident memory of the process (getrusage, printed as it exits by a module loaded first) and its CPU.
   */
  const restoreCli = async (dataDir: string, archive: string, databaseUrl = '') => {
    const started = Date.now();
    const { stdout, stderr } = await run(
      process.execPath,
      [
        '--import',
        RUSAGE_HOOK,
        fileURLToPath(new URL('../apps/api/backup-cli.mjs', import.meta.url)),
        'restore',
        archive,
      ],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, encoding: 'utf8', maxBuffer: 16 * MIB },
    );
    const usage = JSON.parse(/^rusage (.*)$/m.exec(stderr)?.[1] ?? '{}') as Record<'maxRSS' | 'userCPUTime', number>;
    const rows = [...stdout.matchAll(/^\S+\s+\d+\s+(\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    return {
      ms: Date.now() - started,
      maxRssMib: Math.round(usage.maxRSS / 1024),
      cpuS: usage.userCPUTime / 1e6,
      rows,
    };
  };
  const restoreText = (label: string, figures: Awaited<ReturnType<typeof restoreCli>>) =>
    `${label}: ${(figures.ms / 1000).toFixed(1)} s, ${figures.cpuS.toFixed(1)} s of CPU (user), ` +
    `resident memory ${figures.maxRssMib} MiB at its peak (getrusage)`;
  const s3 = await startFakeS3('agency-bench-backups');
  const admin = SERVER_URL ? new pg.Client({ connectionString: SERVER_URL }) : undefined;
  try {
    if (admin) {
      await admin.connect();
      for (const name of Object.values(SERVER_DATABASES)) {
        await admin.query(`drop database if exists ${name}`);
        await admin.query(`create database ${name}`);
      }
    }
    const source = openSource();
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
    // The files go straight to the storage directory (as put() writes them): posting a GB through the API is slow.
    const directory = path.join(paths.sourceFiles, 'leads/applications/bench');
    mkdirSync(directory, { recursive: true });
    for (let i = 0; i < FILES; i++) writeFileSync(path.join(directory, `${i}.pdf`), randomBytes(FILE_KB * 1024));
    await source.close();

    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
    const backup = await child('backup');
    const target = await child('target');
    // `npm run restore` as an operator runs it, into the existing database and into an empty DATA_DIR.
    const restore = await restoreCli(paths.target, backup.file, databaseUrl(SERVER_DATABASES.target));
    const restoreEmpty = SERVER_URL ? undefined : await restoreCli(paths.emptyTarget, backup.file);
    const upload = await child('upload', { BENCH_ARCHIVE: backup.file, BENCH_S3: JSON.stringify(s3.options) });
    const held = backup.memory as Record<'loaded' | 'opened' | 'after', ReturnType<typeof memory>>;
    console.log(
      `${LEADS} leads (${restore.rows} rows in all), ${FILES} files of ${FILE_KB} KB (random, so incompressible), ` +
        `archive ${(backup.sizeBytes / MIB).toFixed(1)} MiB (${SERVER_URL ? 'PostgreSQL' : 'PGlite'}, local disk; ` +
        `load average ${load} before):\n` +
        `  the backup's process: Node and the app's modules ${memoryText(held.loaded)}; the database open and ` +
        `queried ${memoryText(held.opened)}; after both backups ${memoryText(held.after)}\n` +
        `  ${figures('backup', backup.backup)}\n  ${figures('read back', backup.readBack)}\n` +
        `  ${figures('the next backup in the same process', backup.again)}\n` +
        `  ${figures(SERVER_URL ? 'the target database migrated' : 'a new embedded database, migrated', target.target)}\n` +
        `  ${restoreText('npm run restore into it', restore)}\n` +
        (restoreEmpty ? `  ${restoreText('npm run restore into an empty DATA_DIR', restoreEmpty)}\n` : '') +
        `  ${figures('upload to the bucket (multipart)', upload.upload)}\n` +
        `  ${figures('download from the bucket', upload.download)}\n  load average after: ${loadavg()
          .map((value) => value.toFixed(1))
          .join(', ')}`,
    );
  } finally {
    if (admin) {
      for (const name of Object.values(SERVER_DATABASES))
        await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    }
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  }
}
