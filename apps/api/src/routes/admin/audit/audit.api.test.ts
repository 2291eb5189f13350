import { createHash } from 'node:crypto';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditList } from '@agency/contract';
import { schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, createAccount, type Caller } from '../../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { CONTACT, MODAL_QUOTE, multipart, PDF, APPLICATION } from '../../../../test/lead-fixtures.ts';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  // An inbox for the agency's notifications, so a lead's notification can be sent again.
  t = await createTestApp({ LEADS_TO: 'leads@agency.test' });
  who = await callers(t.app);
});
afterAll(() => t.close());

const admin = () => who.headers.admin;

async function audit(query = '', headers: Record<string, string> = admin()) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers });
  return res;
}

async function entries(action: string): Promise<AuditEntry[]> {
  const res = await audit(`?action=${action}`);
  expect(res.statusCode).toBe(200);
  return res.json<AuditList>().items;
}

describe('GET /api/admin/audit authorization', () => {
  const expected: Partial<Record<Caller, number>> = {
    'no token': 401,
    garbage: 401,
    expired: 401,
    pending: 403,
    editor: 403,
    admin: 200,
  };
  it.each(Object.entries(expected))('%s → %i', async (caller, status) => {
    const res = await audit('', who.headers[caller as Caller]);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('sign-in', () => {
  it('records a success as the account itself, with the address it came from', async () => {
    const person = await createAccount(t.app, 'editor', 'Signing In');
    const [entry] = (await entries('auth.login_succeeded')).filter((e) => e.actor.id === person.id);
    expect(entry).toMatchObject({
      actor: { id: person.id, name: 'Signing In' },
      action: 'auth.login_succeeded',
      target: { type: 'user', id: person.id },
      ip: '127.0.0.1',
    });
  });

  it('records a failure against the account tried, and an unknown address only as its hash', async () => {
    const person = await createAccount(t.app, 'editor', 'Wrong Password');
    const login = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'not-the-password' } });
    expect((await login(person.email)).statusCode).toBe(401);
    expect((await login('Stranger@Example.com')).statusCode).toBe(401);

    const failures = await entries('auth.login_failed');
    expect(failures.find((e) => e.target?.id === person.id)).toMatchObject({
      actor: { id: null, name: 'Not signed in' },
      target: { type: 'user', id: person.id },
    });
    const hash = createHash('sha256').update('stranger@example.com').digest('hex');
    expect(failures.find((e) => e.target?.type === 'email')?.target?.id).toBe(hash);
    expect((await audit()).body.toLowerCase()).not.toContain('stranger@example.com');
  });
});

describe('Team', () => {
  it('records role changes with before and after, and removals, by the admin who made them', async () => {
    const person = await createAccount(t.app, 'pending', 'New Colleague');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${person.id}`,
      headers: admin(),
      payload: { role: 'editor' },
    });
    expect(patch.statusCode).toBe(200);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/users/${person.id}`, headers: admin() });
    expect(remove.statusCode).toBe(204);

    const adminId = who.accounts.admin.id;
    const changed = (await entries('user.role_changed')).find((e) => e.target?.id === person.id);
    expect(changed).toMatchObject({
      actor: { id: adminId },
      data: { name: 'New Colleague', from: 'pending', to: 'editor' },
    });
    const removed = (await entries('user.removed')).find((e) => e.target?.id === person.id);
    expect(removed).toMatchObject({ actor: { id: adminId }, data: { name: 'New Colleague', role: 'editor' } });
  });

  it('records nothing when a change is refused', async () => {
    const before = (await audit('?action=user')).json<AuditList>().total;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${who.accounts.admin.id}`,
      headers: admin(),
      payload: { role: 'editor' },
    });
    expect(res.statusCode).toBe(409);
    expect((await audit('?action=user')).json<AuditList>().total).toBe(before);
  });
});

describe('blog', () => {
  it('records create, publish, update, unpublish and delete', async () => {
    const headers = who.headers.editor;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers,
      payload: { title: 'Audited post', content: 'Body', status: 'draft' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    const put = (status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/blogs/${id}`,
        headers,
        payload: { title: 'Audited post', content: 'Body', status },
      });
    expect((await put('published')).statusCode).toBe(200);
    expect((await put('draft')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blogs/${id}`, headers })).statusCode).toBe(204);

    const forPost = (await entries('blog')).filter((e) => e.target?.id === id).reverse();
    expect(forPost.map((e) => e.action)).toEqual([
      'blog.created',
      'blog.updated',
      'blog.published',
      'blog.updated',
      'blog.unpublished',
      'blog.deleted',
    ]);
    expect(forPost.every((e) => e.actor.id === who.accounts.editor.id)).toBe(true);
  });

  it('records a post published at once as created and published', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: who.headers.editor,
      payload: { title: 'Straight out', content: 'Body' },
    });
    const id = created.json<{ _id: string }>()._id;
    const actions = (await entries('blog')).filter((e) => e.target?.id === id).map((e) => e.action);
    expect(actions.sort()).toEqual(['blog.created', 'blog.published']);
  });
});

describe('leads', () => {
  it('records the export, a file download and a deletion', async () => {
    const quote = await t.app.inject({ method: 'POST', url: '/api/request-quote', payload: MODAL_QUOTE });
    const quoteId = quote.json<{ id: string }>().id;
    const body = await multipart(APPLICATION, [
      { field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: PDF },
    ]);
    const application = await t.app.inject({ method: 'POST', url: '/api/jobs/apply', ...body });
    const applicationId = application.json<{ id: string }>().id;

    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin() });
    expect((await get('/api/admin/quotes/export.csv')).statusCode).toBe(200);
    expect((await get(`/api/admin/applications/${applicationId}/file`)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/quotes/${quoteId}`, headers: admin() });
    expect(del.statusCode).toBe(204);

    expect((await entries('lead.exported'))[0]).toMatchObject({
      actor: { id: who.accounts.admin.id },
      data: { kind: 'quotes', rows: 1 },
    });
    expect((await entries('lead.file_downloaded'))[0]?.target).toEqual({ type: 'applications', id: applicationId });
    expect((await entries('lead.deleted'))[0]?.target).toEqual({ type: 'quotes', id: quoteId });
  });
});

