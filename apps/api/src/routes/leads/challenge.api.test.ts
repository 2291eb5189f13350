// The proof of work: a challenge from GET /api/challenge, solved by a test client with the browser's solver,
// then each SPAM_CHALLENGE mode. Single use holds across two instances sharing one database.
import { createHash, createHmac } from 'node:crypto';
import {
  type Challenge,
  ChallengeSchema,
  CHALLENGE_TTL_SECONDS,
  encodeAltcha,
  PIPELINE_MESSAGES,
  solveChallenge,
} from '@agency/contract';
import { eq, schema } from '@agency/db';
import { verifySolution as altchaVerify } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChallenge, purgeUsedChallenges, verifySolution } from '../../services/challenge.ts';
import { createTestApp, storedFile, type TestApp } from '../../../test/app.ts';
import { CONTACT, MODAL_QUOTE, multipart } from '../../../test/lead-fixtures.ts';

// Each test starts its own app (PGlite) and solves or waits for real work: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

const opened: TestApp[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()?.close();
});

async function appWith(mode: 'score' | 'required' | 'off') {
  const t = await createTestApp({ SPAM_CHALLENGE: mode, LEADS_TO: 'leads@agency.test' });
  opened.push(t);
  return t;
}

/** What the browser does: fetch a challenge, find the number, encode the solution. */
async function solved(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/challenge' });
  const challenge = ChallengeSchema.parse(res.json());
  const number = solveChallenge(challenge);
  if (number === null) throw new Error('no solution');
  return encodeAltcha(challenge, number);
}

const postContact = (app: FastifyInstance, extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, ...extra } });

async function statusOf(t: TestApp, id: string) {
  const [row] = await t.app.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
  return row?.status;
}

describe('GET /api/challenge', () => {
  it('answers an ALTCHA challenge whose hash and signature hold, with an expiry of at most 10 minutes', async () => {
    const t = await appWith('score');
    const res = await t.app.inject({ method: 'GET', url: '/api/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const body = res.json<Challenge>();
    expect(Object.keys(body).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(body.algorithm).toBe('SHA-256');
    expect(body.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(new URLSearchParams(body.salt.split('?')[1]).get('expires'));
    const now = Date.now() / 1000;
    expect(expires).toBeGreaterThan(now + CHALLENGE_TTL_SECONDS - 5);
    expect(expires).toBeLessThanOrEqual(now + CHALLENGE_TTL_SECONDS + 1);

    const number = solveChallenge(body);
    expect(number).not.toBeNull();
    expect(number).toBeLessThanOrEqual(body.maxnumber);
    expect(createHash('sha256').update(`${body.salt}${number}`).digest('hex')).toBe(body.challenge);
    // Two challenges are never the same.
    const other = (await t.app.inject({ method: 'GET', url: '/api/challenge' })).json<Challenge>();
    expect(other.challenge).not.toBe(body.challenge);
  });
});

describe('SPAM_CHALLENGE=score (default)', () => {
  it('stores a lead with a solved challenge as new, with its mails', async () => {
    const t = await appWith('score');
    const res = await postContact(t.app, { altcha: await solved(t.app) });
    expect(res.statusCode).toBe(201);
    expect(await statusOf(t, res.json().id)).toBe('new');
    const mails = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, res.json().id));
    expect(mails).toHaveLength(2);
  });

  it('stores a lead without, with a wrong or with a reused solution as spam (201, no mail), never refuses it', async () => {
    const t = await appWith('score');
    const altcha = await solved(t.app);
    const first = await postContact(t.app, { altcha });
    expect(await statusOf(t, first.json().id)).toBe('new');

    const decoded = JSON.parse(Buffer.from(altcha, 'base64').toString()) as Record<string, unknown>;
    const wrongNumber = btoa(JSON.stringify({ ...decoded, number: Number(decoded.number) + 1 }));
    for (const value of [undefined, '', 'garbage', wrongNumber, altcha]) {
      const res = await postContact(t.app, value === undefined ? {} : { altcha: value });
      expect(res.statusCode).toBe(201);
      const id = res.json().id as string;
      expect(await statusOf(t, id)).toBe('spam');
      expect(await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, id))).toEqual([]);
      const [received] = await t.app.db.select().from(schema.leadEvents).where(eq(schema.leadEvents.leadId, id));
      expect(received?.data).toMatchObject({ spamReason: 'challenge' });
    }
  });

  it('keeps the file of a quote that failed the check (nothing a visitor sends is lost)', async () => {
    const t = await appWith('score');
    const body = await multipart(MODAL_QUOTE, [
      { field: 'file', name: 'brief.txt', type: 'text/plain', data: Buffer.from('brief') },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/request-quote', ...body });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, res.json().id));
    expect(row).toMatchObject({ status: 'spam', fileName: 'brief.txt' });
    expect((await storedFile(t.app, row?.fileKey ?? ''))?.toString()).toBe('brief');
  });

  it('accepts a solution once across two instances on one database', async () => {
    const t = await appWith('score');
    const other = await t.secondInstance();
    const altcha = await solved(other);
    const first = await postContact(t.app, { altcha });
    const second = await postContact(other, { altcha });
    expect(await statusOf(t, first.json().id)).toBe('new');
    expect(await statusOf(t, second.json().id)).toBe('spam');
  });
});

describe('purgeUsedChallenges', () => {
  it("forgets each database's expired challenges, at most once a minute per database", async () => {
    // Two apps in one process (as the tests run): one purging must not hold back the other's purge.
    const [a, b] = [await appWith('off'), await appWith('off')];
    const now = Date.now();
    const expired = (name: string) => ({ challenge: name, expiresAt: new Date(now - 1000) });
    const left = async (t: TestApp) =>
      (await t.app.db.select().from(schema.usedChallenges)).map((row) => row.challenge).sort();
    for (const t of [a, b])
      await t.app.db
        .insert(schema.usedChallenges)
        .values([expired('old'), { challenge: 'live', expiresAt: new Date(now + 60_000) }]);
    await purgeUsedChallenges(a.app.db, now);
    await purgeUsedChallenges(b.app.db, now);
    expect([await left(a), await left(b)]).toEqual([['live'], ['live']]);
    // Within the minute nothing is purged again; after it, it is.
    await a.app.db.insert(schema.usedChallenges).values(expired('later'));
    await purgeUsedChallenges(a.app.db, now + 59_000);
    expect(await left(a)).toEqual(['later', 'live']);
    await purgeUsedChallenges(a.app.db, now + 61_000);
    expect(await left(a)).toEqual([]);
  });
});

describe('SPAM_CHALLENGE=required', () => {
  it('answers 400 naming altcha without a valid solution, and stores nothing', async () => {
    const t = await appWith('required');
    const missing = await postContact(t.app);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: PIPELINE_MESSAGES.altchaMissing,
      fields: { altcha: PIPELINE_MESSAGES.altchaMissing },
    });
    const invalid = await postContact(t.app, { altcha: 'e30=' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ altcha: PIPELINE_MESSAGES.altchaInvalid });

    const altcha = await solved(t.app);
    const ok = await postContact(t.app, { altcha });
    expect(ok.statusCode).toBe(201);
    const reused = await postContact(t.app, { altcha });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields).toHaveProperty('altcha');
    expect(await t.app.db.select().from(schema.contacts)).toHaveLength(1);
  });

  it('takes the solution as a multipart field too', async () => {
    const t = await appWith('required');
    const body = await multipart({ ...MODAL_QUOTE, altcha: await solved(t.app) });
    const res = await t.app.inject({ method: 'POST', url: '/api/request-quote', ...body });
    expect(res.statusCode).toBe(201);
  });
});

