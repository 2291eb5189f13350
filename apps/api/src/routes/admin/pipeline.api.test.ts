// Leads worked to the end: statuses, owners, notes, the timeline, resend, the spam folder and the dashboard.
import {
  LEAD_KINDS,
  LEAD_PIPELINES,
  type LeadDetail,
  type LeadEvent,
  type LeadKind,
  leadStatuses,
  NOTE_MAX_LENGTH,
  PIPELINE_MESSAGES,
  type Stats,
} from '@agency/contract';
import { and, eq, schema, sql } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { APPLICATION, CONTACT, MODAL_QUOTE, multipart, PDF } from '../../../test/lead-fixtures.ts';

let t: TestApp;
let admin: { id: string; headers: { authorization: string } };
let otherAdmin: { id: string; headers: { authorization: string } };
let editorId: string;

const SOURCE = {
  sourcePath: '/services/network-design',
  referrer: 'https://www.google.com/search?q=secret+words',
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'spring-offer',
};

beforeAll(async () => {
  t = await createTestApp({ LEADS_TO: 'leads@agency.test', SITE_URL: 'https://agency.test' });
  const a = await createAccount(t.app, 'admin', 'Alice Admin');
  const b = await createAccount(t.app, 'admin', 'Bob Admin');
  const editor = await createAccount(t.app, 'editor', 'Eddie Editor');
  admin = { id: a.id, headers: { authorization: `Bearer ${a.accessToken}` } };
  otherAdmin = { id: b.id, headers: { authorization: `Bearer ${b.accessToken}` } };
  editorId = editor.id;
});
afterAll(() => t.close());

async function newLead(kind: LeadKind, extra: Record<string, string> = {}): Promise<string> {
  let res;
  if (kind === 'quotes') {
    res = await t.app.inject({
      method: 'POST',
      url: '/api/request-quote',
      ...(await multipart({ ...MODAL_QUOTE, ...extra })),
    });
  } else if (kind === 'contacts') {
    res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, ...extra } });
  } else {
    const body = await multipart({ ...APPLICATION, ...extra }, [
      { field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: PDF },
    ]);
    res = await t.app.inject({ method: 'POST', url: '/api/jobs/apply', ...body });
  }
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });
const patch = (kind: LeadKind, id: string, payload: unknown, headers = admin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/${kind}/${id}`, headers, payload: payload as object });
const detail = async (kind: LeadKind, id: string) => {
  const res = await get(`/api/admin/${kind}/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<LeadDetail>();
};
const types = (timeline: LeadEvent[]) => timeline.map((event) => event.type);

describe('a new lead', () => {
  it('is new, unowned, carries its source, and its timeline starts with received and the queued mails', async () => {
    const id = await newLead('contacts', SOURCE);
    const lead = await detail('contacts', id);
    expect(lead).toMatchObject({
      id,
      status: 'new',
      handled: false,
      spam: false,
      owner: null,
      sourcePath: '/services/network-design',
      // Only the origin of the referrer is kept, never its path or query.
      referrer: 'https://www.google.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring-offer',
    });
    expect(lead.lastActivityAt).toBe(lead.createdAt);
    expect(types(lead.timeline)).toEqual(['received', 'mail_queued', 'mail_queued']);
    expect(lead.timeline[0]).toMatchObject({
      actor: null,
      data: { sourcePath: '/services/network-design', referrer: 'https://www.google.com', utmCampaign: 'spring-offer' },
    });
    const purposes = lead.timeline.slice(1).map((event) => event.data.purpose);
    expect(purposes.sort()).toEqual(['confirmation', 'notification']);
    expect(lead.notifications.map((n) => [n.kind, n.state, n.attempts, n.lastError]).sort()).toEqual([
      ['confirmation', 'queued', 0, null],
      ['notification', 'queued', 0, null],
    ]);
  });

  it('refuses a bad source field with 400 naming it', async () => {
    for (const [field, value] of [
      ['referrer', 'not a url'],
      ['sourcePath', 'no-leading-slash'],
      ['utmCampaign', 'x'.repeat(201)],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, [field]: value } });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
  });
});

