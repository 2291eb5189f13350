// Issue 22, the API side: one inbox, a person's page, replies and templates, follow-ups, deal values,
// bulk actions, the spam round trip and the resent notification.
import {
  BULK_MAX_IDS,
  type FollowUpListSchema,
  type Inbox,
  LEAD_DESK_MESSAGES,
  type LeadDetail,
  type LeadKind,
  type PersonView,
  REPLY_LIMITS,
} from '@agency/contract';
import { and, eq, schema } from '@agency/db';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { APPLICATION, CONTACT, MODAL_QUOTE, multipart, PDF } from '../../../test/lead-fixtures.ts';

let t: TestApp;
let admin: { id: string; email: string; headers: { authorization: string } };
let other: { id: string; headers: { authorization: string } };
let editorId: string;

beforeAll(async () => {
  t = await createTestApp({ LEADS_TO: 'leads@agency.test', SITE_URL: 'https://agency.test' });
  const a = await createAccount(t.app, 'admin', 'Alice Admin');
  const b = await createAccount(t.app, 'admin', 'Bob Admin');
  const editor = await createAccount(t.app, 'editor', 'Eddie Editor');
  admin = { id: a.id, email: a.email, headers: { authorization: `Bearer ${a.accessToken}` } };
  other = { id: b.id, headers: { authorization: `Bearer ${b.accessToken}` } };
  editorId = editor.id;
});
afterAll(() => t.close());

let counter = 0;
/** A lead from a fresh address (or `email`), so each test's person view is its own. */
async function newLead(kind: LeadKind, extra: Record<string, string> = {}): Promise<{ id: string; email: string }> {
  counter += 1;
  const email = extra.email ?? `visitor-${counter}-${Date.now()}@example.com`;
  let res;
  if (kind === 'quotes') {
    res = await t.app.inject({
      method: 'POST',
      url: '/api/request-quote',
      ...(await multipart({ ...MODAL_QUOTE, email, ...extra })),
    });
  } else if (kind === 'contacts') {
    res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, email, ...extra } });
  } else {
    const body = await multipart({ ...APPLICATION, email, ...extra }, [
      { field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: PDF },
    ]);
    res = await t.app.inject({ method: 'POST', url: '/api/jobs/apply', ...body });
  }
  expect(res.statusCode).toBe(201);
  return { id: res.json<{ id: string }>().id, email };
}

