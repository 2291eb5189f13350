// The mailbox watcher (issue 32): one instance of the cluster at a time holds the lease in inbound_mailbox and
// keeps an IMAP connection to INBOUND_IMAP_URL (imapflow, IDLE), reconnecting with backoff; each new message is
// filed on its lead (services/inbound-filing.ts), flagged \Seen and moved to the folder Filed; an unmatched or
// too large one is left where it is and counted. A failure is recorded for the dashboard and never reaches the
// requests the server answers (decision 0029).
import { createHash, randomUUID } from 'node:crypto';
import { INBOUND_FILED_FOLDER, INBOUND_MESSAGE_MAX_BYTES, type InboundStatus } from '@agency/contract';
import { type Db, sql } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { InboundConfig } from '../services/inbound-address.ts';
import { fileMessage, knownMessage, matchLead, readIncoming, recordLeftMessage } from '../services/inbound-filing.ts';
import type { LeadMailConfig } from '../services/leads-mail.ts';

/** The watcher's clock; the defaults suit a real mailbox, the tests shorten them. */
export interface InboundTimings {
  /** Wait after the first failed connection, doubled after each further failure up to reconnectMaxMs. */
  reconnectMinMs: number;
  reconnectMaxMs: number;
  /** How often each instance takes or renews the lease; it lasts three of these, so a stopped holder is replaced. */
  leaseEveryMs: number;
  /** A read of the mailbox even without news from IDLE (a server may drop IDLE without a word). */
  pollEveryMs: number;
  /** Connecting and the server's greeting, each. */
  connectTimeoutMs: number;
  /** Larger messages are left in the mailbox (INBOUND_MESSAGE_MAX_BYTES). */
  maxMessageBytes: number;
}

const DEFAULT_TIMINGS: InboundTimings = {
  reconnectMinMs: 2000,
  reconnectMaxMs: 5 * 60_000,
  leaseEveryMs: 20_000,
  pollEveryMs: 5 * 60_000,
  connectTimeoutMs: 30_000,
  maxMessageBytes: INBOUND_MESSAGE_MAX_BYTES,
};

declare module 'fastify' {
  interface FastifyInstance {
    inbound: {
      /** The dashboard's mailbox line. */
      status(): Promise<InboundStatus>;
    };
  }
}

export interface InboundOptions {
  /** undefined without INBOUND_IMAP_URL: nothing is watched. */
  config: InboundConfig | undefined;
  /** Where the owner's notice of an answer goes, and the admin links in it. */
  mail: LeadMailConfig;
  timings?: Partial<InboundTimings> | undefined;
}

