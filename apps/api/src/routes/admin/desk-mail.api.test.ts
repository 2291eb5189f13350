// Issue 22 over a real SMTP server: the reply and the agency's notification carry the right Reply-To, the
// reply's timeline ends in reply_sent; and the morning digest goes out once a day, from one instance.
import { and, eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CONTACT } from '../../../test/lead-fixtures.ts';
import { plain, startSmtp, type TestSmtp } from '../../../test/smtp.ts';

let t: TestApp;
let smtp: TestSmtp;
let admin: { id: string; email: string; headers: { authorization: string } };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Agency website <no-reply@agency.test>',
    LEADS_TO: 'leads@agency.test',
    SITE_URL: 'https://agency.test',
    TIME_ZONE: 'Europe/London',
  });
  const a = await createAccount(t.app, 'admin', 'Alice Admin');
  admin = { id: a.id, email: a.email, headers: { authorization: `Bearer ${a.accessToken}` } };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const headerOf = (data: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(plain(data).split('\r\n\r\n')[0] ?? '')?.[1]?.trim();

describe('mail with Reply-To over SMTP', () => {
  it('the notification replies to the visitor; a reply comes from MAIL_FROM and replies to the staff member', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...CONTACT, email: 'grace.reply@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    await t.app.outbox.process();
    const notification = smtp.received.find((mail) => mail.to.includes('leads@agency.test'));
    expect(headerOf(notification?.data ?? '', 'Reply-To')).toBe('grace.reply@example.com');

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${id}/reply`,
      headers: admin.headers,
      payload: { subject: 'About your network', text: 'Hello Grace,\n\nWe can help with that.' },
    });
    expect(reply.statusCode).toBe(202);
    await t.app.outbox.process();
    const sent = smtp.received.find((mail) => plain(mail.data).includes('Subject: About your network'));
    expect(sent?.to).toEqual(['grace.reply@example.com']);
    expect(headerOf(sent?.data ?? '', 'From')).toBe('Agency website <no-reply@agency.test>');
    expect(headerOf(sent?.data ?? '', 'Reply-To')).toBe(admin.email);
    expect(plain(sent?.data ?? '')).toContain('We can help with that.');

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/contacts/${id}`, headers: admin.headers });
    const types = detail.json<{ timeline: { type: string }[] }>().timeline.map((event) => event.type);
    expect(types.slice(-2)).toEqual(['reply_queued', 'reply_sent']);
  });
});

describe('the morning digest', () => {
  it('waits for 09:00 in TIME_ZONE, then one instance of two sends once that day; an opted-out admin gets none', async () => {
    const optedOut = await createAccount(t.app, 'admin', 'Olga Optout');
    const optOut = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/preferences',
      headers: { authorization: `Bearer ${optedOut.accessToken}` },
      payload: { digestMail: false },
    });
    expect(optOut.statusCode).toBe(200);
    expect(optOut.json()).toEqual({ digestMail: false });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...CONTACT, email: 'due@example.com' },
    });
    const { id } = res.json<{ id: string }>();
    for (const user of [admin.id, optedOut.id]) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/contacts/${id}`,
        headers: admin.headers,
        payload: {
          ownerId: user,
          followUpAt: new Date(Date.now() - 3_600_000).toISOString(),
          followUpNote: 'Call back',
        },
      });
      expect(patch.statusCode).toBe(200);
      if (user === admin.id) break;
    }

    // 08:59 in London (GMT in January) is too early.
    expect(await t.app.digest.run(new Date('2031-01-15T08:59:00Z'))).toEqual({ status: 'not-yet' });
    const second = await t.secondInstance();
    const runs = await Promise.all([
      t.app.digest.run(new Date('2031-01-15T09:00:30Z')),
      second.digest.run(new Date('2031-01-15T09:00:31Z')),
    ]);
    expect(runs.map((run) => run.status).sort()).toEqual(['already-sent', 'sent']);
    // Later the same day: nothing more.
    expect((await t.app.digest.run(new Date('2031-01-15T17:00:00Z'))).status).toBe('already-sent');
    const digests = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.purpose, 'digest'));
    expect(digests.map((row) => row.to)).toEqual([admin.email]);

    // Either instance's outbox may send it (they share the database): wait for it at the SMTP server.
    await Promise.all([t.app.outbox.process(), second.outbox.process()]);
    const mail = await vi.waitFor(
      () => {
        const found = smtp.received.find((m) => m.to.includes(admin.email) && plain(m.data).includes('Follow-ups due'));
        if (!found) throw new Error('the digest has not reached the SMTP server yet');
        return found;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(plain(mail.data)).toContain('Call back');
    expect(plain(mail.data)).toContain(`https://agency.test/admin/leads/contacts/${id}`);
    // British Summer Time: 09:00 in London is 08:00 UTC.
    expect((await t.app.digest.run(new Date('2031-07-01T07:59:00Z'))).status).toBe('not-yet');
    expect((await t.app.digest.run(new Date('2031-07-01T08:00:00Z'))).status).toBe('sent');
    const rows = await t.app.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.purpose, 'digest'), eq(schema.outbox.to, optedOut.email)));
    expect(rows).toEqual([]);
  });
});
