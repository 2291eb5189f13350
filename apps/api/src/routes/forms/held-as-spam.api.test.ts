// Issue 32 point 8, nothing held in silence: a lead posted by the page's own form without JavaScript is stored
// with `sentWithoutJavaScript` and the page it came from (its Referer, this site only); what was held as possible
// spam since the last digest is counted on the dashboard, in the navigation's inbox answer and in the digest; a
// lead moved out of spam notifies once, worded as released, with the time it arrived.
import { HONEYPOT_FIELD, type Inbox, type LeadDetail, SPAM_FOLDER_PATH } from '@agency/contract';
import { and, eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { CONTACT } from '../../../test/lead-fixtures.ts';

let t: TestApp;
let admin: { email: string; headers: { authorization: string } };

beforeAll(async () => {
  // The default spam check: a lead without a proof of work (as a browser without JavaScript sends it) is spam.
  t = await createTestApp({ LEADS_TO: 'leads@agency.test', SITE_URL: 'https://agency.test', SPAM_CHALLENGE: 'score' });
  const account = await createAccount(t.app, 'admin', 'Alice Admin');
  admin = { email: account.email, headers: { authorization: `Bearer ${account.accessToken}` } };
});
afterAll(() => t.close());

const run = Date.now().toString(36);
const form = (email: string) =>
  new URLSearchParams({
    name: CONTACT.name,
    phone: CONTACT.phone,
    subject: `Held ${run}`,
    email,
    message: CONTACT.message,
    [HONEYPOT_FIELD]: '',
  }).toString();
/** The contact form posted as a browser without JavaScript posts it, from `referer`. */
const nativePost = (email: string, referer?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/connect',
    payload: form(email),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(referer && { referer }) },
  });
const leadOf = async (email: string) => {
  const [row] = await t.app.db.select().from(schema.contacts).where(eq(schema.contacts.email, email));
  if (!row) throw new Error(`no lead from ${email}`);
  return row;
};

describe('a lead posted without JavaScript', () => {
  it('is stored with sentWithoutJavaScript and the page and campaign of a same-origin Referer', async () => {
    const email = `native-${run}@example.com`;
    const res = await nativePost(email, 'https://agency.test/connect?utm_source=news&utm_campaign=autumn');
    expect(res.statusCode).toBe(303);
    const row = await leadOf(email);
    expect(row).toMatchObject({
      status: 'spam',
      sentWithoutJavaScript: true,
      sourcePath: '/connect',
      utmSource: 'news',
      utmCampaign: 'autumn',
    });
    // The API's lead item and the inbox say so.
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/contacts/${row.id}`, headers: admin.headers });
    expect(detail.json<LeadDetail>()).toMatchObject({ sentWithoutJavaScript: true, sourcePath: '/connect' });
    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/admin/leads?status=spam&q=${encodeURIComponent(email)}`,
      headers: admin.headers,
    });
    expect(inbox.json<Inbox>().items).toMatchObject([{ id: row.id, sentWithoutJavaScript: true }]);
  });

  it("keeps no page of another site's Referer, and the JSON API's leads are not marked", async () => {
    const email = `foreign-${run}@example.com`;
    expect((await nativePost(email, 'https://elsewhere.example/connect?utm_campaign=x')).statusCode).toBe(303);
    expect(await leadOf(email)).toMatchObject({ sentWithoutJavaScript: true, sourcePath: null, utmCampaign: null });
    const none = `no-referer-${run}@example.com`;
    expect((await nativePost(none)).statusCode).toBe(303);
    expect(await leadOf(none)).toMatchObject({ sentWithoutJavaScript: true, sourcePath: null });

    const scripted = `scripted-${run}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, email: scripted } });
    expect(res.statusCode).toBe(201);
    expect(await leadOf(scripted)).toMatchObject({ sentWithoutJavaScript: false });
  });
});

describe('what was held as spam', () => {
  it('is counted since the last digest on the dashboard, in the inbox answer and in the digest, with the folder', async () => {
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.headers });
    const held = stats.json<{ heldAsSpam: { count: number; since: string; path: string } }>().heldAsSpam;
    // The three native posts above, and the scripted one without a proof of work.
    expect(held).toMatchObject({ count: 4, path: SPAM_FOLDER_PATH });
    const inbox = await t.app.inject({ method: 'GET', url: '/api/admin/leads', headers: admin.headers });
    expect(inbox.json<Inbox>().heldAsSpam.count).toBe(4);

    // The digest (09:00 in London) names them with the link, and from then on the count starts again.
    expect((await t.app.digest.run(new Date('2031-01-15T09:00:30Z'))).status).toBe('sent');
    const [digest] = await t.app.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.purpose, 'digest'), eq(schema.outbox.to, admin.email)));
    expect(digest?.body).toContain('Held as possible spam since the last digest: 4');
    expect(digest?.body).toContain(`https://agency.test${SPAM_FOLDER_PATH}`);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.headers });
    expect(after.json<{ heldAsSpam: { count: number } }>().heldAsSpam.count).toBe(0);
  });
});

describe('a lead moved out of spam', () => {
  it('notifies once, as released from spam, with the time it arrived', async () => {
    const email = `released-${run}@example.com`;
    expect((await nativePost(email, 'https://agency.test/connect')).statusCode).toBe(303);
    const row = await leadOf(email);
    const notifications = () =>
      t.app.db
        .select()
        .from(schema.outbox)
        .where(and(eq(schema.outbox.leadId, row.id), eq(schema.outbox.purpose, 'notification')));
    expect(await notifications()).toEqual([]);
    const move = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/contacts/${row.id}`,
        headers: admin.headers,
        payload: { status },
      });
    expect((await move('new')).statusCode).toBe(200);
    const [mail] = await notifications();
    expect(mail?.subject).toMatch(/^Released from spam: New contact message from /);
    const arrived = `${row.createdAt.toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;
    expect(mail?.body).toContain(`received on ${arrived} and held as possible spam; Alice Admin released it`);
    // Back to spam and out again: no second notification.
    expect((await move('spam')).statusCode).toBe(200);
    expect((await move('new')).statusCode).toBe(200);
    expect(await notifications()).toHaveLength(1);
  });
});