describe('reading a lead', () => {
  it('records who opened which lead, once while they keep it open, and nothing of its content', async () => {
    const contact = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    const id = contact.json<{ id: string }>().id;
    const open = () => t.app.inject({ method: 'GET', url: `/api/admin/contacts/${id}`, headers: admin() });
    expect((await open()).statusCode).toBe(200);
    // The page reads the lead again after each change: one entry, not one per read.
    expect((await open()).statusCode).toBe(200);
    const views = (await entries('lead.viewed')).filter((entry) => entry.target?.id === id);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ actor: { id: who.accounts.admin.id }, target: { type: 'contacts', id } });
    for (const value of [CONTACT.email, CONTACT.name, CONTACT.message]) {
      expect(JSON.stringify(views[0])).not.toContain(value);
    }
    // Another admin opening it is recorded too.
    const colleague = await createAccount(t.app, 'admin', 'Second Admin');
    const headers = { authorization: `Bearer ${colleague.accessToken}` };
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/contacts/${id}`, headers })).statusCode).toBe(200);
    const both = (await entries('lead.viewed')).filter((entry) => entry.target?.id === id);
    expect(both.map((entry) => entry.actor.id)).toEqual([colleague.id, who.accounts.admin.id]);
  });
});

describe('working a lead', () => {
  it('records status, owner, note and resend with who, what, which lead and from where', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    expect(sent.statusCode).toBe(201);
    const id = sent.json<{ id: string }>().id;
    const owner = await createAccount(t.app, 'admin', 'Owner Admin');
    const address = '203.0.113.45';
    const act = (method: 'PATCH' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/admin/contacts/${id}${url}`,
        payload,
        headers: admin(),
        remoteAddress: address,
      });
    expect((await act('PATCH', '', { status: 'contacted' })).statusCode).toBe(200);
    expect((await act('PATCH', '', { ownerId: owner.id })).statusCode).toBe(200);
    expect((await act('PATCH', '', { ownerId: null })).statusCode).toBe(200);
    const note = 'Called back; prefers Thursday afternoons';
    expect((await act('POST', '/notes', { text: note })).statusCode).toBe(201);
    expect((await act('POST', '/resend')).statusCode).toBe(202);

    const by = { actor: { id: who.accounts.admin.id, name: 'admin person' }, ip: address };
    const target = { type: 'contacts', id };
    const forLead = async (action: string) => (await entries(action)).filter((e) => e.target?.id === id).reverse();
    expect(await forLead('lead.status_changed')).toEqual([
      expect.objectContaining({ ...by, action: 'lead.status_changed', target, data: { from: 'new', to: 'contacted' } }),
    ]);
    expect(await forLead('lead.owner_changed')).toEqual([
      expect.objectContaining({ ...by, action: 'lead.owner_changed', target, data: { from: null, to: owner.id } }),
      expect.objectContaining({ ...by, action: 'lead.owner_changed', target, data: { from: owner.id, to: null } }),
    ]);
    // The note may hold personal data: the entry says only that there was one.
    expect(await forLead('lead.note_added')).toEqual([
      expect.objectContaining({ ...by, action: 'lead.note_added', target, data: {} }),
    ]);
    expect((await audit('?action=lead')).body).not.toContain('Thursday');
    expect(await forLead('lead.notification_resent')).toEqual([
      expect.objectContaining({ ...by, action: 'lead.notification_resent', target, data: {} }),
    ]);
  });

  it('records nothing when the change changes nothing or is refused', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    const id = sent.json<{ id: string }>().id;
    const before = (await audit('?action=lead')).json<AuditList>().total;
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/contacts/${id}`, payload, headers: admin() });
    expect((await patch({ status: 'new' })).statusCode).toBe(200);
    expect((await patch({ ownerId: who.accounts.editor.id })).statusCode).toBe(400);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${id}/notes`,
      payload: { text: '' },
      headers: admin(),
    });
    expect(note.statusCode).toBe(400);
    expect((await audit('?action=lead')).json<AuditList>().total).toBe(before);
  });
});

