// How many statements one lead costs the database. PGlite runs in the process and answers one statement at
// a time, so under load every round trip of every lead queues behind the others (issue 14: lead POST p99 at
// 50 connections). The statements are counted where the app hands them to the driver, on PGlite and on
// PostgreSQL (TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { encodeAltcha, MESSAGES, solveChallenge } from '@agency/contract';
import { eq, inArray, schema } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChallenge } from '../../services/challenge.ts';
import { type IntakeConfig, storeLead } from '../../services/lead-intake.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CONTACT, MODAL_QUOTE } from '../../../test/lead-fixtures.ts';

const SECRET = 'statements-test-challenge-secret-0123456789';

interface Observer {
  /** Starts recording. */
  start(): void;
  /** Stops recording and returns what was sent since `start()`. */
  stop(): string[];
  /** Puts the driver back as it was. */
  restore(): void;
}

type Query = (...args: unknown[]) => Promise<unknown>;
interface PgliteLike {
  query: Query;
  exec: Query;
  transaction: (fn: (tx: { query: Query; exec: Query }) => Promise<unknown>) => Promise<unknown>;
}

const oneLine = (text: unknown) => String(text).replace(/\s+/g, ' ').trim();

/**
 * Records every statement the app sends to its database while started, BEGIN and COMMIT included, through the
 * drivers' public query functions (Database.run and drizzle use nothing else).
 */
function observeStatements(app: FastifyInstance): Observer {
  let statements: string[] | null = null;
  const record = (text: unknown) => statements?.push(oneLine(text));
  const observer = (restore: () => void): Observer => ({
    start() {
      statements = [];
    },
    stop: () => {
      const seen = statements ?? [];
      statements = null;
      return seen;
    },
    restore,
  });
  if (app.database.kind === 'postgres') {
    // Every pooled connection is a pg.Client; drizzle sends its BEGIN and COMMIT through query() as well.
    const proto = pg.Client.prototype as unknown as { query: Query };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      record(typeof first === 'string' ? first : (first as { text?: string }).text);
      return original.apply(this, args);
    };
    return observer(() => void (proto.query = original));
  }
  const client = (app.db as unknown as { $client: PgliteLike }).$client;
  const { query, exec, transaction } = client;
  const wrap = (target: { query: Query; exec: Query }, own: { query: Query; exec: Query }) => {
    target.query = (...args) => (record(args[0]), own.query.apply(target, args));
    target.exec = (...args) => (record(args[0]), own.exec.apply(target, args));
  };
  wrap(client, { query, exec });
  client.transaction = (fn) =>
    transaction.call(client, async (tx) => {
      record('BEGIN');
      wrap(tx, { query: tx.query, exec: tx.exec });
      try {
        const result = await fn(tx);
        record('COMMIT');
        return result;
      } catch (error) {
        record('ROLLBACK');
        throw error;
      }
    });
  return observer(() => Object.assign(client, { query, exec, transaction }));
}

/**
 * Housekeeping a lead sometimes triggers (at most once a minute, or 1 request in 100), and two reads each instance
 * makes at most once per 250 ms for every request alike: the published content's version (the confirmation's
 * signature, plugins/public-cache.ts) and whether the writes are off (plugins/writes-off.ts). Not the lead's own cost.
 */
const HOUSEKEEPING =
  /^(delete from "?(rate_limits|used_challenges)"?|select \(select version from content_version|select value from app_settings where key)/i;

let t: TestApp;
let observed: Observer;
beforeAll(async () => {
  t = await createTestApp({
    SPAM_CHALLENGE: 'score',
    CHALLENGE_SECRET: SECRET,
    LEADS_TO: 'leads@agency.test',
    RATE_LIMIT_MAX: '1000',
  });
  observed = observeStatements(t.app);
  // The first lead also purges expired challenges (once a minute per instance).
  await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
});
afterAll(async () => {
  observed.restore();
  await t.close();
});

/** A fresh challenge signed with SECRET, solved the way the browser does. */
async function solvedAltcha(): Promise<string> {
  const challenge = await createChallenge(SECRET, Date.now(), 1000);
  const number = solveChallenge(challenge);
  if (number === null) throw new Error('no solution');
  return encodeAltcha(challenge, number);
}

/** `request`'s answer and every statement the app sent to the database while answering it. */
async function observe<Res>(request: () => Promise<Res>): Promise<{ res: Res; statements: string[] }> {
  observed.start();
  let res: Res;
  let statements: string[];
  try {
    res = await request();
  } finally {
    statements = observed.stop();
  }
  return { res, statements };
}

async function statementsOf(request: () => Promise<{ statusCode: number; json(): { id: string } }>) {
  const { res, statements } = await observe(request);
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, statements: statements.filter((text) => !HOUSEKEEPING.test(text)) };
}

