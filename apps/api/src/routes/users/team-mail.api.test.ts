// Issue 22: the mails that tell colleagues what concerns them: admins are told of an account waiting for approval, the person of the approval, a lead's new owner of
// the assignment (not when they take it themselves), once per bulk assignment.
import { and, eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CONTACT } from '../../../test/lead-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://agency.test' });
});
afterAll(() => t.close());

const mailsTo = (to: string, purpose: string) =>
  t.app.db
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.to, to), eq(schema.outbox.purpose, purpose)));

async function register(name: string, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: 'a-long-password-1' },
  });
  expect(res.statusCode).toBe(201);
}
async function login(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'a-long-password-1' },
  });
  return res.json<{ accessToken: string; user: { id: string } }>();
}

describe('team mails', () => {
  it('tells the admins of an account waiting for approval, and the person when approved', async () => {
    await register('Alice First', 'alice@agency.test');
    expect(await mailsTo('alice@agency.test', 'registration-pending')).toEqual([]);

    await register('Peter Pending', 'peter@agency.test');
    const [pending] = await mailsTo('alice@agency.test', 'registration-pending');
    expect(pending?.body).toContain('Peter Pending (peter@agency.test)');
    expect(pending?.body).toContain('https://agency.test/admin/team');

    const alice = await login('alice@agency.test');
    const peter = await login('peter@agency.test');
    const approve = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${peter.user.id}`,
      headers: { authorization: `Bearer ${alice.accessToken}` },
      payload: { role: 'admin' },
    });
    expect(approve.statusCode).toBe(200);
    const [approved] = await mailsTo('peter@agency.test', 'account-approved');
    expect(approved?.body).toContain('approved as admin');
  });

  it('mails a lead’s new owner when someone else assigns it, not when they take it themselves', async () => {
    const alice = await login('alice@agency.test');
    const peter = await login('peter@agency.test');
    const lead = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    const { id } = lead.json<{ id: string }>();
    const assign = (token: string, ownerId: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/contacts/${id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { ownerId },
      });
    expect((await assign(alice.accessToken, alice.user.id)).statusCode).toBe(200);
    expect(await mailsTo('alice@agency.test', 'lead-assigned')).toEqual([]);
    expect((await assign(alice.accessToken, peter.user.id)).statusCode).toBe(200);
    const [assigned] = await mailsTo('peter@agency.test', 'lead-assigned');
    expect(assigned?.subject).toBe('Alice First assigned you a lead');
    expect(assigned?.body).toContain(`https://agency.test/admin/leads/contacts/${id}`);
  });

  it('mails each new owner of a bulk assignment once, listing the leads; not when they assign themselves', async () => {
    const alice = await login('alice@agency.test');
    const peter = await login('peter@agency.test');
    const ids: string[] = [];
    for (const name of ['Bulk One', 'Bulk Two', 'Bulk Three']) {
      const lead = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, name } });
      ids.push(lead.json<{ id: string }>().id);
    }
    const bulk = (token: string, value: string, leadIds: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/contacts/bulk',
        headers: { authorization: `Bearer ${token}` },
        payload: { ids: leadIds, action: 'owner', value },
      });
    const before = (await mailsTo('peter@agency.test', 'lead-assigned')).length;
    const toPeter = await bulk(alice.accessToken, peter.user.id, ids);
    expect(toPeter.json()).toEqual({ updated: 3 });
    const mails = (await mailsTo('peter@agency.test', 'lead-assigned')).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Alice First assigned you 3 leads');
    for (const id of ids) expect(mails[0]?.body).toContain(`https://agency.test/admin/leads/contacts/${id}`);
    expect(mails[0]?.body).toContain('from Bulk Two');

    // Taking them back herself, Alice is not mailed.
    const aliceBefore = (await mailsTo('alice@agency.test', 'lead-assigned')).length;
    expect((await bulk(alice.accessToken, alice.user.id, ids)).json()).toEqual({ updated: 3 });
    expect(await mailsTo('alice@agency.test', 'lead-assigned')).toHaveLength(aliceBefore);

    // One lead given by bulk action gets the single assignment's mail.
    expect((await bulk(alice.accessToken, peter.user.id, [ids[0]!])).json()).toEqual({ updated: 1 });
    const single = (await mailsTo('peter@agency.test', 'lead-assigned')).slice(before + 1);
    expect(single.map((mail) => mail.subject)).toEqual(['Alice First assigned you a lead']);
    // Leads Peter already owns are not his news: no mail when nothing changed.
    expect((await bulk(alice.accessToken, peter.user.id, [ids[0]!])).json()).toEqual({ updated: 0 });
    expect(await mailsTo('peter@agency.test', 'lead-assigned')).toHaveLength(before + 2);
  });
});
