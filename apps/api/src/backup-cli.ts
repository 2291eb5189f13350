// `npm run backup [-- --out DIR]` and `npm run restore -- <archive> [--force] [--identity FILE] [--send-pending]`,
// on the configuration the server reads (DATABASE_URL or the embedded database in DATA_DIR, the disk or
// S3_BUCKET for files). A failure, whatever it is, prints one line naming its cause and exits 1.
import './lib/wasm-baseline.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, embeddedLock, makeTemplateBeforeOpening, sql } from '@agency/db';
import { ConfigError, loadConfig } from './config.ts';
import { askRunningServer, serverIsRunning } from './services/backup-control.ts';
import { createBackupStore } from './services/backup-store.ts';
import {
  BackupError,
  connectedInstances,
  createBackup,
  readIdentities,
  removeStalePartials,
  restoreBackup,
  verifyArchive,
} from './services/backup.ts';
import { createS3Storage } from './services/s3-storage.ts';
import { createLocalStorage } from './services/storage.ts';
import { liftWritesOff, takeWritesOff } from './services/writes-off.ts';

/**
 * How long a final backup waits after taking the writes off: every instance reads the state within a second
 * (its requests within 250 ms, its outbox within 1 s) and finishes the writes it had begun.
 */
const FINAL_QUIET_MS = 3000;

const [command, ...args] = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const usage =
  'usage: npm run backup [-- --out DIR] [--final | --writes-on] | npm run restore -- <archive> [--force] [--identity FILE] [--send-pending]';
/** The CLI's own PostgreSQL sessions: not an instance of the site (see connectedInstances). */
const CLI_APPLICATION_NAME = 'agency-cli';

function fail(message: string): never {
  console.error(`${command ?? 'backup'} failed: ${message.split('\n')[0]}`);
  process.exit(1);
}
// Whatever goes wrong, one line and a non-zero exit; never a stack trace.
process.on('unhandledRejection', (reason) => fail((reason as Error)?.message || String(reason)));
process.on('uncaughtException', (error) => fail(error.message || String(error)));

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message.replace(/\n\s*/g, ' '));
    throw error;
  }
  const storage = config.s3 ? await createS3Storage(config.s3) : createLocalStorage(config.uploadsDir);
  if (config.s3) {
    // Asked once before anything is written or read, so an unreachable bucket is named as the cause.
    const { bucket, endpoint } = config.s3;
    await storage.get('backup-probe/none').catch((error: unknown) => {
      const cause = (error as Error).message || String(error);
      fail(`the bucket ${bucket}${endpoint ? ` at ${endpoint}` : ''} cannot be reached: ${cause.split('\n')[0]}`);
    });
  }
  const store = createBackupStore(config.backup, storage, config.s3?.bucket);

  if (command === 'backup' && flag('--writes-on')) {
    // A move called off: the site takes writes again (every instance within a second).
    const database = createDb({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db'), poolSize: 2 });
    try {
      console.log((await liftWritesOff(database.db)) ? "the site's writes are on again" : 'the writes were not off');
    } finally {
      await database.close();
    }
    return;
  }

  if (command === 'backup') {
    const out = option('--out');
    if (flag('--out') && !out) fail('--out needs a directory');
    // --final: the move's last backup. The site's writes go off first (on every instance, until lifted), so no
    // lead is acknowledged after the backup, and no mail is sent: the pending mail is in the archive.
    const final = flag('--final');
    const started = Date.now();
    // The embedded database opens in one process only: a running server takes the backup itself.
    if (!config.databaseUrl) {
      const answer = await askRunningServer(config.dataDir, { outDir: out ? path.resolve(out) : undefined, final });
      if (answer) {
        console.log(
          `${answer.file} (${mib(answer.sizeBytes)}), taken by the running server in ${Date.now() - started} ms`,
        );
        return;
      }
    }
    if (!config.databaseUrl) refuseOpenElsewhere(config, 'back up');
    const database = openDatabase(config);
    try {
      await database.migrate();
      if (final) {
        await takeWritesOff(database.db, 'final backup (cli)');
        console.log(`the site's writes are off; waiting ${FINAL_QUIET_MS} ms for the instances to see it`);
        await new Promise((resolve) => setTimeout(resolve, FINAL_QUIET_MS));
      }
      const outDir = out
        ? path.resolve(out)
        : config.backup.s3Prefix
          ? path.join(config.dataDir, 'backups')
          : config.backup.dir;
      await removeStalePartials(outDir);
      const result = await createBackup(database, storage, {
        outDir,
        skipKeys: store.skipKeys,
        recipients: config.backup.recipients,
        lastSizeBytes: (await store.list()).at(-1)?.sizeBytes ?? 0,
        stagingDir: tmpdir(),
      });
      let where = result.file;
      if (!out && config.backup.s3Prefix) {
        await store.save(result.file, result.name);
        where = `${store.where}${result.name}`;
      }
      const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `${where} (${mib(result.sizeBytes)}): ${result.manifest.tables.length} tables, ${rows} rows, ` +
          `${result.manifest.files.length} files, schema ${result.manifest.schema.migration}, ${Date.now() - started} ms`,
      );
    } finally {
      await database.close();
    }
    return;
  }

  if (command === 'restore') {
    const archive = args.find((arg, at) => !arg.startsWith('--') && args[at - 1] !== '--identity');
    const identityFile = option('--identity');
    if (flag('--identity') && !identityFile) fail('--identity needs a file (age-keygen writes one)');
    if (!archive && !flag('--send-pending')) fail(`no archive given (${usage})`);
    const started = Date.now();
    await refuseUnderRunningInstance(config);
    if (!archive) {
      // `npm run restore -- --send-pending` after a restore: the held messages go out.
      const database = openDatabase(config);
      try {
        const released = (await database.db.execute(
          sql`update outbox set held_at = null, next_attempt_at = now() where held_at is not null and sent_at is null
              returning id`,
        )) as unknown as { rows: unknown[] };
        console.log(`${released.rows.length} held messages will be sent when the server runs`);
      } finally {
        await database.close();
      }
      return;
    }
    const identities = identityFile ? await readIdentities(path.resolve(identityFile)) : [];
    // Checked before the database is opened: opening the embedded one creates its directory.
    await verifyArchive(path.resolve(archive), { identities });
    const database = openDatabase(config);
    try {
      const connected = await connectedInstances(database);
      if (connected > 0) {
        fail(
          `an instance of the site is connected to the target database (${connected} sessions); stop every instance, then restore`,
        );
      }
      const result = await restoreBackup(database, storage, path.resolve(archive), {
        force: flag('--force'),
        identities,
        keepKeys: store.skipKeys,
        sendPending: flag('--send-pending'),
        log: (line) => console.log(line),
      });
      console.log('table                          manifest   restored');
      for (const row of result.counts) {
        console.log(`${row.table.padEnd(30)} ${String(row.expected).padStart(8)} ${String(row.restored).padStart(10)}`);
      }
      if (result.migrated.length) console.log(`migrated to today's schema: ${result.migrated.join(', ')}`);
      console.log(
        `restored ${path.basename(archive)} into ${config.databaseUrl ? 'PostgreSQL' : 'the embedded database'}: ` +
          `${result.counts.length} tables, ${result.files} files, ${Date.now() - started} ms`,
      );
    } finally {
      await database.close();
    }
    return;
  }
  fail(usage);
}