const postgres = () => t.app.database.kind === 'postgres';
/** The lead with its rate-limit hit, timeline and outbox rows: the database function of migration 0024. */
const LEAD = /^select store_leads\(\$1::text::jsonb\)/;

async function timelineTypes(id: string) {
  const rows = await t.app.db
    .select({ type: schema.leadEvents.type })
    .from(schema.leadEvents)
    .where(eq(schema.leadEvents.leadId, id))
    .orderBy(schema.leadEvents.createdAt, schema.leadEvents.seq);
  return rows.map((row) => row.type);
}

describe('statements per lead', () => {
  it('a contact message with a solved challenge: one statement (PostgreSQL: in a transaction with the address lock)', async () => {
    const altcha = await solvedAltcha();
    const { id, statements } = await statementsOf(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...CONTACT, email: 'first@example.com', altcha },
      }),
    );
    if (postgres()) {
      expect(statements).toHaveLength(4);
      expect(statements[0]).toMatch(/^begin/i);
      expect(statements[1]).toMatch(/^select pg_advisory_xact_lock/);
      expect(statements[3]).toMatch(/^commit/i);
    } else {
      expect(statements).toHaveLength(1);
    }
    expect(statements.filter((text) => LEAD.test(text))).toHaveLength(1);
    // Everything the old nine statements stored is there.
    const [row] = await t.app.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
    expect(row?.status).toBe('new');
    const mails = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, id));
    expect(mails.map((mail) => mail.purpose).sort()).toEqual(['confirmation', 'notification']);
    expect(await timelineTypes(id)).toEqual(['received', 'mail_queued', 'mail_queued']);
  });

  it('a contact message without a challenge (stored as spam): one statement', async () => {
    const { id, statements } = await statementsOf(() =>
      t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT }),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(LEAD);
    const [row] = await t.app.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
    expect(row?.status).toBe('spam');
    expect(await timelineTypes(id)).toEqual(['received']);
  });

  it('a second lead to a confirmed address: no confirmation, the notification still queued', async () => {
    const altcha = await solvedAltcha();
    const { id, statements } = await statementsOf(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...CONTACT, email: 'FIRST@example.com ', altcha },
      }),
    );
    expect(statements).toHaveLength(postgres() ? 4 : 1);
    const mails = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, id));
    expect(mails.map((mail) => mail.purpose)).toEqual(['notification']);
    expect(await timelineTypes(id)).toEqual(['received', 'mail_queued']);
  });

  it('five leads to one new address at once queue one confirmation and five notifications', async () => {
    const email = 'together@example.com';
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...CONTACT, email, altcha: await solvedAltcha() },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = answers.map((res) => res.json<{ id: string }>().id);
    const mails = await t.app.db.select().from(schema.outbox).where(inArray(schema.outbox.leadId, ids));
    expect(mails.filter((mail) => mail.purpose === 'confirmation')).toHaveLength(1);
    expect(mails.filter((mail) => mail.purpose === 'notification')).toHaveLength(5);
  });

  it('a quote with a solved challenge', async () => {
    const altcha = await solvedAltcha();
    const { id, statements } = await statementsOf(() =>
      t.app.inject({ method: 'POST', url: '/api/request-quote', payload: { ...MODAL_QUOTE, altcha } }),
    );
    expect(statements).toHaveLength(postgres() ? 4 : 1);
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
    expect(row?.status).toBe('new');
  });
});

