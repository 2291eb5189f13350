// A staff change of a lead reads the site's published details (the signature of the new owner's mail) only when
// that mail goes out: a status change, a lead taken by the one changing it, or a bulk status change reads nothing.
import { and, eq, schema } from '@agency/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createAccount } from '../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { CONTACT } from '../../test/lead-fixtures.ts';

let t: TestApp;
let admin: { id: string; headers: { authorization: string } };
let otherAdminId: string;
let siteReads: MockInstance;

beforeAll(async () => {
  t = await createTestApp({ LEADS_TO: 'leads@agency.test' });
  const a = await createAccount(t.app, 'admin', 'Alice Admin');
  // The one given the leads never signs in: written directly, which spares the test a password hash.
  const [other] = await t.app.db
    .insert(schema.users)
    .values({ name: 'Bob Admin', email: 'bob-admin@example.com', passwordHash: 'never used', role: 'admin' })
    .returning({ id: schema.users.id });
  otherAdminId = other?.id ?? '';
  admin = { id: a.id, headers: { authorization: `Bearer ${a.accessToken}` } };
});
afterAll(() => t.close());
afterEach(() => siteReads.mockRestore());

async function newContact(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

/** Counts the reads of the published documents from now on (the site's details come from nowhere else). */
const countSiteReads = () => (siteReads = vi.spyOn(t.app.siteContent, 'current'));

const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/contacts/${id}`, headers: admin.headers, payload });
const bulk = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/contacts/bulk', headers: admin.headers, payload });

/** The `lead-assigned` mails queued for an account. */
const assignedMails = async (userId: string) =>
  (
    await t.app.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.leadId, userId), eq(schema.outbox.purpose, 'lead-assigned')))
  ).length;

describe('lead edits read the site only when a mail goes out', () => {
  it('PATCH: a status change or a lead taken by oneself reads nothing; a lead given to another reads it once', async () => {
    const id = await newContact();
    countSiteReads();
    expect((await patch(id, { status: 'qualified' })).statusCode).toBe(200);
    expect((await patch(id, { ownerId: admin.id })).statusCode).toBe(200);
    expect(siteReads).not.toHaveBeenCalled();

    const mailsBefore = await assignedMails(otherAdminId);
    expect((await patch(id, { ownerId: otherAdminId })).statusCode).toBe(200);
    expect(siteReads).toHaveBeenCalledTimes(1);
    expect(await assignedMails(otherAdminId)).toBe(mailsBefore + 1);
  });

  it('bulk: a status change reads nothing; leads given to another read it once', async () => {
    const ids = [await newContact(), await newContact()];
    countSiteReads();
    expect((await bulk({ ids, action: 'status', value: 'qualified' })).statusCode).toBe(200);
    expect(siteReads).not.toHaveBeenCalled();

    const mailsBefore = await assignedMails(otherAdminId);
    expect((await bulk({ ids, action: 'owner', value: otherAdminId })).statusCode).toBe(200);
    expect(siteReads).toHaveBeenCalledTimes(1);
    expect(await assignedMails(otherAdminId)).toBe(mailsBefore + 1);
  });
});