describe('filters and paging', () => {
  it('filters by actor and by action area, and pages newest first', async () => {
    const editorId = who.accounts.editor.id;
    const byEditor = (await audit(`?actor=${editorId}`)).json<AuditList>();
    expect(byEditor.items.length).toBeGreaterThan(0);
    expect(byEditor.items.every((e) => e.actor.id === editorId)).toBe(true);
    expect(byEditor.actors).toContainEqual({ id: editorId, name: 'editor person' });

    const auth = (await audit('?action=auth')).json<AuditList>();
    expect(auth.items.every((e) => e.action.startsWith('auth.'))).toBe(true);

    await t.app.db.insert(schema.auditLog).values(
      Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, i) => ({
        actorName: 'Filler',
        action: 'consent.exported',
        at: new Date(Date.UTC(2020, 0, 1, 0, i)),
      })),
    );
    const first = (await audit('?action=consent.exported')).json<AuditList>();
    const second = (await audit('?action=consent.exported&page=2')).json<AuditList>();
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 5);
    expect(first.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(second.items).toHaveLength(5);
    expect(first.items[0]!.at > first.items[1]!.at).toBe(true);
    expect(second.items[4]!.at).toBe('2020-01-01T00:00:00.000Z');
  });

  it.each([
    ['?actor=someone', 'actor'],
    ['?action=lead.eaten', 'action'],
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
  ])('%s → 400 naming %s', async (query, field) => {
    const res = await audit(query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
  });

  it('offers no way to change or remove an entry', async () => {
    const [entry] = (await audit()).json<AuditList>().items;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/admin/audit/${entry!.id}`, headers: admin() });
      expect(res.statusCode).toBe(404);
    }
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/audit', headers: admin() });
    expect(res.statusCode).toBe(404);
  });
});
