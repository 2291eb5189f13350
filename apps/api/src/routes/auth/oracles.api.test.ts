// Issue 21, item 4: no timing or mailbox oracle. A reset request answers in the same time whether or not the
// address has an account; "you already have an account" mails go to one address at most once a day.
import { eq, schema, sql } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Account } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let owner: Account;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://agency.test', RATE_LIMIT_MAX: '100000' });
  await createAccount(t.app, 'admin', 'First Admin');
  owner = await createAccount(t.app, 'editor', 'Known Owner');
});
afterAll(() => t.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe('password reset timing', () => {
  it('answers a known and an unknown address in the same time (medians of 50 pairs < 5 ms apart)', async () => {
    const ask = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(202);
      // The work done after the answer is finished before the next request, so it does not slow that one.
      await t.app.drainAfterAnswer();
      return elapsed;
    };
    // Warm up both paths (first statements, JIT).
    for (let i = 0; i < 5; i++) {
      await ask(owner.email);
      await ask(`warm-${i}@example.com`);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 50; i++) {
      // Alternate which goes first, so a drift in the machine's load falls on both.
      if (i % 2) {
        known.push(await ask(owner.email));
        unknown.push(await ask(`nobody-${i}@example.com`));
      } else {
        unknown.push(await ask(`nobody-${i}@example.com`));
        known.push(await ask(owner.email));
      }
    }
    const difference = Math.abs(median(known) - median(unknown));
    console.info(
      `reset timing: known median ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms, difference ${difference.toFixed(2)} ms`,
    );
    expect(difference).toBeLessThan(5);
    // The known address did get its links (at most three live ones), the unknown ones nothing.
    const mails = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, owner.email));
    expect(mails.filter((mail) => mail.purpose === 'password-reset').length).toBeGreaterThan(0);
    expect(await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, 'nobody-1@example.com'))).toEqual([]);
  }, 180_000);
});

describe('"you already have an account" mail', () => {
  it('goes to one address at most once a day, however often the address is registered again', async () => {
    const attemptMails = async () =>
      (await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, owner.email))).filter(
        (mail) => mail.purpose === 'registration-attempt',
      );
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: `Someone ${i}`, email: owner.email, password: 'quiet kettle orbits a dolphin' },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(await attemptMails()).toHaveLength(1);
    // A day later, the next attempt mails the owner again.
    await t.app.db
      .update(schema.outbox)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(schema.outbox.to, owner.email));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Someone later', email: owner.email, password: 'quiet kettle orbits a dolphin' },
    });
    expect(await attemptMails()).toHaveLength(2);
  }, 60_000);
});