const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin.headers) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const detail = async (kind: LeadKind, id: string) => {
  const res = await get(`/api/admin/${kind}/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<LeadDetail>();
};
const notifications = async (kind: LeadKind, id: string) =>
  t.app.db
    .select()
    .from(schema.outbox)
    .where(
      and(eq(schema.outbox.leadKind, kind), eq(schema.outbox.leadId, id), eq(schema.outbox.purpose, 'notification')),
    );

describe('GET /api/admin/leads (one inbox)', () => {
  it('lists every kind together, newest first, each with its kind, and counts the new unassigned leads', async () => {
    const marker = `inbox-${Date.now()}`;
    const quote = await newLead('quotes', { description: `${marker} quote` });
    const contact = await newLead('contacts', { message: `${marker} contact` });
    const application = await newLead('applications', { info: `${marker} application` });
    const res = await get(`/api/admin/leads?q=${marker}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Inbox>();
    expect(body.items.map((item) => [item.kind, item.id])).toEqual([
      ['applications', application.id],
      ['contacts', contact.id],
      ['quotes', quote.id],
    ]);
    expect(body.total).toBe(3);
    expect(body.items[2]).toMatchObject({ name: 'Ada Lovelace', email: quote.email, status: 'new', owner: null });
    const before = body.newUnassigned;
    expect(before.total).toBe(before.quotes + before.contacts + before.applications);
    expect(before.contacts).toBeGreaterThanOrEqual(1);

    // Taking one lead lowers the badge by one.
    expect((await send('PATCH', `/api/admin/contacts/${contact.id}`, { ownerId: admin.id })).statusCode).toBe(200);
    const after = (await get(`/api/admin/leads?q=${marker}&kind=contacts&owner=me`)).json<Inbox>();
    expect(after.items.map((item) => item.id)).toEqual([contact.id]);
    expect(after.newUnassigned.contacts).toBe(before.contacts - 1);
  });

  it('filters by a status only some kinds have, and refuses a status no kind has or a bad kind', async () => {
    const application = await newLead('applications');
    expect((await send('PATCH', `/api/admin/applications/${application.id}`, { status: 'interview' })).statusCode).toBe(
      200,
    );
    const res = await get('/api/admin/leads?status=interview');
    expect(res.statusCode).toBe(200);
    const items = res.json<Inbox>().items;
    expect(items.map((item) => item.id)).toContain(application.id);
    expect(items.every((item) => item.kind === 'applications')).toBe(true);

    const bad = await get('/api/admin/leads?status=sleeping');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['status']);
    const wrongKind = await get('/api/admin/leads?kind=jobs');
    expect(wrongKind.statusCode).toBe(400);
    expect(Object.keys(wrongKind.json().fields)).toEqual(['kind']);
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/leads' })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/{kind}/{id}/reply', () => {
  it('queues a mail to the visitor with Reply-To the staff member, on the timeline and the person page', async () => {
    const lead = await newLead('contacts');
    const res = await send('POST', `/api/admin/contacts/${lead.id}/reply`, {
      subject: 'About your network',
      text: 'Hello Grace,\n\nWe can help.',
    });
    expect(res.statusCode).toBe(202);
    const { outboxId } = res.json<{ outboxId: string }>();
    const [row] = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.id, outboxId));
    expect(row).toMatchObject({
      purpose: 'reply',
      to: lead.email,
      subject: 'About your network',
      body: 'Hello Grace,\n\nWe can help.',
      replyTo: admin.email,
    });
    const timeline = (await detail('contacts', lead.id)).timeline;
    expect(timeline.at(-1)).toMatchObject({
      type: 'reply_queued',
      actor: { id: admin.id, name: 'Alice Admin' },
      data: { outboxId, to: lead.email, subject: 'About your network', text: 'Hello Grace,\n\nWe can help.' },
    });
    const person = (
      await get(`/api/admin/people?email=${encodeURIComponent(lead.email.toUpperCase())}`)
    ).json<PersonView>();
    expect(person.leads.map((item) => item.id)).toEqual([lead.id]);
    expect(person.replies).toEqual([
      expect.objectContaining({ outboxId, subject: 'About your network', state: 'queued', author: expect.anything() }),
    ]);
  });

  it('answers 409 for a lead in spam and for an erased lead, 404 for one that never was', async () => {
    const spam = await newLead('contacts');
    await send('PATCH', `/api/admin/contacts/${spam.id}`, { status: 'spam' });
    const toSpam = await send('POST', `/api/admin/contacts/${spam.id}/reply`, { subject: 'Hi', text: 'Hello' });
    expect(toSpam.statusCode).toBe(409);
    expect(toSpam.json().error).toBe(LEAD_DESK_MESSAGES.replyToSpam);

    const erased = await newLead('quotes');
    expect((await send('DELETE', `/api/admin/quotes/${erased.id}`)).statusCode).toBe(204);
    const toErased = await send('POST', `/api/admin/quotes/${erased.id}/reply`, { subject: 'Hi', text: 'Hello' });
    expect(toErased.statusCode).toBe(409);
    expect(toErased.json().error).toBe(LEAD_DESK_MESSAGES.replyToErased);

    const none = await send('POST', `/api/admin/quotes/${randomUUID()}/reply`, { subject: 'Hi', text: 'Hello' });
    expect(none.statusCode).toBe(404);
  });

  it('refuses a text over 20,000 characters, a subject that would break the headers, and empty fields', async () => {
    const lead = await newLead('contacts');
    const url = `/api/admin/contacts/${lead.id}/reply`;
    for (const [payload, field] of [
      [{ subject: 'Hi', text: 'x'.repeat(REPLY_LIMITS.text + 1) }, 'text'],
      [{ subject: 'Hi\r\nBcc: someone@evil.example', text: 'Hello' }, 'subject'],
      [{ subject: 'Hi\nthere', text: 'Hello' }, 'subject'],
      [{ subject: '', text: 'Hello' }, 'subject'],
      [{ subject: 'Hi', text: '   ' }, 'text'],
    ] as const) {
      const res = await send('POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const rows = await t.app.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.leadId, lead.id), eq(schema.outbox.purpose, 'reply')));
    expect(rows).toEqual([]);
  });
});