describe('PATCH status', () => {
  it.each(LEAD_KINDS)(
    'moves a %s lead through every status of its pipeline, each recorded with who and when',
    async (kind) => {
      const id = await newLead(kind);
      let previous = 'new';
      for (const status of [...LEAD_PIPELINES[kind].slice(1), 'spam', 'new']) {
        const res = await patch(kind, id, { status });
        expect(res.statusCode, status).toBe(200);
        expect(res.json()).toMatchObject({ id, status, handled: status !== 'new', spam: status === 'spam' });
        const changed = (await detail(kind, id)).timeline.filter((event) => event.type === 'status_changed').at(-1);
        expect(changed).toMatchObject({
          actor: { id: admin.id, name: 'Alice Admin' },
          data: { from: previous, to: status },
        });
        previous = status;
      }
      // The same status again changes nothing and records nothing.
      const before = (await detail(kind, id)).timeline.length;
      expect((await patch(kind, id, { status: 'new' })).statusCode).toBe(200);
      expect((await detail(kind, id)).timeline.length).toBe(before);
    },
  );

  it('refuses a status of another kind or an unknown one with 400 naming status', async () => {
    const id = await newLead('applications');
    for (const status of ['contacted', 'won', 'archived', '']) {
      const res = await patch('applications', id, { status });
      expect(res.statusCode, status).toBe(400);
      expect(res.json()).toEqual({
        error: PIPELINE_MESSAGES.unknownStatus('applications'),
        fields: { status: PIPELINE_MESSAGES.unknownStatus('applications') },
      });
    }
    expect((await patch('applications', id, {})).json().fields).toHaveProperty('status');
    expect((await patch('applications', id, { status: 7 })).statusCode).toBe(400);
    expect((await detail('applications', id)).status).toBe('new');
  });

  it('keeps handled: true moves a new lead to the second step, false back to new', async () => {
    const quote = await newLead('quotes');
    expect((await patch('quotes', quote, { handled: true })).json()).toMatchObject({
      status: 'contacted',
      handled: true,
    });
    await patch('quotes', quote, { status: 'won' });
    // Already handled: stays where it is.
    expect((await patch('quotes', quote, { handled: true })).json()).toMatchObject({ status: 'won' });
    expect((await patch('quotes', quote, { handled: false })).json()).toMatchObject({ status: 'new', handled: false });
    const application = await newLead('applications');
    expect((await patch('applications', application, { handled: true })).json().status).toBe('reviewing');
  });

  it('answers 404 for an unknown lead', async () => {
    const res = await patch('quotes', '00000000-0000-4000-8000-000000000000', { status: 'won' });
    expect(res.statusCode).toBe(404);
  });
});