function openDatabase(config: ReturnType<typeof loadConfig>) {
  const dataDir = path.join(config.dataDir, 'db');
  // A restore into an empty DATA_DIR starts from the empty cluster, made first in a child when absent (decision 0045).
  if (!config.databaseUrl) makeTemplateBeforeOpening(dataDir);
  return createDb({
    url: config.databaseUrl,
    dataDir,
    poolSize: 2,
    applicationName: CLI_APPLICATION_NAME,
  });
}

/**
 * A restore under a running instance would pull the database from under it: refused. The embedded database: the
 * server's control socket answers, or a live process holds it open (embeddedLock: PGlite's lock file and the pid
 * of the process that opened it). A lock left by a process that is gone (a crash, a kill -9) does not count.
 * PostgreSQL: checked once connected (connectedInstances).
 */
async function refuseUnderRunningInstance(config: ReturnType<typeof loadConfig>) {
  if (config.databaseUrl) return;
  if (await serverIsRunning(config.dataDir)) {
    fail(`the server is running on the embedded database in ${config.dataDir}; stop it, then restore`);
  }
  refuseOpenElsewhere(config, 'restore');
}

/** The embedded database opens in one process at a time: refused while a live process holds it. */
function refuseOpenElsewhere(config: ReturnType<typeof loadConfig>, what: string) {
  const lock = embeddedLock(path.join(config.dataDir, 'db'));
  if (lock.state === 'live') {
    fail(
      `the embedded database in ${config.dataDir} is open in process ${lock.pid}: stop it, then ${what} ` +
        `(${lock.file} is its lock)`,
    );
  }
  if (lock.state === 'stale') {
    console.log(
      `${lock.file} was left by a process that stopped${lock.pid ? ` (${lock.pid})` : ''}: the lock is stale, going on`,
    );
  }
}

try {
  await main();
} catch (error) {
  const message = error instanceof BackupError ? error.message : (error as Error).message || String(error);
  fail(message.split('\n')[0] ?? String(error));
}
