// Backups taken by the running server: by an admin (POST /api/admin/backups), by `npm run backup` through the
// control socket, and on a schedule (BACKUP_INTERVAL_HOURS). Each run is a row of backup_runs; a unique index
// on the unfinished row is the cluster-wide lease, so one instance at a time takes a backup. The lease heals: the
// instance taking it renews heartbeat_at every few seconds, a run not renewed for a minute is abandoned, an
// instance marks its own unfinished runs failed when it starts, and stopping the server aborts a running backup
// and records why. A failure (a full disk, a bucket gone) is the backup's alone: recorded, logged once, mailed,
// its partial archive removed. Each archive is read back (checksums, row counts) before it counts, then the
// oldest beyond BACKUP_KEEP are deleted.
import { mkdir, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { BACKUP_OVERDUE_INTERVALS, type BackupItem, type BackupStatus } from '@agency/contract';
import { and, eq, schema, sql } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BackupConfig } from '../config.ts';
import { backupFailedMail, queueAccountMails } from '../services/account-mail.ts';
import { type BackupStore, createBackupStore } from '../services/backup-store.ts';
import { currentMailSite } from '../services/site-details.ts';
import { backupName, createBackup, removeStalePartials, verifyArchive, verifyWritten } from '../services/backup.ts';

export type BackupTrigger = 'schedule' | 'admin' | 'cli';

export interface BackupOutcome {
  name: string;
  file: string;
  sizeBytes: number;
}

/** Another instance (or this one) is taking a backup, or a scheduled one is not due. */
export class BackupBusyError extends Error {}

declare module 'fastify' {
  interface FastifyInstance {
    backups: {
      config: BackupConfig;
      store: BackupStore;
      /**
       * Claims the lease and starts a backup; `started` resolves with its name once claimed (or rejects with
       * BackupBusyError), `done` when it is written, verified and pruned (or rejects with its error).
       */
      start(
        trigger: BackupTrigger,
        options?: { outDir?: string },
      ): { started: Promise<string>; done: Promise<BackupOutcome> };
      /** The scheduler's check: a backup when one is due and no instance is taking one; null otherwise. */
      runIfDue(): Promise<BackupOutcome | null>;
      list(): Promise<BackupItem[]>;
      status(): Promise<BackupStatus>;
    };
  }
}

export interface BackupsOptions {
  config: BackupConfig;
  /** Where the local copies are written before moving to the store (DATA_DIR/backups). */
  scratchDir: string;
  bucket?: string | undefined;
  /** Run the schedule on a timer (default when BACKUP_INTERVAL_HOURS is set); the API tests call runIfDue. */
  schedule: boolean;
  /** Origin of the links in the failure mail (SITE_URL). */
  siteUrl: string;
}

/** The running backup renews its lease this often. */
const HEARTBEAT_MS = 5_000;
/** A run whose lease was not renewed for this long was left by an instance that stopped: the lease is free. */
const ABANDONED_AFTER = "interval '1 minute'";
const CHECK_EVERY_MS = 5 * 60 * 1000;
const FIRST_CHECK_MS = 60 * 1000;

const oneLine = (error: unknown) =>
  String(error instanceof Error ? error.message : error)
    .split('\n')[0]
    ?.slice(0, 500) ?? 'unknown error';

