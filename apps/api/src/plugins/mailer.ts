// The outbox worker: sends queued mail and webhooks every few seconds and right after each new lead; stops with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSmtpSender } from '../services/mail.ts';
import { type OutboxRun, processOutbox, type Senders } from '../services/outbox.ts';
import { createWebhookSender, type WebhookConfig } from '../services/webhooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: {
      /** One pass over due mail and webhooks; waits for a pass in progress first. Does nothing without SMTP_URL and WEBHOOK_URLS. */
      process(): Promise<OutboxRun>;
      /** Starts a pass in the background (after a new lead). */
      kick(): void;
    };
  }
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  webhooks?: WebhookConfig | undefined;
  /** The domain of the Message-IDs of mails about leads (`<outbox id@domain>`). */
  messageIdDomain?: string | undefined;
  /** Pause between passes (OUTBOX_INTERVAL_SECONDS); 0 turns the timer off (passes then run only on kick or
   *  process()). */
  intervalMs: number;
  /** The retry backoff's base in seconds (OUTBOX_RETRY_BASE_SECONDS; services/outbox.ts). */
  retryBaseSeconds?: number;
}

const NOTHING: OutboxRun = { sent: 0, failed: 0 };

export default fp<MailerOptions>(async function mailer(
  app: FastifyInstance,
  { smtpUrl, mailFrom, webhooks, messageIdDomain, intervalMs, retryBaseSeconds },
) {
  // Without SMTP_URL no mail is sent: mail rows wait in the outbox until an instance with SMTP starts.
  const smtp = smtpUrl ? createSmtpSender(smtpUrl, mailFrom) : null;
  const senders: Senders = {
    mail: smtp ? (message) => smtp.send(message) : undefined,
    webhook: webhooks && webhooks.urls.length > 0 ? createWebhookSender(webhooks) : undefined,
  };
  const sender = senders.mail || senders.webhook ? senders : null;
  let running: Promise<OutboxRun> | null = null;
  let queued: Promise<OutboxRun> | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  function start(): Promise<OutboxRun> {
    if (!sender || closed) return Promise.resolve(NOTHING);
    // Each failed row logs one line of its own (outbox id, purpose, lead, hashed recipient, SMTP code, attempt);
    // it is retried with backoff.
    // With the site's writes off (a move) nothing is sent: the pending mail goes with the last backup.
    running = processOutbox(app.db, sender, () => closed || app.writes.offNow(), {
      retryBaseSeconds,
      messageIdDomain,
      log: (fields, message) => app.log.warn(fields, message),
    }).finally(() => {
      running = null;
    });
    return running;
  }

  /** At most one pass runs per instance, and at most one waits behind it: kicks during a pass coalesce. */
  function process(): Promise<OutboxRun> {
    if (queued) return queued;
    if (!running) return start();
    queued = running
      .catch(() => NOTHING)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  }

  function kick() {
    if (!sender || closed) return;
    process().catch((error: unknown) => app.log.error({ err: error }, 'outbox pass failed'));
  }

  app.decorate('outbox', { process, kick });

  app.addHook('onReady', async () => {
    if (sender && intervalMs > 0) {
      timer = setInterval(kick, intervalMs);
      timer.unref();
    }
  });

  // Registered after the database plugin, so this runs before the database closes. The pass in progress
  // finishes the message it is sending and hands the rest of its claimed rows back (processOutbox).
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await Promise.allSettled([running, queued]);
    smtp?.close();
  });
});
