// The staff digest's clock: every instance checks every 10 minutes; runDigest sends once a day for the cluster.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type DigestConfig, type DigestRun, runDigest } from '../services/digest.ts';
import { currentMailSite } from '../services/site-details.ts';

declare module 'fastify' {
  interface FastifyInstance {
    digest: {
      /** One check now (or at `now`, for tests that move the clock). */
      run(now?: Date): Promise<DigestRun>;
    };
  }
}

export interface DigestOptions extends DigestConfig {
  /** Check on a timer (default); false in the API tests, which run the check themselves. */
  schedule: boolean;
}

const CHECK_EVERY_MS = 10 * 60 * 1000;

export default fp<DigestOptions>(async function digest(app: FastifyInstance, { schedule, ...config }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const run = async (now?: Date) => {
    const outcome = await runDigest(app.db, config, () => currentMailSite(app.siteContent, config.siteUrl), now);
    if (outcome.status === 'sent' && outcome.mails > 0) app.outbox.kick();
    return outcome;
  };
  app.decorate('digest', { run });

  app.addHook('onReady', async () => {
    if (!schedule) return;
    timer = setInterval(() => {
      if (running) return;
      running = run()
        .then((outcome) => {
          if (outcome.status === 'sent') app.log.info(outcome, 'digest: the morning mails are queued');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'digest run failed'))
        .finally(() => {
          running = null;
        });
    }, CHECK_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
