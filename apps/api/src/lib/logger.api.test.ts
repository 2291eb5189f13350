// What reaches the log when things go wrong: never the SQL parameters, form values, hashes or tokens.
import { Writable } from 'node:stream';
import { sql } from '@agency/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT } from '../../test/lead-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** A log destination that keeps every line. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { stream, text: () => lines.join('\n'), lines };
}

let t: TestApp;
let log: ReturnType<typeof logCapture>;
beforeAll(async () => {
  log = logCapture();
  t = await createTestApp({}, { logStream: log.stream });
});
afterAll(() => t.close());
beforeEach(() => {
  log.lines.length = 0;
});

describe('the log', () => {
  it('keeps a failed statement and its database error, but not its parameters', async () => {
    const secret = 'secret-parameter-7f3a';
    const error = await t.app.db.execute(sql`select ${secret}::int`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    // The driver's own message quotes the value; so does drizzle's.
    expect(String((error as Error).message)).toContain(secret);
    t.app.log.error({ err: error }, 'query failed');
    const text = log.text();
    expect(text).toContain('query failed');
    expect(text).toContain('Failed query: select $1::int');
    expect(text).toContain('invalid input syntax for type integer');
    expect(text).not.toContain(secret);
  });

  it('never holds a password hash or a token logged by mistake', async () => {
    t.app.log.warn(
      { user: { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc', refreshToken: 'rt-secret' }, body: { a: 1 } },
      'oops',
    );
    const text = log.text();
    expect(text).toContain('oops');
    expect(text).not.toContain('$argon2id');
    expect(text).not.toContain('rt-secret');
  });

  it('stays small and holds no trace of a 900 KB email sent to the login', async () => {
    const email = `${'a'.repeat(900 * 1024)}@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'x' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(log.text()).not.toContain('a'.repeat(100));
    expect(log.text().length).toBeLessThan(10_000);
    const rows = await t.app.db.execute(sql`select max(length(key)) as longest, count(*) as n from login_failures`);
    const [{ longest }] = (rows as unknown as { rows: { longest: number | null }[] }).rows as [
      { longest: number | null },
    ];
    expect(Number(longest ?? 0)).toBeLessThan(100);
  });
  it("never holds a visitor's address, whatever the request", async () => {
    const address = '198.51.100.23';
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT, remoteAddress: address });
    expect(res.statusCode).toBe(201);
    await t.app.inject({ method: 'GET', url: '/api/no-such-route', remoteAddress: address });
    const text = log.text();
    // The request lines are there (method, path, status), the address is not.
    expect(text).toContain('"url":"/api/contact"');
    expect(text).not.toContain(address);
  });

  // Last: it drops a table.
  it('holds no form value when storing a lead fails', async () => {
    // A statement that fails with the whole form as its parameters.
    await t.app.db.execute(sql`drop table contacts`);
    const message = 'Please call me, my password is hunter2-secret';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact?ref=query-secret',
      payload: { ...CONTACT, message },
      headers: { authorization: 'Bearer token-secret' },
    });
    expect(res.statusCode).toBe(503);
    const text = log.text();
    expect(text).toContain('lead could not be stored');
    // The lead is one call of store_leads (services/lead-intake.ts): the line names the database's error and its
    // code, and the call's parameter (the whole form, as JSON) stays out.
    expect(text).toContain('the lead could not be stored (42P01)');
    expect(text).toContain('relation \\"contacts\\" does not exist');
    for (const value of ['hunter2-secret', CONTACT.email, CONTACT.name, CONTACT.phone, 'query-secret', 'token-secret'])
      expect(text).not.toContain(value);
  });
});