describe('SPAM_CHALLENGE=off', () => {
  it('does not check: a lead without a solution is new', async () => {
    const t = await appWith('off');
    const res = await postContact(t.app, { altcha: 'garbage' });
    expect(res.statusCode).toBe(201);
    expect(await statusOf(t, res.json().id)).toBe('new');
  });
});

describe('verifySolution', () => {
  const key = 'k'.repeat(40);
  const solve = (challenge: Challenge) => encodeAltcha(challenge, solveChallenge(challenge) ?? -1);

  it('refuses an expired challenge, another key, a forged expiry and a different algorithm', async () => {
    const now = Date.now();
    const challenge = await createChallenge(key, now, 1000);
    expect(await verifySolution(solve(challenge), key, now)).toMatchObject({ ok: true });
    expect(await verifySolution(solve(challenge), key, now + CHALLENGE_TTL_SECONDS * 1000 + 1000)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await verifySolution(solve(challenge), 'another-key-another-key-another-key', now)).toMatchObject({
      ok: false,
    });

    // A challenge good for a day, correctly hashed and signed with the key, is still refused.
    const salt = `abc?expires=${Math.floor(now / 1000) + 86_400}&`;
    const hash = createHash('sha256').update(`${salt}5`).digest('hex');
    const long = {
      algorithm: 'SHA-256' as const,
      challenge: hash,
      maxnumber: 10,
      salt,
      signature: createHmac('sha256', key).update(hash).digest('hex'),
    };
    expect(await verifySolution(encodeAltcha(long, 5), key, now)).toMatchObject({ ok: false });

    const payload = JSON.parse(atob(solve(challenge))) as Record<string, unknown>;
    expect(await verifySolution(btoa(JSON.stringify({ ...payload, algorithm: 'SHA-1' })), key, now)).toMatchObject({
      ok: false,
    });
    expect(await verifySolution(undefined, key, now)).toEqual({ ok: false, reason: 'missing' });
  });

  it('agrees with altcha-lib (whose WebCrypto check it replaced) on right and wrong solutions', async () => {
    const now = Date.now();
    const challenge = await createChallenge(key, now, 1000);
    const right = JSON.parse(atob(solve(challenge))) as { number: number; salt: string; signature: string };
    // A salt without its closing `&` is hashed with one (altcha-lib's createChallenge adds it).
    const open = `${right.salt.slice(0, -1)}`;
    const openHash = createHash('sha256').update(`${open}&7`).digest('hex');
    const payloads = [
      right,
      { ...right, number: right.number + 1 },
      { ...right, signature: right.signature.toUpperCase() },
      { ...right, signature: right.signature.slice(0, -1) },
      { ...right, signature: createHmac('sha256', 'another-key').update(challenge.challenge).digest('hex') },
      { ...right, salt: `x${right.salt}` },
      {
        algorithm: 'SHA-256',
        challenge: openHash,
        number: 7,
        salt: open,
        signature: createHmac('sha256', key).update(openHash).digest('hex'),
      },
    ];
    const verdicts = await Promise.all(
      payloads.map(async (payload) => ({
        ours: (await verifySolution(btoa(JSON.stringify(payload)), key, now)).ok,
        altcha: await altchaVerify(payload as Parameters<typeof altchaVerify>[0], key, false),
      })),
    );
    expect(verdicts.map((verdict) => verdict.ours)).toEqual(verdicts.map((verdict) => verdict.altcha));
    expect(verdicts.map((verdict) => verdict.ours)).toEqual([true, false, false, false, false, false, true]);
  });
});