describe('a lead and the public content version (plugins/public-cache.ts)', () => {
  const CONTENT_VERSION = /^select \(select version from content_version/i;
  /** How many times `request` made the app read the content version. */
  async function versionReads(request: () => Promise<{ statusCode: number }>, status: number) {
    const { res, statements } = await observe(request);
    expect(res.statusCode).toBe(status);
    return statements.filter((text) => CONTENT_VERSION.test(text)).length;
  }
  const publicRead = () => t.app.inject({ method: 'GET', url: '/api/blogs' });

  it('the request after a lead does not read the version again; the one after another write does', async () => {
    // The clock stands still, so the version is read again only because a write asked for it, never because its
    // 250 ms went by: no timing window in this test.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await publicRead();
      expect(await versionReads(publicRead, 200)).toBe(0);
      const lead = () =>
        t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, email: 'version@example.com' } });
      expect(await versionReads(lead, 201)).toBe(0);
      expect(await versionReads(publicRead, 200)).toBe(0);
      // The same with a solved challenge (its confirmation is signed with the published site).
      const solved = async () =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...CONTACT, email: 'version@example.com', altcha: await solvedAltcha() },
        });
      expect(await versionReads(solved, 201)).toBe(0);
      expect(await versionReads(publicRead, 200)).toBe(0);

      // Another successful write (not marked keepsPublicContent) makes the next request read it at once.
      const write = () =>
        t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'nobody@example.com' } });
      expect(await versionReads(write, 202)).toBe(0);
      expect(await versionReads(publicRead, 200)).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('leads written together (PGlite: one call, one commit)', () => {
  // Honeypot leads queue no mail, so the intake needs no mail settings.
  const config = { spamChallenge: 'score', confirmationIntervalHours: 24 } as IntakeConfig;
  const source = { sourcePath: null, referrer: null, utmSource: null, utmMedium: null, utmCampaign: null };
  const store = (id: string, message = 'Written together.') =>
    storeLead(
      t.app.database,
      { kind: 'contacts', id, honeypot: true, mail: { fields: {} } },
      { source, verdict: null },
      config,
      {
        name: 'Together',
        email: 'together@example.com',
        phone: '',
        subject: '',
        message,
        sentWithoutJavaScript: false,
      },
    );
  const stored = async (ids: string[]) =>
    (await t.app.db.select().from(schema.contacts).where(inArray(schema.contacts.id, ids))).map((row) => row.id).sort();

  it('a lead that fails in the database fails alone: the others sent with it are stored', async () => {
    const taken = randomUUID();
    await store(taken);
    const ids = [randomUUID(), taken, randomUUID()];
    observed.start();
    const results = await Promise.allSettled(ids.map((id) => store(id)));
    const statements = observed.stop().filter((text) => LEAD.test(text));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored(ids)).toEqual(ids.sort());
    // PGlite: the three went in one call; PostgreSQL writes each lead by itself.
    expect(statements).toHaveLength(postgres() ? 3 : 1);
  });

  it('a lead that makes the whole call fail fails alone: the others are written again on their own', async () => {
    const good = [randomUUID(), randomUUID()];
    const bad = randomUUID();
    // A NUL (refused by the contract before it comes here) cannot be carried by the JSON parameter.
    const results = await Promise.allSettled([store(good[0] ?? ''), store(bad, 'a\u0000b'), store(good[1] ?? '')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored([...good, bad])).toEqual([...good].sort());
  });
});

describe('the rate limit counted in the lead statement', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      SPAM_CHALLENGE: 'score',
      CHALLENGE_SECRET: SECRET,
      RATE_LIMIT_MAX: '2',
      RATE_LIMIT_WINDOW_SECONDS: '300',
    });
  });
  afterAll(() => limited.close());

  const post = (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
    limited.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress, headers });
  const contactsFrom = async (email: string) =>
    (await limited.app.db.select().from(schema.contacts).where(eq(schema.contacts.email, email))).length;

  it('stores nothing over the limit and spends no challenge; the headers say what is left', async () => {
    const lead = { ...CONTACT, email: 'limit@example.com' };
    const first = await post(lead, '198.51.100.1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    expect((await post(lead, '198.51.100.1')).headers['x-ratelimit-remaining']).toBe('0');

    const altcha = await solvedAltcha();
    const refused = await post({ ...lead, altcha }, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MESSAGES.http.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(await contactsFrom('limit@example.com')).toBe(2);

    // The refused request did not spend its solution: sent from elsewhere, it is accepted as solved.
    const later = await post({ ...lead, altcha }, '198.51.100.2');
    expect(later.statusCode).toBe(201);
    const [row] = await limited.app.db.select().from(schema.contacts).where(eq(schema.contacts.id, later.json().id));
    expect(row?.status).toBe('new');
  });

  it('counts requests refused before their statement: bad fields and malformed JSON', async () => {
    const address = '198.51.100.3';
    expect((await post({ ...CONTACT, email: 'not an address' }, address)).statusCode).toBe(400);
    const malformed = await limited.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
      remoteAddress: address,
    });
    expect(malformed.statusCode).toBe(400);
    // Both counted: the third request is over the limit, even a bad one, and a good one is not stored.
    const bad = await post({ ...CONTACT, email: 'not an address' }, address);
    expect(bad.statusCode).toBe(429);
    const good = await post({ ...CONTACT, email: 'counted@example.com' }, address);
    expect(good.statusCode).toBe(429);
    expect(await contactsFrom('counted@example.com')).toBe(0);
    const [counter] = await limited.app.db
      .select()
      .from(schema.rateLimits)
      .where(eq(schema.rateLimits.key, `contact:${address}`));
    expect(counter?.hits).toBe(4);
  });
});
