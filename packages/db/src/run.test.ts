// Database.run on the embedded database: statements that arrive together share one call into the engine and
// one commit (group commit), each caller gets its own rows, and one failing statement costs no other its row.
// shapedStatement: the text is rendered once per shape, the values are each call's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database, schema, shapedStatement, sql } from './index.ts';

let database: Database;
let calls = 0;
beforeAll(async () => {
  database = createDb({ dataDir: 'memory://' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { execProtocolRaw: (...args: unknown[]) => unknown } }).$client;
  const execProtocolRaw = client.execProtocolRaw;
  client.execProtocolRaw = (...args) => (calls++, execProtocolRaw.apply(client, args));
}, 60_000);
afterAll(() => database.close());

const insertContact = (email: string) =>
  sql`insert into contacts (name, email, phone, subject, message) values ('Ada', ${email}, '', 'Hello', '') returning email`;

describe('Database.run (PGlite)', () => {
  it('sends statements that arrive together in one call and answers each with its own rows', async () => {
    calls = 0;
    const emails = Array.from({ length: 20 }, (_, i) => `group-${i}@example.com`);
    const answers = await Promise.all(emails.map((email) => database.run(insertContact(email))));
    expect(answers).toEqual(emails.map((email) => [{ email }]));
    expect(calls).toBe(1);
    const stored = await database.db.select({ email: schema.contacts.email }).from(schema.contacts);
    expect(stored.map((row) => row.email)).toEqual(expect.arrayContaining(emails));
  });

  it('a failing statement in a group fails alone: the others are stored', async () => {
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
});

describe('shapedStatement', () => {
  type Shape = { withSubject: boolean };
  type Values = { email: string; subject: string; createdAt: Date };
  let builds = 0;
  const statement = shapedStatement<Shape, Values>((shape, v) => {
    builds++;
    const subject = shape.withSubject ? sql`${v.subject}` : sql`'none'`;
    return sql`insert into contacts (name, email, phone, subject, message, created_at)
      values ('Ada', ${v.email}, '', ${subject}, '', ${sql.param(v.createdAt, schema.contacts.createdAt)})
      returning email, subject, created_at`;
  });

  it('renders each shape once and runs every call with its own values', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const rows = [];
    for (const [i, withSubject] of [true, true, false, true].entries()) {
      const values = { email: `shape-${i}@example.com`, subject: `Subject ${i}`, createdAt: at };
      rows.push(...(await database.run(statement.query({ withSubject }, values))));
    }
    expect(builds).toBe(2);
    expect(rows.map((row) => [row.email, row.subject])).toEqual([
      ['shape-0@example.com', 'Subject 0'],
      ['shape-1@example.com', 'Subject 1'],
      ['shape-2@example.com', 'none'],
      ['shape-3@example.com', 'Subject 3'],
    ]);
    // The column's encoder still applies to a value given with it.
    expect(new Date(String(rows[0]?.created_at)).toISOString()).toBe(at.toISOString());
  });

  it('gives the same statement as drizzle SQL with the values in it', async () => {
    const values = { email: 'inline@example.com', subject: 'Inline', createdAt: new Date() };
    expect(await database.run(statement.sql({ withSubject: true }, values))).toMatchObject([
      { email: 'inline@example.com', subject: 'Inline' },
    ]);
  });
});
