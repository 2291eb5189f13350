// An instance shutting down (SIGTERM) finishes the mail it is sending and hands back the rest of its claimed
// rows: no lease held, no attempt counted, so another instance sends them at once and none is sent twice.
import { schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ACCOUNT_MAIL_KIND } from './account-mail.ts';
import { processOutbox } from './outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('processOutbox while stopping', () => {
  it('sends the row in hand, then releases the claimed rows it has not tried', async () => {
    await t.app.db.insert(schema.outbox).values(
      [1, 2, 3].map((n) => ({
        leadKind: ACCOUNT_MAIL_KIND,
        leadId: '00000000-0000-4000-8000-000000000000',
        purpose: 'password-reset',
        to: `person${n}@example.com`,
        subject: `Mail ${n}`,
        body: 'Hello',
      })),
    );
    const sent: string[] = [];
    let stopping = false;
    const run = await processOutbox(
      t.app.db,
      {
        mail: async (message) => {
          sent.push(message.to);
          stopping = true;
        },
      },
      () => stopping,
    );
    expect(run.sent).toBe(1);
    expect(sent).toHaveLength(1);
    const rows = await t.app.db.select().from(schema.outbox);
    const rest = rows.filter((row) => row.sentAt === null);
    expect(rest).toHaveLength(2);
    for (const row of rest) {
      expect(row.lockedUntil).toBeNull();
      expect(row.attempts).toBe(0);
    }
    // Another instance picks them up at once and sends each once.
    const later: string[] = [];
    await processOutbox(t.app.db, { mail: async (message) => void later.push(message.to) });
    expect([...sent, ...later].sort()).toEqual(['person1@example.com', 'person2@example.com', 'person3@example.com']);
  });
});
