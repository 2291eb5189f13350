// Issue 22 item 8: the audit log names what an entry is about and links to it (GET /api/admin/audit gives each entry
// a `label` and an admin `path`), and the accounts whose ids its data holds (an owner change) by name (`people`).
import { type AuditList } from '@agency/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callers, createAccount } from '../../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { CONTACT } from '../../../../test/lead-fixtures.ts';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  t = await createTestApp();
  who = await callers(t.app);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers.admin, ...(payload ? { payload } : {}) });
async function log(action: string): Promise<AuditList> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit?action=${action}`,
    headers: who.headers.admin,
  });
  expect(res.statusCode).toBe(200);
  return res.json<AuditList>();
}

it('labels a lead by its kind and day (nothing the visitor sent) and links to its page; owners in the data are named', async () => {
  const lead = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { ...CONTACT, name: 'Grace Hopper' },
  });
  const { id } = lead.json<{ id: string }>();
  expect((await send('PATCH', `/api/admin/contacts/${id}`, { status: 'contacted' })).statusCode).toBe(200);
  const owner = who.accounts.admin;
  expect((await send('PATCH', `/api/admin/contacts/${id}`, { ownerId: owner.id })).statusCode).toBe(200);

  const day = new Date().toISOString().slice(0, 10);
  const status = (await log('lead.status_changed')).items.find((entry) => entry.target?.id === id);
  expect(status).toMatchObject({ label: `Contact message of ${day}`, path: `/admin/leads/contacts/${id}` });
  expect(JSON.stringify(status)).not.toContain('Grace Hopper');
  const owned = await log('lead.owner_changed');
  const entry = owned.items.find((item) => item.target?.id === id);
  expect(entry).toMatchObject({
    label: `Contact message of ${day}`,
    path: `/admin/leads/contacts/${id}`,
    data: { to: owner.id },
  });
  expect(owned.people[owner.id]).toBe('admin person');

  // Deleted, the lead keeps no name and no link: the id is all there is.
  expect((await send('DELETE', `/api/admin/contacts/${id}`)).statusCode).toBe(204);
  const gone = (await log('lead.deleted')).items.find((item) => item.target?.id === id);
  expect(gone).toMatchObject({ label: null, path: null });
});

it('labels an account with its name and links to the Team page; a removed one keeps the name it had', async () => {
  const person = await createAccount(t.app, 'pending', 'Lin Colleague');
  expect((await send('PATCH', `/api/users/${person.id}`, { role: 'editor' })).statusCode).toBe(200);
  const changed = (await log('user.role_changed')).items.find((entry) => entry.target?.id === person.id);
  expect(changed).toMatchObject({ label: 'Lin Colleague', path: '/admin/team' });

  expect((await send('DELETE', `/api/users/${person.id}`)).statusCode).toBe(204);
  const removed = (await log('user.removed')).items.find((entry) => entry.target?.id === person.id);
  expect(removed).toMatchObject({ label: 'Lin Colleague', path: null });
});

it('labels a post with its title, and an invitation with its address', async () => {
  const created = await send('POST', '/api/blogs', { title: 'Labelled post', content: 'Body', status: 'draft' });
  const postId = created.json<{ _id: string }>()._id;
  const post = (await log('blog.created')).items.find((entry) => entry.target?.id === postId);
  expect(post).toMatchObject({ label: 'Labelled post', path: '/admin/blog' });

  expect((await send('POST', '/api/users/invites', { email: 'labelled@example.com', role: 'editor' })).statusCode).toBe(
    201,
  );
  const [invited] = (await log('user.invited')).items;
  expect(invited).toMatchObject({ label: 'Invitation of labelled@example.com', path: '/admin/team' });
  expect(invited?.actor.name).toBe('admin person');
});
