// "Never sent twice at once": two instances of the app on one database run their outbox passes at the same
// time against a real SMTP server and a real webhook receiver started here, both slow to answer. The claim
// (FOR UPDATE SKIP LOCKED plus the lease in locked_until) gives every row to one of them: each mail and
// each webhook arrives exactly once, and both instances did part of the work.
import { createServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { schema, sql } from '@agency/db';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { CONTACT } from '../../../test/lead-fixtures.ts';
import { plain, startSmtp } from '../../../test/smtp.ts';

vi.setConfig({ testTimeout: 120_000 });

/** Each answer takes this long, so the two instances' passes overlap for the whole run. */
const SLOW_MS = 60;
const LEADS = 8;
const AGENCY = 'leads@agency.test';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listen(server: Server, port: number) {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function startReceiver(port = 0) {
  const received: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(String(request.headers['webhook-id']));
      setTimeout(() => response.writeHead(200).end(), SLOW_MS);
    });
  });
  const bound = await listen(server, port);
  return {
    received,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the outbox with two instances on one database', () => {
  it('delivers every mail and webhook exactly once when both process at the same time', async () => {
    // Ports that were just free: nothing answers on them while the leads arrive, so every row waits.
    const smtpProbe = await startSmtp();
    const hookProbe = await startReceiver();
    await Promise.all([smtpProbe.close(), hookProbe.close()]);
    const t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtpProbe.port}`,
      MAIL_FROM: 'Agency website <no-reply@agency.test>',
      LEADS_TO: AGENCY,
      SITE_URL: 'https://agency.test',
      WEBHOOK_URLS: `http://127.0.0.1:${hookProbe.port}/hooks/leads`,
      WEBHOOK_SECRET: 'a-test-webhook-secret-of-32-chars',
    });
    cleanups.push(() => t.close());
    const other = await t.secondInstance();

    const ids: string[] = [];
    for (let index = 0; index < LEADS; index++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...CONTACT, email: `visitor-${index}@example.com` },
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    // The passes the new leads kicked off have failed (nothing listening) and scheduled a retry.
    await t.app.outbox.process();

    const smtp = await startSmtp({ port: smtpProbe.port, answerAfterMs: SLOW_MS });
    const hooks = await startReceiver(hookProbe.port);
    cleanups.push(smtp.close, hooks.close);
    await t.app.db.update(schema.outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    const rows = await t.app.db.select().from(schema.outbox);
    // Per lead: the agency notification, the visitor's confirmation and the webhook; more than one claim holds.
    expect(rows).toHaveLength(LEADS * 3);

    const [first, second] = await Promise.all([t.app.outbox.process(), other.outbox.process()]);
    // Each instance's timer may have started a pass of its own meanwhile; let those end too.
    await Promise.all([t.app.outbox.process(), other.outbox.process(), later(SLOW_MS * 2)]);

    expect(first.sent).toBeGreaterThan(0);
    expect(second.sent).toBeGreaterThan(0);
    const sent = await t.app.db.select().from(schema.outbox);
    expect(sent.filter((row) => row.sentAt === null)).toEqual([]);

    // Each webhook row reached the receiver once, under its own webhook-id.
    const webhookIds = rows.filter((row) => row.purpose === 'webhook').map((row) => row.id);
    expect([...hooks.received].sort()).toEqual([...webhookIds].sort());
    // Each lead's notification reached the agency once, and each visitor got one confirmation.
    expect(smtp.received).toHaveLength(LEADS * 2);
    for (const [index, id] of ids.entries()) {
      const notifications = smtp.received.filter((mail) => mail.to.includes(AGENCY) && plain(mail.data).includes(id));
      expect(notifications, `notification of lead ${index}`).toHaveLength(1);
      const confirmations = smtp.received.filter((mail) => mail.to.includes(`visitor-${index}@example.com`));
      expect(confirmations, `confirmation of lead ${index}`).toHaveLength(1);
    }
  });
});