/** One line naming the cause: the error's code, its text and the server's answer; never the password. */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const { code, responseText } = error as { code?: string; responseText?: string };
  const parts = [
    code && !error.message.includes(code) ? `${code}:` : '',
    error.message,
    responseText ? `(${responseText})` : '',
  ];
  return parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').slice(0, 500);
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The dashboard's line: the watcher's row and the counts of what it filed or left. */
export async function inboundStatus(db: Db, configured: boolean): Promise<InboundStatus> {
  const [mailbox] = await rows<{
    last_checked_at: Date | string | null;
    last_error: string | null;
    last_error_at: Date | string | null;
  }>(db, sql`select last_checked_at, last_error, last_error_at from inbound_mailbox where id = 1`);
  const counts = await rows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from inbound_messages group by status`,
  );
  const [tooLarge] = await rows<{ created_at: Date | string; size_bytes: number | null }>(
    db,
    sql`select created_at, size_bytes from inbound_messages where status = 'too_large' order by created_at desc limit 1`,
  );
  const count = (status: string) => counts.find((row) => row.status === status)?.n ?? 0;
  const lastError = configured ? (mailbox?.last_error ?? null) : null;
  return {
    state: !configured ? 'off' : lastError ? 'failing' : mailbox?.last_checked_at ? 'ok' : 'waiting',
    lastCheckedAt: iso(mailbox?.last_checked_at ?? null),
    lastError,
    lastErrorAt: lastError ? iso(mailbox?.last_error_at ?? null) : null,
    filed: count('filed'),
    unmatched: count('unmatched'),
    tooLarge: count('too_large'),
    lastTooLarge: tooLarge ? { at: iso(tooLarge.created_at)!, sizeBytes: Number(tooLarge.size_bytes ?? 0) } : null,
  };
}

export default fp<InboundOptions>(async function inbound(app: FastifyInstance, options) {
  const config = options.config;
  app.decorate('inbound', { status: () => inboundStatus(app.db, config !== undefined) });
  if (!config) return;
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const log = app.log.child({ component: 'inbound' });
  /** This instance, as the lease names it. */
  const me = randomUUID();
  let closed = false;
  let leader = false;
  let leaseTimer: NodeJS.Timeout | undefined;
  let watching: Promise<void> | null = null;
  let client: ImapFlow | null = null;
  let wake: (() => void) | null = null;

  /** Takes the lease, or renews it when this instance holds it; false when another instance does. */
  async function holdLease(): Promise<boolean> {
    const leaseMs = timings.leaseEveryMs * 3;
    const taken = await rows<{ id: number }>(
      app.db,
      sql`update inbound_mailbox set holder = ${me}, lease_until = now() + make_interval(secs => ${leaseMs / 1000})
          where id = 1 and (holder = ${me} or holder is null or lease_until is null or lease_until < now())
          returning id`,
    );
    return taken.length > 0;
  }

  async function record(values: ReturnType<typeof sql>) {
    await app.db.execute(sql`update inbound_mailbox set ${values} where id = 1 and holder = ${me}`).catch(() => {});
  }

  async function checkLease() {
    let held = false;
    try {
      held = !closed && (await holdLease());
    } catch (error) {
      log.warn({ err: error }, 'inbound: the mailbox lease could not be renewed');
    }
    if (held && !leader) {
      leader = true;
      log.info('inbound: this instance watches the mailbox');
      watching = watch().finally(() => {
        watching = null;
      });
    } else if (!held && leader) {
      leader = false;
      log.info('inbound: another instance watches the mailbox now');
      stopSession();
    }
  }

  function stopSession() {
    wake?.();
    client?.close();
  }

  /** Connects, reads, waits on IDLE; after a failure waits (doubling) and connects again, while the lease holds. */
  async function watch() {
    let delay = timings.reconnectMinMs;
    while (leader && !closed) {
      let reached = false;
      try {
        await session(() => {
          reached = true;
        });
      } catch (error) {
        const cause = causeOf(error);
        log.warn({ cause, host: config!.imap.host, retryInMs: delay }, 'inbound: the mailbox cannot be reached');
        await record(sql`last_error = ${cause}, last_error_at = now()`);
      }
      if (!leader || closed) break;
      if (reached) delay = timings.reconnectMinMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      delay = Math.min(delay * 2, timings.reconnectMaxMs);
    }
  }

  async function session(onReached: () => void) {
    const imap = config!.imap;
    const connection = new ImapFlow({
      host: imap.host,
      port: imap.port,
      secure: imap.secure,
      auth: { user: imap.user, pass: imap.pass },
      logger: false,
      connectionTimeout: timings.connectTimeoutMs,
      greetingTimeout: timings.connectTimeoutMs,
      // IDLE (the server's word of a new message) soon after each read; restarted now and then, as some servers
      // end an IDLE they think forgotten.
      autoIdleDelay: 1000,
      maxIdleTime: Math.min(timings.pollEveryMs, 25 * 60_000),
    });
    client = connection;
    let failure: unknown = null;
    connection.on('error', (error: unknown) => {
      failure = error;
    });
    const ended = new Promise<void>((resolve) => connection.once('close', () => resolve()));
    try {
      await connection.connect();
      const lock = await connection.getMailboxLock(imap.mailbox);
      try {
        await ensureFiledFolder(connection);
        onReached();
        await record(sql`last_error = null, last_error_at = null`);
        let syncing: Promise<void> = sync(connection);
        const again = () => {
          syncing = syncing.then(() => sync(connection));
          syncing.catch((error: unknown) => {
            failure = error;
            connection.close();
          });
        };
        syncing.catch((error: unknown) => {
          failure = error;
          connection.close();
        });
        connection.on('exists', again);
        const poll = setInterval(again, timings.pollEveryMs);
        try {
          await ended;
        } finally {
          clearInterval(poll);
        }
        await syncing.catch(() => {});
      } finally {
        lock.release();
      }
    } finally {
      connection.close();
      client = null;
    }
    // Closed by this instance (stopping, or the lease moved): not a failure. Otherwise the server went away.
    if (leader && !closed) throw failure ?? new Error('the mail server closed the connection');
  }

  async function ensureFiledFolder(connection: ImapFlow) {
    const boxes = await connection.list();
    if (boxes.some((box) => box.path === INBOUND_FILED_FOLDER)) return;
    await connection.mailboxCreate(INBOUND_FILED_FOLDER);
  }

  /** Reads the messages that arrived since the last UID read, oldest first. */
  async function sync(connection: ImapFlow) {
    if (!leader || closed) return;
    // Asks for the server's news first: the mailbox's count is only as fresh as the last answer.
    await connection.noop();
    const mailbox = connection.mailbox;
    if (!mailbox) throw new Error('no mailbox is open');
    const uidValidity = Number(mailbox.uidValidity);
    const [state] = await rows<{ uid_validity: string | number | null; last_uid: string | number }>(
      app.db,
      sql`select uid_validity, last_uid from inbound_mailbox where id = 1`,
    );
    // A new UIDVALIDITY numbers the mailbox anew: read it all again (what was decided is remembered by Message-ID).
    let lastUid = state && Number(state.uid_validity) === uidValidity ? Number(state.last_uid) : 0;
    const fresh: { uid: number; size: number }[] = [];
    for await (const message of connection.fetch(`${lastUid + 1}:*`, { uid: true, size: true }, { uid: true })) {
      // `n:*` also answers the last message when n is past it.
      if (message.uid > lastUid) fresh.push({ uid: message.uid, size: message.size ?? 0 });
    }
    fresh.sort((a, b) => a.uid - b.uid);
    for (const message of fresh) {
      if (!leader || closed) return;
      await handle(connection, message.uid, message.size, uidValidity);
      lastUid = message.uid;
      await record(sql`uid_validity = ${uidValidity}, last_uid = ${lastUid}`);
    }
    await record(sql`uid_validity = ${uidValidity}, last_uid = ${lastUid}, last_checked_at = now()`);
  }

  async function moveToFiled(connection: ImapFlow, uid: number) {
    await connection.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    await connection.messageMove(String(uid), INBOUND_FILED_FOLDER, { uid: true });
  }

  async function handle(connection: ImapFlow, uid: number, size: number, uidValidity: number) {
    if (size > timings.maxMessageBytes) {
      const head = await connection.fetchOne(String(uid), { uid: true, envelope: true }, { uid: true });
      const messageId = (head && head.envelope?.messageId) || `<uid-${uidValidity}-${uid}@inbound>`;
      if (await knownMessage(app.db, messageId)) return;
      log.warn(
        { uid, sizeBytes: size, limitBytes: timings.maxMessageBytes },
        'inbound: a message larger than the limit was left in the mailbox',
      );
      await recordLeftMessage(app.db, messageId, 'too_large', size);
      return;
    }
    const fetched = await connection.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
    if (!fetched || !fetched.source) return;
    const source = fetched.source;
    const fallbackId = `<sha256-${createHash('sha256').update(source).digest('hex')}@inbound>`;
    const message = readIncoming(await simpleParser(source), fallbackId);
    const known = await knownMessage(app.db, message.messageId);
    // A second copy of a filed message is put away with it; one left before stays left.
    if (known === 'filed') return moveToFiled(connection, uid);
    if (known) return;
    const lead = await matchLead(app.db, config!, message);
    if (!lead) {
      log.info({ uid }, 'inbound: a message matched no lead and was left in the mailbox');
      await recordLeftMessage(app.db, message.messageId, 'unmatched', size);
      return;
    }
    const result = await fileMessage(
      { db: app.db, storage: app.storage, log, mail: options.mail },
      message,
      lead,
      size,
    );
    if (result.filed) {
      log.info({ kind: lead.kind, leadId: lead.id, attachments: result.attachments }, 'inbound: an answer was filed');
      app.outbox.kick();
    }
    await moveToFiled(connection, uid);
  }

  app.addHook('onReady', async () => {
    void checkLease();
    leaseTimer = setInterval(() => void checkLease(), timings.leaseEveryMs);
    leaseTimer.unref();
  });

  // Registered after the database and the outbox: runs before they close.
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(leaseTimer);
    stopSession();
    await watching;
    if (leader) {
      await app.db
        .execute(sql`update inbound_mailbox set holder = null, lease_until = null where id = 1 and holder = ${me}`)
        .catch(() => {});
    }
  });
});
