// Lead mail over a real SMTP server (smtp-server in this process): delivered, and never lost while it is down.
import { eq, schema, sql } from '@agency/db';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CONTACT, MODAL_QUOTE, multipart } from '../../../test/lead-fixtures.ts';
import { plain, startSmtp } from '../../../test/smtp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function appWithSmtp(port: number): Promise<TestApp> {
  const t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Agency website <no-reply@agency.test>',
    LEADS_TO: 'leads@agency.test',
    SITE_URL: 'https://agency.test',
    RATE_LIMIT_MAX: '1000',
  });
  cleanups.push(() => t.close());
  return t;
}

describe('lead mail over SMTP', () => {
  it('delivers the agency notification (all fields + admin link) and the visitor confirmation', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await appWithSmtp(smtp.port);

    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    // Waits for the pass the new lead kicked off, then runs one more.
    await t.app.outbox.process();

    expect(smtp.received).toHaveLength(2);
    const notification = smtp.received.find((m) => m.to.includes('leads@agency.test'));
    const confirmation = smtp.received.find((m) => m.to.includes('grace@example.com'));
    expect(notification).toBeDefined();
    expect(confirmation).toBeDefined();
    const note = plain(notification?.data ?? '');
    expect(note).toContain('From: Agency website <no-reply@agency.test>');
    expect(note).toContain('Subject: New contact message from Grace Hopper: Network design');
    expect(note).toContain('Name: Grace Hopper');
    expect(note).toContain('Email: grace@example.com');
    expect(note).toContain('Phone: +44 20 7946 0000');
    expect(note).toContain('Message: Please call me about a network.');
    expect(note).toContain(`https://agency.test/admin/leads/contacts/${id}`);
    // The confirmation carries nothing the visitor typed: the site is no relay for their text.
    const confirmed = plain(confirmation?.data ?? '');
    expect(confirmed).toContain('Hello,');
    expect(confirmed).toContain('Thank you for your message.');
    for (const typed of [CONTACT.name, 'Grace', CONTACT.subject, CONTACT.message, CONTACT.phone])
      expect(confirmed).not.toContain(typed);

    const rows = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.attempts).toBe(1);
      expect(row.lockedUntil).toBeNull();
    }
  });

  it('keeps the lead while the mail server is down, then delivers exactly once when it is back', async () => {
    // A port that was just free: nothing listens on it until the server "comes back".
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const t = await appWithSmtp(port);

    const body = await multipart(MODAL_QUOTE);
    const res = await t.app.inject({ method: 'POST', url: '/api/request-quote', ...body });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [lead] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
    expect(lead?.fullName).toBe('Ada Lovelace');

    await t.app.outbox.process();
    let rows = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.sentAt).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.lockedUntil).toBeNull();
      // Backoff: 5 s · 2^1 after the first failure.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    }

    const smtp = await startSmtp({ port });
    cleanups.push(smtp.close);
    // Not due yet: the backoff holds even though the server is up.
    await t.app.outbox.process();
    expect(smtp.received).toHaveLength(0);

    // Let the backoff pass, as if ten seconds went by.
    await t.app.db
      .update(schema.outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(schema.outbox.leadId, id));
    const run = await t.app.outbox.process();
    expect(run.sent).toBe(2);
    await t.app.outbox.process();
    await t.app.outbox.process();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['ada@example.com', 'leads@agency.test']);

    rows = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, id));
    for (const row of rows) {
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.attempts).toBe(2);
    }
  });

  it(
    'confirms at most once per address per CONFIRMATION_MAIL_INTERVAL_HOURS; the agency hears of every lead',
    { timeout: 90_000 },
    async () => {
      const smtp = await startSmtp();
      cleanups.push(smtp.close);
      const t = await appWithSmtp(smtp.port);
      const spam = { ...CONTACT, name: 'You won! Claim at http://evil.test', email: 'Victim@Example.com' };
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: spam });
        expect(res.statusCode).toBe(201);
      }
      // Another address is confirmed on its own.
      const other = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
      expect(other.statusCode).toBe(201);
      await t.app.outbox.process();
      await t.app.outbox.process();

      const to = (address: string) =>
        smtp.received.filter((m) => m.to.some((r) => r.toLowerCase() === address.toLowerCase()));
      expect(to('Victim@Example.com')).toHaveLength(1);
      expect(plain(to('Victim@Example.com')[0]?.data ?? '')).not.toContain('evil.test');
      expect(to('grace@example.com')).toHaveLength(1);
      expect(to('leads@agency.test')).toHaveLength(4);
      expect(plain(to('leads@agency.test')[0]?.data ?? '')).toContain('You won! Claim at http://evil.test');

      // Once the interval has passed, the address is confirmed again (the address's case does not matter).
      await t.app.db.update(schema.outbox).set({ createdAt: sql`now() - interval '25 hours'` });
      const later = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...spam, email: 'victim@example.com' },
      });
      expect(later.statusCode).toBe(201);
      await t.app.outbox.process();
      expect(to('victim@example.com')).toHaveLength(2);
    },
  );

  it('leaves mail waiting when SMTP_URL is not set', async () => {
    const t = await createTestApp({ LEADS_TO: 'leads@agency.test' });
    cleanups.push(() => t.close());
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    expect(res.statusCode).toBe(201);
    expect(await t.app.outbox.process()).toEqual({ sent: 0, failed: 0 });
    const rows = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, res.json().id));
    expect(rows.map((r) => [r.attempts, r.sentAt])).toEqual([
      [0, null],
      [0, null],
    ]);
  });
});