describe('owner', () => {
  it('assigns an admin, reassigns and unassigns, each in the timeline; the list filters by owner', async () => {
    const id = await newLead('contacts', { subject: 'Owner test' });
    const assigned = await patch('contacts', id, { ownerId: admin.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().owner).toEqual({ id: admin.id, name: 'Alice Admin' });

    const mine = (await get('/api/admin/contacts?owner=me')).json();
    expect(mine.items.map((item: { id: string }) => item.id)).toContain(id);
    const bobs = (await get('/api/admin/contacts?owner=me', otherAdmin.headers)).json();
    expect(bobs.items.map((item: { id: string }) => item.id)).not.toContain(id);
    const byId = (await get(`/api/admin/contacts?owner=${admin.id}`)).json();
    expect(byId.items.every((item: { owner: { id: string } }) => item.owner.id === admin.id)).toBe(true);
    const none = (await get('/api/admin/contacts?owner=none')).json();
    expect(none.items.map((item: { id: string }) => item.id)).not.toContain(id);

    await patch('contacts', id, { ownerId: otherAdmin.id }, otherAdmin.headers);
    await patch('contacts', id, { ownerId: null });
    const lead = await detail('contacts', id);
    expect(lead.owner).toBeNull();
    const changes = lead.timeline.filter((event) => event.type === 'owner_changed');
    expect(changes.map((event) => [event.actor?.name, event.data])).toEqual([
      ['Alice Admin', { from: null, to: { id: admin.id, name: 'Alice Admin' } }],
      ['Bob Admin', { from: { id: admin.id, name: 'Alice Admin' }, to: { id: otherAdmin.id, name: 'Bob Admin' } }],
      ['Alice Admin', { from: { id: otherAdmin.id, name: 'Bob Admin' }, to: null }],
    ]);
    expect(new Date(lead.lastActivityAt).getTime()).toBeGreaterThan(new Date(lead.createdAt).getTime());
  });

  it('refuses an owner who is not an admin, or no account at all, with 400 naming ownerId', async () => {
    const id = await newLead('contacts');
    for (const ownerId of [editorId, '00000000-0000-4000-8000-000000000000']) {
      const res = await patch('contacts', id, { ownerId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: PIPELINE_MESSAGES.ownerNotAdmin,
        fields: { ownerId: PIPELINE_MESSAGES.ownerNotAdmin },
      });
    }
    const malformed = await patch('contacts', id, { ownerId: 'bob' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toHaveProperty('ownerId');
    const badFilter = await get('/api/admin/contacts?owner=bob');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().fields).toHaveProperty('owner');
  });
});

describe('list filters', () => {
  it('hides spam by default, shows it with status=spam, takes a comma list and refuses unknown statuses', async () => {
    const spam = await newLead('quotes', { hp_website: 'http://bot.example' });
    const won = await newLead('quotes');
    await patch('quotes', won, { status: 'won' });
    const ids = async (query: string) =>
      (await get(`/api/admin/quotes${query}`)).json().items.map((item: { id: string }) => item.id);
    expect(await ids('')).not.toContain(spam);
    expect(await ids('')).toContain(won);
    expect(await ids('?status=spam')).toEqual(expect.arrayContaining([spam]));
    expect(await ids('?status=spam')).not.toContain(won);
    const both = await ids('?status=won,spam');
    expect(both).toEqual(expect.arrayContaining([spam, won]));
    const bad = await get('/api/admin/quotes?status=won,reviewing');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ status: PIPELINE_MESSAGES.unknownStatus('quotes') });
  });
});