describe('GET/PUT /api/admin/reply-templates', () => {
  it('keeps the templates per kind in order, and refuses a bad one naming the field', async () => {
    expect((await get('/api/admin/reply-templates')).json()).toEqual({ templates: [] });
    const templates = [
      { kind: 'quotes', name: 'Thanks', subject: 'Your quote', text: 'Thank you, we will send a quote.' },
      { kind: 'contacts', name: 'Call back', subject: 'Your message', text: 'We will call you.' },
      { kind: 'quotes', name: 'More details', subject: 'A question', text: 'Could you tell us more?' },
    ];
    const put = await send('PUT', '/api/admin/reply-templates', { templates });
    expect(put.statusCode).toBe(200);
    const expected = [templates[0], templates[2], templates[1]];
    expect(put.json().templates).toEqual(expected);
    expect((await get('/api/admin/reply-templates')).json().templates).toEqual(expected);

    const bad = await send('PUT', '/api/admin/reply-templates', {
      templates: [{ kind: 'quotes', name: 'x', subject: 'a\r\nBcc: b@c.d', text: 'y' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ templates: LEAD_DESK_MESSAGES.replySubjectLineBreak });
    expect((await get('/api/admin/reply-templates')).json().templates).toEqual(expected);
  });
});

describe('follow-ups', () => {
  it('sets and clears a follow-up on the timeline; the due ones are listed for their owner', async () => {
    const lead = await newLead('quotes');
    const url = `/api/admin/quotes/${lead.id}`;
    const due = new Date(Date.now() - 60_000).toISOString();
    const set = await send('PATCH', url, { ownerId: admin.id, followUpAt: due, followUpNote: 'Call about the budget' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ followUpAt: due, followUpNote: 'Call about the budget' });

    type List = z.output<typeof FollowUpListSchema>;
    const mine = (await get('/api/admin/follow-ups?owner=me')).json<List>();
    expect(mine.items.find((item) => item.id === lead.id)).toMatchObject({
      kind: 'quotes',
      followUpAt: due,
      followUpNote: 'Call about the budget',
      overdue: true,
    });
    const bobs = (await get('/api/admin/follow-ups?owner=me', other.headers)).json<List>();
    expect(bobs.items.find((item) => item.id === lead.id)).toBeUndefined();
    // Next year is not due.
    const later = await newLead('contacts');
    await send('PATCH', `/api/admin/contacts/${later.id}`, {
      ownerId: admin.id,
      followUpAt: new Date(Date.now() + 366 * 86_400_000).toISOString(),
    });
    const again = (await get('/api/admin/follow-ups')).json<List>();
    expect(again.items.find((item) => item.id === later.id)).toBeUndefined();

    expect((await send('PATCH', url, { followUpAt: null })).json()).toMatchObject({
      followUpAt: null,
      followUpNote: null,
    });
    const events = (await detail('quotes', lead.id)).timeline.filter((event) => event.type.startsWith('follow_up'));
    expect(events).toEqual([
      expect.objectContaining({ type: 'follow_up_set', data: { at: due, note: 'Call about the budget' } }),
      expect.objectContaining({ type: 'follow_up_cleared', data: { at: due, note: 'Call about the budget' } }),
    ]);
  });

  it('refuses a date that is not ISO 8601 and a note over 500 characters', async () => {
    const lead = await newLead('contacts');
    const url = `/api/admin/contacts/${lead.id}`;
    for (const [payload, field] of [
      [{ followUpAt: 'tomorrow' }, 'followUpAt'],
      [{ followUpAt: '2030-01-01T09:00:00Z', followUpNote: 'x'.repeat(501) }, 'followUpNote'],
    ] as const) {
      const res = await send('PATCH', url, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect((await get('/api/admin/follow-ups?owner=someone')).statusCode).toBe(400);
  });
});

describe('deal value', () => {
  it('is set on a quote with its currency on the timeline, and refused on other kinds', async () => {
    const lead = await newLead('quotes', { region: 'uk', currency: 'GBP', budget: '£1,500 - £5,000' });
    const res = await send('PATCH', `/api/admin/quotes/${lead.id}`, { dealValue: 4200.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dealValue: 4200.5 });
    const event = (await detail('quotes', lead.id)).timeline.at(-1);
    expect(event).toMatchObject({ type: 'deal_value_changed', data: { from: null, to: 4200.5 } });
    const contact = await newLead('contacts');
    const refused = await send('PATCH', `/api/admin/contacts/${contact.id}`, { dealValue: 10 });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['dealValue']);
    const negative = await send('PATCH', `/api/admin/quotes/${lead.id}`, { dealValue: -1 });
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json().fields)).toEqual(['dealValue']);
  });
});

describe('POST /api/admin/{kind}/bulk', () => {
  it('changes the status of many leads in one go, each on its timeline and in the audit log', async () => {
    const a = await newLead('contacts');
    const b = await newLead('contacts');
    const res = await send('POST', '/api/admin/contacts/bulk', {
      ids: [a.id, b.id],
      action: 'status',
      value: 'qualified',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    for (const lead of [a, b]) {
      const item = await detail('contacts', lead.id);
      expect(item.status).toBe('qualified');
      expect(item.timeline.at(-1)).toMatchObject({
        type: 'status_changed',
        actor: { id: admin.id },
        data: { from: 'new', to: 'qualified', bulk: true },
      });
      const audit = await t.app.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.targetId, lead.id), eq(schema.auditLog.action, 'lead.status_changed')));
      expect(audit).toHaveLength(1);
    }
    const owners = await send('POST', '/api/admin/contacts/bulk', {
      ids: [a.id, b.id],
      action: 'owner',
      value: other.id,
    });
    expect(owners.json()).toEqual({ updated: 2 });
    expect((await detail('contacts', a.id)).owner).toEqual({ id: other.id, name: 'Bob Admin' });
  });

  it('refuses, applying nothing: unknown action or status, owner not staff, ids of another kind, > 500 ids', async () => {
    const contact = await newLead('contacts');
    const quote = await newLead('quotes');
    const ids = [contact.id];
    for (const [payload, field] of [
      [{ ids, action: 'archive' }, 'action'],
      [{ ids, action: 'status', value: 'sleeping' }, 'value'],
      [{ ids, action: 'status' }, 'value'],
      [{ ids, action: 'owner', value: editorId }, 'value'],
      [{ ids: [contact.id, quote.id], action: 'status', value: 'won' }, 'ids'],
      [{ ids: Array.from({ length: BULK_MAX_IDS + 1 }, () => randomUUID()), action: 'spam' }, 'ids'],
      [{ ids: [], action: 'spam' }, 'ids'],
      [{ ids: ['not-an-id'], action: 'spam' }, 'ids'],
    ] as const) {
      const res = await send('POST', '/api/admin/contacts/bulk', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(payload).slice(0, 80)).toEqual([field]);
    }
    expect((await detail('contacts', contact.id)).status).toBe('new');
  });

  it('deletes leads with their timeline and mail, and moves leads out of spam', async () => {
    const a = await newLead('contacts');
    const b = await newLead('contacts');
    expect((await send('POST', '/api/admin/contacts/bulk', { ids: [a.id], action: 'spam' })).json()).toEqual({
      updated: 1,
    });
    expect((await detail('contacts', a.id)).status).toBe('spam');
    // not_spam moves only the lead that is in spam.
    const back = await send('POST', '/api/admin/contacts/bulk', { ids: [a.id, b.id], action: 'not_spam' });
    expect(back.json()).toEqual({ updated: 1 });
    expect((await detail('contacts', a.id)).status).toBe('new');

    expect((await send('POST', '/api/admin/contacts/bulk', { ids: [a.id, b.id], action: 'delete' })).json()).toEqual({
      updated: 2,
    });
    expect((await get(`/api/admin/contacts/${a.id}`)).statusCode).toBe(404);
    expect(await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, b.id))).toEqual([]);
  });
});

