// GET /api/admin/stats when mail that belongs to no lead (an account's password reset) keeps failing.
import { randomUUID } from 'node:crypto';
import { schema } from '@agency/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callers } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

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
