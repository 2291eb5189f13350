// The site's writes off for a move (services/writes-off.ts; decision 0027): while the state is set in the
// database, every request that would change something (a lead, a sign-up, a staff change, a cookie choice)
// answers 503 with Retry-After, on every instance; pages and every read keep answering. Signing in and the
// backup actions still work, so an admin can take the last backup and lift the state. The outbox sends nothing
// meanwhile: the mail still pending goes with the last backup to the new server.
import { MESSAGES } from '@agency/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RETRY_AFTER_SECONDS } from '../lib/unavailable.ts';
import { readWritesOff, takeWritesOff, type WritesOff } from '../services/writes-off.ts';
import type { BackupTrigger } from './backups.ts';

/** How long a read of the state is trusted (ms): how soon every instance sees it taken off or lifted. */
export const WRITES_CHECK_MS = 250;

/** Requests that still work with the writes off: signing in and out, and the backup actions. */
const STILL_ALLOWED = [
  /^\/api\/auth\/(?:login|login\/2fa|refresh-token|logout)$/,
  /^\/api\/admin\/backups(?:\/final)?$/,
  /^\/login$/,
];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface WritesGate {
  /** The state now (read at most every WRITES_CHECK_MS). */
  state(): Promise<WritesOff | null>;
  /** The state as last read, without asking the database (the outbox's check between two mails). */
  offNow(): boolean;
  /** Forgets the last read, so the next request reads the database (after this instance changed it). */
  forget(): void;
  /** Requests that change something in progress on this instance. */
  inFlight(): number;
  /**
   * The move's last backup: takes the writes off (in the database, for every instance), waits until the writes
   * in progress are done and every instance has seen the state (its outbox included), then starts the backup.
   */
  final(trigger: BackupTrigger, options?: { outDir?: string }): Promise<FinalBackupStarted>;
}

export interface FinalBackupStarted {
  name: string;
  writesOff: WritesOff;
  /** The backup's outcome. */
  done: ReturnType<FastifyInstance['backups']['start']>['done'];
}

/** How long the last backup waits after taking the writes off: every instance reads the state by then. */
const QUIET_MS = 1500;
/** The longest it waits for this instance's writes in progress (an upload) to finish. */
const DRAIN_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

declare module 'fastify' {
  interface FastifyInstance {
    writes: WritesGate;
  }
  interface FastifyRequest {
    countedWrite?: boolean;
  }
}

export default fp(async function writesOff(app: FastifyInstance) {
  let known: WritesOff | null = null;
  let readAt = 0;
  let pending: Promise<WritesOff | null> | null = null;
  let writing = 0;

  async function state(): Promise<WritesOff | null> {
    if (Date.now() - readAt < WRITES_CHECK_MS) return known;
    pending ??= readWritesOff(app.db)
      .then((value) => {
        known = value;
        readAt = Date.now();
        return value;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  // Read once a second, so an instance that answers no writes (the outbox) learns of a change too.
  const timer = setInterval(() => void state().catch(() => {}), 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.decorate('writes', {
    state,
    offNow: () => known !== null,
    forget: () => {
      readAt = 0;
    },
    inFlight: () => writing,
    final: async (trigger, options = {}) => {
      const writesOff = await takeWritesOff(app.db, `final backup (${trigger})`);
      readAt = 0;
      await state();
      app.log.warn({ since: writesOff.since, trigger }, "the site's writes are off: taking the last backup");
      await sleep(QUIET_MS);
      const until = Date.now() + DRAIN_MS;
      while (writing > 0 && Date.now() < until) await sleep(50);
      // The outbox's pass in progress is finished; the next one sends nothing while the writes are off.
      await app.outbox.process();
      const { started, done } = app.backups.start(trigger, options);
      return { name: await started, writesOff, done };
    },
  } satisfies WritesGate);

  const isWrite = (request: FastifyRequest) => !READS.has(request.method);

  app.addHook('onRequest', async (request, reply) => {
    if (!isWrite(request)) return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (STILL_ALLOWED.some((allowed) => allowed.test(pathname))) return;
    // The database is away: the request fails on its own, with its own 503.
    const off = await state().catch(() => null);
    if (off) {
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: MESSAGES.http.writesOff });
    }
    writing += 1;
    request.countedWrite = true;
  });
  app.addHook('onResponse', async (request) => {
    if (request.countedWrite) writing -= 1;
  });
});
