// Database.run on the embedded database: each statement commits on its own and gets its own rows, through
// PGlite's public query API; one failing statement costs no other its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database, schema, sql } from './index.ts';

let database: Database;
beforeAll(async () => {
  database = createDb({ dataDir: 'memory://' });
  await database.migrate();
}, 60_000);
afterAll(() => database.close());

const insertContact = (email: string) =>
  sql`insert into contacts (name, email, phone, subject, message) values ('Ada', ${email}, '', 'Hello', '') returning email`;

describe('Database.run (PGlite)', () => {
  it('answers statements sent together each with its own rows', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `group-${i}@example.com`);
    const answers = await Promise.all(emails.map((email) => database.run(insertContact(email))));
    expect(answers).toEqual(emails.map((email) => [{ email }]));
    const stored = await database.db.select({ email: schema.contacts.email }).from(schema.contacts);
    expect(stored.map((row) => row.email)).toEqual(expect.arrayContaining(emails));
  });

  it('a failing statement among others fails alone: the others are stored', async () => {
    const good = ['before@example.com', 'after@example.com'];
    const [before, bad, after] = await Promise.allSettled([
      database.run(insertContact(good[0] as string)),
      database.run(sql`insert into contacts (id, name, email, phone, subject, message)
        values ('not-a-uuid', 'Bad', 'bad@example.com', '', '', '')`),
      database.run(insertContact(good[1] as string)),
    ]);
    expect(before).toEqual({ status: 'fulfilled', value: [{ email: good[0] }] });
    expect(after).toEqual({ status: 'fulfilled', value: [{ email: good[1] }] });
    expect(bad.status).toBe('rejected');
    expect(String((bad as PromiseRejectedResult).reason.cause ?? bad)).toMatch(/uuid/);
    const stored = await database.db.select({ email: schema.contacts.email }).from(schema.contacts);
    expect(stored.map((row) => row.email)).toEqual(expect.arrayContaining(good));
    expect(stored.map((row) => row.email)).not.toContain('bad@example.com');
  });

  it('a statement whose text does not parse is refused, and the next one runs', async () => {
    await expect(database.run(sql`selec 1`)).rejects.toThrow();
    expect(await database.run(sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });

  it('gives each value its own statement: nothing of one call sticks to the next', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const insert = (email: string, subject: string) =>
      database.run(sql`insert into contacts (name, email, phone, subject, message, created_at)
        values ('Ada', ${email}, '', ${subject}, '', ${sql.param(at, schema.contacts.createdAt)})
        returning email, subject, created_at`);
    const rows = [...(await insert('one@example.com', 'First')), ...(await insert('two@example.com', 'Second'))];
    expect(rows.map((row) => [row.email, row.subject])).toEqual([
      ['one@example.com', 'First'],
      ['two@example.com', 'Second'],
    ]);
    // The column's encoder applies to a value given with it.
    expect(new Date(String(rows[0]?.created_at)).toISOString()).toBe(at.toISOString());
  });
});
