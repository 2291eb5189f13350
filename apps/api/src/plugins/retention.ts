// The daily retention job: checked hourly on every instance; the run itself takes an advisory lock and
// skips when the audit log shows a run less than a day old, so the cluster deletes once a day.
import type { RetentionPeriods } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RetentionRun, runRetention } from '../services/privacy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    retention: {
      periods: RetentionPeriods;
      /** One run now (or at `now`, for tests that move the clock); `onlyIfDue` skips a run within a day of the last. */
      run(options?: { now?: Date; onlyIfDue?: boolean }): Promise<RetentionRun>;
    };
  }
}

export interface RetentionOptions {
  periods: RetentionPeriods;
  /** Check every hour (first a minute after start); false in the API tests, which run the job themselves. */
  schedule: boolean;
}

const FIRST_CHECK_MS = 60_000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

export default fp<RetentionOptions>(async function retention(app: FastifyInstance, { periods, schedule }) {
  let running: Promise<unknown> | null = null;
  const timers: NodeJS.Timeout[] = [];

  const run = (options: { now?: Date; onlyIfDue?: boolean } = {}) =>
    runRetention(app.db, app.storage, { ...options, periods, log: app.log });

  app.decorate('retention', { periods, run });

  function check() {
    if (running) return;
    running = run({ onlyIfDue: true })
      .then((outcome) => {
        if (outcome.status === 'ran') app.log.info(outcome, 'retention: expired leads deleted');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'retention run failed'))
      .finally(() => {
        running = null;
      });
  }

  app.addHook('onReady', async () => {
    if (!schedule) return;
    const first = setTimeout(check, FIRST_CHECK_MS);
    const every = setInterval(check, CHECK_EVERY_MS);
    first.unref();
    every.unref();
    timers.push(first, every);
  });

  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    await running;
  });
});
