// Issue 32, the desk a salesperson works at (points 4, 5, 6 and 7): a sales account works the leads but cannot
// erase them; a follow-up set on a lead nobody owns makes its setter the owner; "mine" counts the others due;
// the inbox sorts by its new columns; one CSV of every kind honours the filters; the deal board counts and values
// each stage, and a move is the lead's own status change.
import { type Board, type FollowUpListSchema, type Inbox, type LeadDetail, MESSAGES } from '@agency/contract';
import { and, eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { CONTACT, MODAL_QUOTE, multipart } from '../../../test/lead-fixtures.ts';
import { ALL_LEADS_CSV_HEADER } from '../../services/lead-export.ts';

let t: TestApp;
type Caller = { id: string; name: string; headers: { authorization: string } };
let admin: Caller;
let sales: Caller;
let editorId: string;

const caller = async (role: 'admin' | 'sales', name: string): Promise<Caller> => {
  const account = await createAccount(t.app, role, name);
  return { id: account.id, name, headers: { authorization: `Bearer ${account.accessToken}` } };
};

beforeAll(async () => {
  t = await createTestApp({ LEADS_TO: 'leads@agency.test', SITE_URL: 'https://agency.test' });
  admin = await caller('admin', 'Alice Admin');
  sales = await caller('sales', 'Sam Sales');
  editorId = (await createAccount(t.app, 'editor', 'Eddie Editor')).id;
});
afterAll(() => t.close());

const run = Date.now().toString(36);
let counter = 0;
async function contact(subject: string, extra: Record<string, string> = {}) {
  counter += 1;
  const email = `desk-${run}-${counter}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { ...CONTACT, email, subject, ...extra },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json<{ id: string }>().id, email };
}
/** A quote of `services` (one of the form's), from a company named `tag` so a search finds it. */
async function quote(tag: string, services: string, extra: Record<string, string> = {}) {
  counter += 1;
  const email = `desk-${run}-${counter}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/request-quote',
    ...(await multipart({ ...MODAL_QUOTE, email, services, companyName: `${tag} Ltd`, ...extra })),
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json<{ id: string }>().id, email };
}
const patch = (who: Caller, kind: string, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/${kind}/${id}`, headers: who.headers, payload });
const get = <T>(who: Caller, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who.headers }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  });

describe('a sales account (point 7)', () => {
  it('works a lead: owners list sales and admins, not editors; a sales owner; a reply; but no erasure', async () => {
    const { items } = await get<{ items: { id: string; name: string }[] }>(sales, '/api/admin/owners');
    const ids = items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, sales.id]));
    expect(ids).not.toContain(editorId);

    const lead = await contact('Sales can work it');
    expect((await patch(sales, 'contacts', lead.id, { ownerId: sales.id, status: 'contacted' })).statusCode).toBe(200);
    expect((await patch(admin, 'contacts', lead.id, { ownerId: editorId })).statusCode).toBe(400);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${lead.id}/reply`,
      headers: sales.headers,
      payload: { subject: 'Hello', text: 'We will call you.' },
    });
    expect(reply.statusCode).toBe(202);

    const erase = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/contacts/${lead.id}`,
      headers: sales.headers,
    });
    expect(erase.statusCode).toBe(403);
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contacts/bulk',
      headers: sales.headers,
      payload: { ids: [lead.id], action: 'delete' },
    });
    expect(bulk.statusCode).toBe(403);
    expect(bulk.json()).toMatchObject({ error: MESSAGES.http.forbidden });
    // Still there, and its bulk status change is the sales account's to make.
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contacts/bulk',
      headers: sales.headers,
      payload: { ids: [lead.id], action: 'status', value: 'qualified' },
    });
    expect(status.json()).toEqual({ updated: 1 });

    // The dashboard's figures, without the backups (admins only).
    const stats = await get<{ backup: unknown; heldAsSpam: { count: number } }>(sales, '/api/admin/stats');
    expect(stats.backup).toBeNull();
    expect((await get<{ backup: unknown }>(admin, '/api/admin/stats')).backup).not.toBeNull();
  });
});

describe('follow-ups that cannot hide (point 4)', () => {
  it('a follow-up on a lead nobody owns makes its setter the owner, on the timeline and in the audit log', async () => {
    const lead = await contact('Nobody owns me');
    const due = new Date(Date.now() - 60_000).toISOString();
    const res = await patch(sales, 'contacts', lead.id, { followUpAt: due, followUpNote: 'Call back' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ owner: { id: sales.id, name: sales.name } });
    const detail = await get<LeadDetail>(sales, `/api/admin/contacts/${lead.id}`);
    expect(detail.timeline.map((event) => event.type)).toEqual(
      expect.arrayContaining(['owner_changed', 'follow_up_set']),
    );
    const audits = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'lead.owner_changed'), eq(schema.auditLog.targetId, lead.id)));
    expect(audits).toHaveLength(1);

    // An owned lead keeps its owner.
    const owned = await contact('Owned by the admin');
    expect((await patch(admin, 'contacts', owned.id, { ownerId: admin.id })).statusCode).toBe(200);
    const kept = await patch(sales, 'contacts', owned.id, { followUpAt: due });
    expect(kept.json()).toMatchObject({ owner: { id: admin.id } });
  });

  it('"mine" lists my due follow-ups and counts the others; the inbox counts mine for the navigation', async () => {
    type List = z.output<typeof FollowUpListSchema>;
    const mine = await get<List>(sales, '/api/admin/follow-ups?owner=me');
    const all = await get<List>(sales, '/api/admin/follow-ups?owner=all');
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((item) => item.owner?.id === sales.id)).toBe(true);
    expect(mine.othersDue).toBe(all.items.length - mine.items.length);
    expect(mine.othersDue).toBeGreaterThan(0);
    expect(all.othersDue).toBe(0);
    const inbox = await get<Inbox>(sales, '/api/admin/leads?status=new&owner=none');
    expect(inbox.myFollowUpsDue).toBe(mine.items.length);
  });
});

describe('the inbox that shows the work (point 5)', () => {
  it('carries subject, service, deal value and follow-up, and sorts by each, those without last', async () => {
    const tag = `sort-${run}`;
    const [A, B, C] = ['Custom Software Development', 'Server Monitoring', 'Website Development'];
    const small = await quote(tag, A);
    const large = await quote(tag, B);
    await quote(tag, C);
    expect((await patch(admin, 'quotes', small.id, { dealValue: 100 })).statusCode).toBe(200);
    expect((await patch(admin, 'quotes', large.id, { dealValue: 9000, ownerId: sales.id })).statusCode).toBe(200);
    const list = (query: string) =>
      get<Inbox>(admin, `/api/admin/leads?q=${tag}&${query}`).then((inbox) => inbox.items.map((item) => item.service));
    expect(await list('sort=dealValue')).toEqual([B, A, C]);
    expect(await list('sort=dealValue&dir=asc')).toEqual([A, B, C]);
    expect(await list('sort=service&dir=desc')).toEqual([C, B, A]);
    expect((await list('sort=owner'))[0]).toBe(B);
    const [item] = (await get<Inbox>(admin, `/api/admin/leads?q=${tag}&sort=dealValue`)).items;
    expect(item).toMatchObject({ kind: 'quotes', dealValue: 9000, subject: null, owner: { id: sales.id } });
    // One kind's own list sorts the same way.
    const own = await get<{ items: { services: string }[] }>(admin, `/api/admin/quotes?q=${tag}&sort=dealValue`);
    expect(own.items[0]?.services).toBe(B);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/leads?sort=name', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('sort');
  });

  it('exports every kind in one CSV with kind, status, owner, deal value, follow-up, source and campaign, filtered', async () => {
    const tag = `csv-${run}`;
    const q = await quote(tag, 'Server Monitoring', { utmCampaign: 'spring', sourcePath: '/services/cloud' });
    const c = await contact(`${tag} Network`);
    expect((await patch(admin, 'quotes', q.id, { dealValue: 1234.5, ownerId: sales.id })).statusCode).toBe(200);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect((await patch(admin, 'contacts', c.id, { followUpAt: at })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/leads/export.csv?q=${tag}`,
      headers: sales.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(',')).toEqual([...ALL_LEADS_CSV_HEADER]);
    expect(lines).toHaveLength(3);
    const rowOf = (id: string) => lines.find((line) => line.includes(id)) ?? '';
    expect(rowOf(q.id)).toContain('Quote requests');
    expect(rowOf(q.id)).toContain('Sam Sales');
    expect(rowOf(q.id)).toContain('1234.5');
    expect(rowOf(q.id)).toContain('/services/cloud');
    expect(rowOf(q.id)).toContain('spring');
    expect(rowOf(c.id)).toContain(at);
    // The filters hold: one kind, one status.
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/admin/leads/export.csv?q=${tag}&kind=contacts`,
      headers: sales.headers,
    });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
    const detail = await get<LeadDetail>(admin, `/api/admin/quotes/${q.id}`);
    expect(detail.timeline.some((event) => event.type === 'exported')).toBe(true);
  });
});

describe('the deal board (point 6)', () => {
  it('puts quotes and contacts in columns by stage with count and value; a move is the status change', async () => {
    const before = await get<Board>(sales, '/api/admin/board');
    expect(before.columns.map((column) => column.status)).toEqual([
      'new',
      'contacted',
      'qualified',
      'proposal',
      'won',
      'lost',
    ]);
    const columnOf = (board: Board, status: string) => board.columns.find((column) => column.status === status)!;
    const deal = await quote(`board-${run}`, 'Website Development');
    expect((await patch(sales, 'quotes', deal.id, { dealValue: 5000, status: 'proposal' })).statusCode).toBe(200);
    const after = await get<Board>(sales, '/api/admin/board');
    const proposal = columnOf(after, 'proposal');
    expect(proposal.count).toBe(columnOf(before, 'proposal').count + 1);
    const card = proposal.cards.find((entry) => entry.id === deal.id);
    expect(card).toMatchObject({ kind: 'quotes', dealValue: 5000, currency: 'GBP' });
    const pounds = (board: Board) => columnOf(board, 'proposal').value.find((sum) => sum.currency === 'GBP');
    expect(pounds(after)?.total).toBe((pounds(before)?.total ?? 0) + 5000);
    expect(pounds(after)?.count).toBe((pounds(before)?.count ?? 0) + 1);

    // Moved to won: out of proposal, into won, with its timeline entry.
    expect((await patch(sales, 'quotes', deal.id, { status: 'won' })).statusCode).toBe(200);
    const moved = await get<Board>(sales, '/api/admin/board');
    expect(columnOf(moved, 'proposal').cards.some((entry) => entry.id === deal.id)).toBe(false);
    expect(columnOf(moved, 'won').cards.some((entry) => entry.id === deal.id)).toBe(true);
    const detail = await get<LeadDetail>(sales, `/api/admin/quotes/${deal.id}`);
    expect(detail.timeline.filter((event) => event.type === 'status_changed').at(-1)).toMatchObject({
      actor: { id: sales.id },
      data: { from: 'proposal', to: 'won' },
    });
    // Job applications are not deals.
    expect(
      moved.columns.flatMap((column) => column.cards).every((entry) => entry.kind !== ('applications' as never)),
    ).toBe(true);
  });
});
