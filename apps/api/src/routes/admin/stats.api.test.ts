// GET /api/admin/stats when mail that belongs to no lead (an account's password reset) keeps failing, and
// which error `outbox.lastError` reports when several rows fail.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, schema, sql } from '@agency/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callers } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CONTACT } from '../../../test/lead-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers with the failing account mail counted but not listed as a lead notification', async () => {
  const { headers } = await callers(t.app);
  await t.app.db.insert(schema.outbox).values({
    leadKind: 'account',
    leadId: randomUUID(),
    purpose: 'password-reset',
    to: 'owner@example.com',
    subject: 'Reset your password',
    body: '',
    attempts: 6,
    lastError: 'connect ECONNREFUSED',
  });
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: headers.admin });
  expect(response.statusCode).toBe(200);
  const stats = response.json();
  expect(stats.outbox.failing).toBe(1);
  expect(stats.failingNotifications).toEqual([]);
});

it('reports as outbox.lastError the error of the most recent failed attempt, not of the newest failing row', async () => {
  // A webhook receiver that answers with the status the test sets.
  let status = 503;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(status).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  const hooked = await createTestApp({
    WEBHOOK_URLS: `http://127.0.0.1:${port}/hooks`,
    WEBHOOK_SECRET: 'a-test-webhook-secret-of-32-chars',
  });
  try {
    const { headers } = await callers(hooked.app);
    const leadIds: string[] = [];
    for (const email of ['first@example.com', 'second@example.com']) {
      const res = await hooked.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, email } });
      expect(res.statusCode).toBe(201);
      leadIds.push(res.json<{ id: string }>().id);
    }
    // Both webhooks fail with 503.
    await hooked.app.outbox.process();
    await hooked.app.outbox.process();
    const [first, second] = leadIds;
    const webhookOf = async (leadId: string) =>
      (await hooked.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, leadId))).find(
        (row) => row.purpose === 'webhook',
      );
    expect((await webhookOf(first!))?.lastError).toBe('HTTP 503');
    expect((await webhookOf(second!))?.lastError).toBe('HTTP 503');

    // The older row is retried and fails again, differently: that is now the most recent failure.
    status = 500;
    await hooked.app.db
      .update(schema.outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(schema.outbox.id, (await webhookOf(first!))!.id));
    await hooked.app.outbox.process();
    expect(await webhookOf(first!)).toMatchObject({ attempts: 2, lastError: 'HTTP 500', sentAt: null });

    const response = await hooked.app.inject({ method: 'GET', url: '/api/admin/stats', headers: headers.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().outbox).toMatchObject({ lastError: 'HTTP 500' });
  } finally {
    await hooked.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