export default fp<BackupsOptions>(async function backups(app: FastifyInstance, options) {
  const { config } = options;
  const store = createBackupStore(config, app.storage, options.bucket);
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  const intervalSeconds = config.intervalHours ? Math.round(config.intervalHours * 3600) : null;
  /** This instance, as recorded on its runs: the same after a restart, so it finds the runs it left unfinished. */
  const instance = `${hostname()}:${path.resolve(options.scratchDir)}`;
  /** Aborts the backups this instance is taking (the server stopping). */
  const running = new Set<AbortController>();

  /** Inserts the running row if no other is running (and, for the schedule, a backup is due). */
  async function claim(trigger: BackupTrigger, name: string): Promise<string | null> {
    await released;
    await app.db.execute(
      sql`update backup_runs set finished_at = now(),
            error = 'abandoned: the instance taking it stopped renewing its lease'
          where finished_at is null and coalesce(heartbeat_at, started_at) < now() - ${sql.raw(ABANDONED_AFTER)}`,
    );
    // Due: no good backup within the interval, and no attempt within min(interval, 1 hour) (a failure retries hourly).
    const due =
      trigger === 'schedule' && intervalSeconds
        ? sql`where not exists (select 1 from backup_runs where error is null and finished_at is not null
                and started_at > now() - make_interval(secs => ${intervalSeconds}))
              and not exists (select 1 from backup_runs
                where started_at > now() - make_interval(secs => ${Math.min(intervalSeconds, 3600)}))`
        : sql``;
    const [row] = await rows<{ id: string }>(
      sql`insert into backup_runs (name, trigger, instance, heartbeat_at) select ${name}, ${trigger}, ${instance}, now()
          ${due} on conflict do nothing returning id`,
    );
    return row?.id ?? null;
  }

  /** The size of the last good archive: the free-space check asks for that much, plus a margin. */
  async function lastSize(): Promise<number> {
    const [row] = await rows<{ size: string | number | null }>(
      sql`select size_bytes as size from backup_runs where error is null and size_bytes is not null
          order by started_at desc limit 1`,
    );
    return Number(row?.size ?? 0);
  }

  async function take(id: string, name: string, now: Date, outDir: string | undefined): Promise<BackupOutcome> {
    const controller = new AbortController();
    running.add(controller);
    const heartbeat = setInterval(() => {
      app.db
        .execute(sql`update backup_runs set heartbeat_at = now() where id = ${id} and finished_at is null`)
        .catch((error: unknown) => app.log.warn({ err: error, backup: name }, 'could not renew the backup lease'));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const dir = outDir ?? (config.s3Prefix ? options.scratchDir : config.dir);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await removeStalePartials(dir);
      const result = await createBackup(app.database, app.storage, {
        outDir: dir,
        now,
        skipKeys: store.skipKeys,
        signal: controller.signal,
        recipients: config.recipients,
        lastSizeBytes: await lastSize(),
        stagingDir: tmpdir(),
      });
      let where = result.file;
      if (!outDir) {
        await store.save(result.file, name);
        where = config.s3Prefix ? `${store.where}${name}` : result.file;
      }
      // Read back from where it is kept: checksums of every entry and the row counts (an encrypted archive,
      // which the server holds no key for, against the SHA-256 it was written with).
      const copy = outDir ? { file: result.file, done: async () => {} } : await store.local(name, options.scratchDir);
      try {
        if (result.encrypted) await verifyWritten(copy.file, result.sha256);
        else await verifyArchive(copy.file);
      } finally {
        await copy.done();
      }
      await app.db
        .update(schema.backupRuns)
        .set({ finishedAt: sql`now()`, verifiedAt: sql`now()`, sizeBytes: result.sizeBytes })
        .where(eq(schema.backupRuns.id, id));
      if (!outDir) await prune();
      app.log.info({ backup: name, sizeBytes: result.sizeBytes }, 'backup written and verified');
      return { name, file: where, sizeBytes: result.sizeBytes };
    } catch (error) {
      const message = controller.signal.aborted ? oneLine(controller.signal.reason) : oneLine(error);
      await app.db
        .update(schema.backupRuns)
        .set({ finishedAt: sql`now()`, error: message })
        .where(eq(schema.backupRuns.id, id))
        .catch(() => {});
      app.log.error({ err: error, backup: name, cause: message }, 'backup failed');
      await mailAdmins(id, name, message).catch((mailError: unknown) =>
        app.log.error({ err: mailError }, 'could not queue the backup failure mail'),
      );
      throw controller.signal.aborted ? new Error(message) : error;
    } finally {
      clearInterval(heartbeat);
      running.delete(controller);
    }
  }

  /** One mail to each admin when a backup fails after one that did not (a failing streak mails once). */
  async function mailAdmins(id: string, name: string, message: string) {
    const [previous] = await rows<{ error: string | null }>(
      sql`select error from backup_runs where id <> ${id} and finished_at is not null
          order by started_at desc limit 1`,
    );
    if (previous && previous.error !== null) return;
    const admins = await app.db
      .select({ id: schema.users.id, email: schema.users.email, name: schema.users.name })
      .from(schema.users)
      .where(eq(schema.users.role, 'admin'));
    const site = await currentMailSite(app.siteContent, options.siteUrl);
    await queueAccountMails(
      app.db,
      admins.map((admin) => backupFailedMail(site, admin, name, message)),
    );
    app.outbox.kick();
  }

  /** Deletes the oldest archives beyond BACKUP_KEEP. */
  async function prune() {
    const items = await store.list();
    for (const item of items.slice(0, Math.max(0, items.length - config.keep))) await store.delete(item.name);
  }

  function start(trigger: BackupTrigger, startOptions: { outDir?: string } = {}) {
    const now = new Date();
    const name = backupName(now);
    const started = claim(trigger, name).then((id) => {
      if (!id) throw new BackupBusyError('A backup is being taken already; try again when it is finished.');
      return id;
    });
    const done = started.then((id) => take(id, name, now, startOptions.outDir));
    const tracked = done.catch(() => {});
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
    const named = started.then(() => name);
    // A caller may look at only one of the two; the other's rejection is not unhandled.
    named.catch(() => {});
    return { started: named, done };
  }

  async function runIfDue(): Promise<BackupOutcome | null> {
    if (!intervalSeconds) return null;
    const { started, done } = start('schedule');
    try {
      await started;
    } catch (error) {
      if (error instanceof BackupBusyError) return null;
      throw error;
    }
    return done;
  }

  async function list(): Promise<BackupItem[]> {
    const items = await store.list();
    const runs = await app.db
      .select({ name: schema.backupRuns.name, verifiedAt: schema.backupRuns.verifiedAt })
      .from(schema.backupRuns);
    const verified = new Map(runs.map((run) => [run.name, run.verifiedAt]));
    return items.reverse().map((item) => ({
      name: item.name,
      createdAt: createdAtOf(item.name),
      sizeBytes: item.sizeBytes,
      verifiedAt: verified.get(item.name)?.toISOString() ?? null,
    }));
  }

  async function status(): Promise<BackupStatus> {
    const [good] = await app.db
      .select()
      .from(schema.backupRuns)
      .where(and(sql`${schema.backupRuns.error} is null`, sql`${schema.backupRuns.verifiedAt} is not null`))
      .orderBy(sql`${schema.backupRuns.startedAt} desc`)
      .limit(1);
    const [latest] = await rows<{ error: string | null }>(
      sql`select error from backup_runs where finished_at is not null order by started_at desc limit 1`,
    );
    const lastAt = good?.finishedAt ?? null;
    const [first] = await rows<{ at: Date | string | null }>(sql`select min(started_at) as at from backup_runs`);
    // Without any good backup, overdue once two intervals passed since the first attempt or this start.
    const since = lastAt ?? (first?.at ? new Date(first.at) : startedAt);
    const overdue = intervalSeconds
      ? Date.now() - since.getTime() > BACKUP_OVERDUE_INTERVALS * intervalSeconds * 1000
      : false;
    const [now] = await rows<{ running: boolean; held: string | number }>(
      sql`select exists (select 1 from backup_runs where finished_at is null) as running,
            (select count(*) from outbox where held_at is not null and sent_at is null) as held`,
    );
    return {
      running: Boolean(now?.running),
      heldMessages: Number(now?.held ?? 0),
      lastAt: lastAt?.toISOString() ?? null,
      lastVerifiedAt: good?.verifiedAt?.toISOString() ?? null,
      sizeBytes: good?.sizeBytes ?? null,
      lastError: latest?.error ?? null,
      intervalHours: config.intervalHours ?? null,
      overdue,
    };
  }
  const startedAt = new Date();

  app.decorate('backups', { config, store, start, runIfDue, list, status });

  function check() {
    runIfDue().catch(() => {
      // Logged, recorded in backup_runs and mailed by take().
    });
  }

  /**
   * Runs this instance left unfinished (a crash, a kill -9) hold no lease any more, and their partial archives are
   * removed at once; other partial files once they are a day old.
   */
  async function releaseLeftovers() {
    const dirs = [...new Set([config.dir, options.scratchDir])];
    const interrupted = await rows<{ name: string }>(
      sql`update backup_runs set finished_at = now(),
            error = 'interrupted: the instance taking it stopped before it finished'
          where finished_at is null and instance = ${instance} returning name`,
    ).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not release the unfinished backups');
      return [];
    });
    for (const { name } of interrupted) {
      for (const dir of dirs) await rm(path.join(dir, `${name}.partial`), { force: true }).catch(() => {});
    }
    if (interrupted.length) {
      app.log.warn({ backups: interrupted.map((run) => run.name) }, 'backups interrupted by a stop were marked failed');
    }
    for (const dir of dirs) await removeStalePartials(dir).catch(() => []);
  }
  /** Started when the server is ready, without holding its start up; a backup waits for it. */
  let released: Promise<void> = Promise.resolve();

  app.addHook('onReady', async () => {
    released = releaseLeftovers();
    if (!options.schedule || !intervalSeconds) return;
    const every = Math.min(CHECK_EVERY_MS, intervalSeconds * 1000);
    const first = setTimeout(check, Math.min(FIRST_CHECK_MS, every));
    const repeat = setInterval(check, every);
    first.unref();
    repeat.unref();
    timers.push(first, repeat);
  });

  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    // A backup does not hold the server up: it is aborted, its partial archive removed, and the reason recorded.
    for (const controller of running) {
      controller.abort(new Error('aborted: the server was stopped while the backup ran'));
    }
    await Promise.all(inFlight);
  });
});

/** agency-backup-2026-11-26T15-04-05-123Z.tar.gz → 2026-11-26T15:04:05.123Z */
function createdAtOf(name: string): string {
  const match = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z` : '';
}

export const scratchDirOf = (dataDir: string) => path.join(dataDir, 'backups');