describe('the agency notification', () => {
  it('moved to spam after it was queued and back again, is not queued a second time', async () => {
    const lead = await newLead('contacts');
    expect(await notifications('contacts', lead.id)).toHaveLength(1);
    await send('PATCH', `/api/admin/contacts/${lead.id}`, { status: 'spam' });
    await send('PATCH', `/api/admin/contacts/${lead.id}`, { status: 'new' });
    expect(await notifications('contacts', lead.id)).toHaveLength(1);
  });

  it('of a lead that started in spam goes out once when it is moved out, however often it goes back', async () => {
    const lead = await newLead('contacts', { hp_website: 'http://bot.example' });
    expect((await detail('contacts', lead.id)).status).toBe('spam');
    expect(await notifications('contacts', lead.id)).toHaveLength(0);
    await send('PATCH', `/api/admin/contacts/${lead.id}`, { status: 'new' });
    await send('PATCH', `/api/admin/contacts/${lead.id}`, { status: 'spam' });
    await send('PATCH', `/api/admin/contacts/${lead.id}`, { status: 'contacted' });
    expect(await notifications('contacts', lead.id)).toHaveLength(1);
  });

  it('carries Reply-To the visitor, the page and campaign it came from and the region in words', async () => {
    const lead = await newLead('quotes', {
      region: 'uk',
      currency: 'GBP',
      sourcePath: '/quote-uk',
      utmCampaign: 'spring-offer',
      utmSource: 'newsletter',
      utmMedium: 'email',
    });
    const [mail] = await notifications('quotes', lead.id);
    expect(mail?.replyTo).toBe(lead.email);
    expect(mail?.body).toContain('Region: United Kingdom');
    expect(mail?.body).toContain('Sent from the page: https://agency.test/quote-uk');
    expect(mail?.body).toContain('Campaign: spring-offer (newsletter / email)');
  });

  it('sent again says it is a resend, with the status and owner now', async () => {
    const lead = await newLead('contacts');
    await send('PATCH', `/api/admin/contacts/${lead.id}`, { status: 'qualified', ownerId: other.id });
    expect((await send('POST', `/api/admin/contacts/${lead.id}/resend`)).statusCode).toBe(202);
    const mails = await notifications('contacts', lead.id);
    const resent = mails.find((mail) => mail.subject.startsWith('Resent: '));
    expect(resent?.body).toContain('sent again');
    expect(resent?.body).toContain('Status now: Qualified. Owner: Bob Admin.');
    expect(resent?.replyTo).toBe(lead.email);
  });
});
