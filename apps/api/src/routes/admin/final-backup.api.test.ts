// The move's last backup (issue 30 point 3): the site's writes go off on every instance (in the database, until
// lifted), lead posts, sign-ups and staff changes answer 503 with Retry-After while pages and reads answer, the
// outbox sends nothing, and the backup taken then holds the mail still pending.
import { MESSAGES } from '@agency/contract';
import { schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CONTACT } from '../../../test/lead-fixtures.ts';
import { readWritesOff } from '../../services/writes-off.ts';

let t: TestApp;
let admin: Record<string, string>;
let editorId: string;
beforeAll(async () => {
  t = await createTestApp();
  const all = await callers(t.app);
  admin = all.headers.admin;
  editorId = all.accounts.editor.id;
});
afterAll(() => t.close());

const contact = (app = t.app) => app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });

describe('the final backup of a move', () => {
  it('takes the writes off on every instance until lifted, and backs up the pending mail', async () => {
    const other = await t.secondInstance();
    expect((await contact()).statusCode).toBe(201);
    const pending = (await t.app.db.select().from(schema.outbox)).filter((row) => !row.sentAt).length;
    expect(pending).toBeGreaterThan(0);

    const final = await t.app.inject({ method: 'POST', url: '/api/admin/backups/final', headers: admin });
    expect(final.statusCode).toBe(202);
    expect(final.json().name).toMatch(/^agency-backup-/);
    expect(final.json().writesOff.since).toBeTruthy();

    for (const app of [t.app, other]) {
      const refused = await contact(app);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json().error).toBe(MESSAGES.http.writesOff);
    }
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'New person', email: 'new.person@example.com', password: 'a long and unusual passphrase 42' },
    });
    expect(signUp.statusCode).toBe(503);
    const staffChange = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${editorId}`,
      headers: admin,
      payload: { role: 'admin' },
    });
    expect(staffChange.statusCode).toBe(503);
    // Reads and pages answer.
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs' })).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: '/api/admin/backups/final', headers: admin })).json()).toEqual({
      writesOff: { since: final.json().writesOff.since, reason: 'final backup (admin)' },
    });

    // The backup is written and kept.
    const listedAt = Date.now();
    const names = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: admin }))
        .json()
        .items.map((item: { name: string }) => item.name) as string[];
    while (!(await names()).includes(final.json().name)) {
      expect(Date.now() - listedAt).toBeLessThan(30_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // A restart keeps it: a new instance on the same database refuses too.
    const restarted = await t.secondInstance();
    expect((await contact(restarted)).statusCode).toBe(503);

    const lifted = await t.app.inject({ method: 'DELETE', url: '/api/admin/backups/final', headers: admin });
    expect(lifted.statusCode).toBe(204);
    expect(await readWritesOff(t.app.db)).toBeNull();
    expect((await contact()).statusCode).toBe(201);
    const started = Date.now();
    while ((await contact(other)).statusCode !== 201) {
      expect(Date.now() - started).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('is ignored on another database that an archive carried it to', async () => {
    // The state names the database it was set in; a copy of the row (a restore elsewhere) names another one.
    await t.app.db.insert(schema.appSettings).values({
      key: 'writes_off',
      value: { since: new Date().toISOString(), reason: 'final backup (cli)', database: '1234/elsewhere' },
    });
    expect(await readWritesOff(t.app.db)).toBeNull();
    expect((await contact()).statusCode).toBe(201);
  });
});