describe('notes', () => {
  it('adds a note (201) that the timeline shows with its author; refuses empty and over-long notes', async () => {
    const id = await newLead('quotes');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${id}/notes`,
      headers: admin.headers,
      payload: { text: '  Called back, wants a call on Monday.  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'note_added',
      actor: { id: admin.id, name: 'Alice Admin' },
      data: { text: 'Called back, wants a call on Monday.' },
    });
    const lead = await detail('quotes', id);
    expect(lead.timeline.at(-1)).toEqual(res.json());
    expect(lead.lastActivityAt).toBe(res.json().at);

    for (const text of ['', '   ', 'x'.repeat(NOTE_MAX_LENGTH + 1), undefined]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/admin/quotes/${id}/notes`,
        headers: admin.headers,
        payload: text === undefined ? {} : { text },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(['text']);
    }
    const exactly = await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${id}/notes`,
      headers: admin.headers,
      payload: { text: 'x'.repeat(NOTE_MAX_LENGTH) },
    });
    expect(exactly.statusCode).toBe(201);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/quotes/00000000-0000-4000-8000-000000000000/notes',
      headers: admin.headers,
      payload: { text: 'hello' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('downloads and exports', () => {
  it('records file_downloaded and exported with who did it; the CSV carries status, owner and source', async () => {
    const id = await newLead('applications', SOURCE);
    await patch('applications', id, { ownerId: admin.id, status: 'interview' });
    expect((await get(`/api/admin/applications/${id}/file`)).statusCode).toBe(200);
    const csv = await get('/api/admin/applications/export.csv');
    expect(csv.statusCode).toBe(200);
    const text = csv.body;
    expect(text.split('\r\n')[0]).toContain('Source page,Referrer,UTM source,UTM medium,UTM campaign');
    const line = text.split('\r\n').find((row) => row.startsWith(id));
    expect(line).toContain(',interview,Alice Admin,');
    expect(line).toContain('/services/network-design,https://www.google.com,newsletter,email,spring-offer');

    const lead = await detail('applications', id);
    const downloaded = lead.timeline.find((event) => event.type === 'file_downloaded');
    expect(downloaded).toMatchObject({ actor: { id: admin.id }, data: { fileName: 'cv.pdf' } });
    expect(lead.timeline.find((event) => event.type === 'exported')).toMatchObject({ actor: { id: admin.id } });
  });
});

describe('resend and the spam folder', () => {
  it('resend queues the agency notification again (202) and the timeline says who asked', async () => {
    const id = await newLead('contacts');
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/contacts/${id}/resend`, headers: admin.headers });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 1 });
    const lead = await detail('contacts', id);
    expect(lead.notifications.filter((n) => n.kind === 'notification')).toHaveLength(2);
    expect(lead.timeline.at(-1)).toMatchObject({
      type: 'mail_queued',
      actor: { id: admin.id },
      data: { purpose: 'notification', to: 'leads@agency.test' },
    });
  });

  it('moving a lead out of spam queues the notification, not a late confirmation', async () => {
    const id = await newLead('quotes', { hp_website: 'bot' });
    let lead = await detail('quotes', id);
    expect(lead.status).toBe('spam');
    expect(lead.timeline[0]).toMatchObject({ type: 'received', data: { spamReason: 'honeypot' } });
    expect(lead.notifications).toEqual([]);

    expect((await patch('quotes', id, { status: 'new' })).statusCode).toBe(200);
    lead = await detail('quotes', id);
    expect(lead.notifications.map((n) => n.kind)).toEqual(['notification']);
    expect(types(lead.timeline)).toEqual(['received', 'status_changed', 'mail_queued']);
    expect(lead.timeline[2]?.actor?.id).toBe(admin.id);

    // Into spam and out again: the notification already went out, so it is not sent twice (issue 22), and
    // still no confirmation.
    await patch('quotes', id, { status: 'spam' });
    await patch('quotes', id, { status: 'qualified' });
    lead = await detail('quotes', id);
    expect(lead.notifications.map((n) => n.kind)).toEqual(['notification']);
  });

  it('answers 409 when no agency inbox is configured', async () => {
    const bare = await createTestApp({});
    try {
      const account = await createAccount(bare.app, 'admin');
      const sent = await bare.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
      const res = await bare.app.inject({
        method: 'POST',
        url: `/api/admin/contacts/${sent.json().id}/resend`,
        headers: { authorization: `Bearer ${account.accessToken}` },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: PIPELINE_MESSAGES.noInbox });
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/admin/stats', () => {
  it('counts new leads by week, kind and region, statuses, sources, response time and failing notifications', async () => {
    const fresh = await createTestApp({ LEADS_TO: 'leads@agency.test' });
    try {
      const account = await createAccount(fresh.app, 'admin', 'Stats Admin');
      const headers = { authorization: `Bearer ${account.accessToken}` };
      const post = async (url: string, payload: Record<string, string>) => {
        const res = await fresh.app.inject({ method: 'POST', url, ...(await multipart(payload)) });
        expect(res.statusCode).toBe(201);
        return res.json<{ id: string }>().id;
      };
      const uk = await post('/api/request-quote', {
        fullName: 'UK Lead',
        email: 'uk@example.com',
        phone: '1',
        companyName: 'UK Ltd',
        region: 'uk',
        ...SOURCE,
      });
      await post('/api/request-quote', { ...MODAL_QUOTE, ...SOURCE });
      await post('/api/contact', { ...CONTACT, sourcePath: '/connect' } as unknown as Record<string, string>);
      await post('/api/contact', { ...CONTACT, hp_website: 'bot' } as unknown as Record<string, string>);
      // One lead from ten days ago: last week.
      const old = await post('/api/contact', { ...CONTACT } as unknown as Record<string, string>);
      await fresh.app.db
        .update(schema.contacts)
        .set({ createdAt: sql`now() - interval '10 days'` })
        .where(eq(schema.contacts.id, old));

      // First response 2 hours after it arrived.
      await fresh.app.inject({
        method: 'PATCH',
        url: `/api/admin/quotes/${uk}`,
        headers,
        payload: { status: 'contacted' },
      });
      await fresh.app.db
        .update(schema.leadEvents)
        .set({ createdAt: sql`created_at - interval '2 hours'` })
        .where(and(eq(schema.leadEvents.leadId, uk), eq(schema.leadEvents.type, 'received')));

      // One notification failed five times.
      await fresh.app.db
        .update(schema.outbox)
        .set({ attempts: 5, lastError: '550 mailbox unavailable' })
        .where(and(eq(schema.outbox.leadId, uk), eq(schema.outbox.purpose, 'notification')));

      const res = await fresh.app.inject({ method: 'GET', url: '/api/admin/stats', headers });
      expect(res.statusCode).toBe(200);
      const stats = res.json<Stats>();
      expect(stats.newLeads.thisWeek).toEqual({
        total: 3,
        byKind: { quotes: 2, contacts: 1, applications: 0 },
        byRegion: { uk: 1, nepal: 0, none: 2 },
      });
      expect(stats.newLeads.lastWeek).toEqual({
        total: 1,
        byKind: { quotes: 0, contacts: 1, applications: 0 },
        byRegion: { uk: 0, nepal: 0, none: 1 },
      });
      expect(stats.byStatus.quotes).toEqual(
        Object.fromEntries(leadStatuses('quotes').map((s) => [s, s === 'new' || s === 'contacted' ? 1 : 0])),
      );
      expect(stats.byStatus.contacts).toMatchObject({ new: 2, spam: 1 });
      expect(stats.medianFirstResponseSeconds).toBeGreaterThanOrEqual(7200);
      expect(stats.medianFirstResponseSeconds).toBeLessThan(7260);
      expect(stats.topSourcePaths).toEqual([
        { path: '/services/network-design', count: 2 },
        { path: '/connect', count: 1 },
      ]);
      expect(stats.topCampaigns).toEqual([
        { campaign: 'spring-offer', source: 'newsletter', medium: 'email', count: 2 },
      ]);
      expect(stats.failingNotifications).toHaveLength(1);
      expect(stats.failingNotifications[0]).toMatchObject({
        leadKind: 'quotes',
        leadId: uk,
        kind: 'notification',
        state: 'failing',
        attempts: 5,
        lastError: '550 mailbox unavailable',
        adminPath: `/admin/leads/quotes/${uk}`,
      });
      // 4 notifications and 3 confirmations (two contacts share an address, which is confirmed once a day);
      // no SMTP, so all pending.
      expect(stats.outbox).toMatchObject({ pending: 7, failing: 1, lastError: '550 mailbox unavailable' });
      expect(stats.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(0);

      // Waiting for more than an hour counts as failing too.
      await fresh.app.db.update(schema.outbox).set({ createdAt: sql`now() - interval '61 minutes'` });
      const later = (await fresh.app.inject({ method: 'GET', url: '/api/admin/stats', headers })).json<Stats>();
      expect(later.outbox.failing).toBe(7);
      expect(later.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(3660);

      const editor = await createAccount(fresh.app, 'editor');
      const denied = await fresh.app.inject({
        method: 'GET',
        url: '/api/admin/stats',
        headers: { authorization: `Bearer ${editor.accessToken}` },
      });
      expect(denied.statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});

describe('delete', () => {
  it('removes the timeline with the lead', async () => {
    const id = await newLead('contacts');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${id}/notes`,
      headers: admin.headers,
      payload: { text: 'x' },
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/contacts/${id}`, headers: admin.headers })).statusCode,
    ).toBe(204);
    expect(await t.app.db.select().from(schema.leadEvents).where(eq(schema.leadEvents.leadId, id))).toEqual([]);
  });
});
