// Issue 33 point 3: a workflow that changes several rows is ONE transaction inside its service, its audit entry
// included. Each test makes the workflow's audit entry fail as it is written (test/failing-audit.ts: the last write
// of the workflow), then checks that the writes made before it were undone; and that, once it can be written, the
// workflow leaves its entry exactly once.
import { and, eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Account, callers, createAccount, forgetLastCode, nowCode } from '../../test/auth-fixtures.ts';
import { failAuditOf } from '../../test/failing-audit.ts';
import { CONTACT, openingPayload } from '../../test/lead-fixtures.ts';

let t: TestApp;
let admin: Record<string, string>;
let editor: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://agency.test' });
  const who = await callers(t.app);
  admin = who.headers.admin;
  editor = who.headers.editor;
});
afterAll(() => t.close());

const bearer = (account: Account) => ({ authorization: `Bearer ${account.accessToken}` });
const auditOf = (action: string, targetId: string) =>
  t.app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.targetId, targetId)));
const mailsTo = (to: string, purpose: string) =>
  t.app.db
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.to, to), eq(schema.outbox.purpose, purpose)));
const userRow = async (id: string) => (await t.app.db.select().from(schema.users).where(eq(schema.users.id, id)))[0];

/** Runs `request` while the audit entry `action` cannot be written: the workflow fails as a whole (500). */
async function whileAuditFails(action: string, request: () => Promise<{ statusCode: number; body: string }>) {
  const restore = await failAuditOf(t.app.db, action);
  try {
    const res = await request();
    expect(res.statusCode, res.body).toBe(500);
  } finally {
    await restore();
  }
}

describe('the Team area (services/team.ts)', () => {
  it('approves a pending account with its role, its audit entry and its mail, or not at all', async () => {
    const person = await createAccount(t.app, 'pending', 'Pat Pending');
    const approve = () =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${person.id}`, headers: admin, payload: { role: 'editor' } });

    await whileAuditFails('user.role_changed', approve);
    expect((await userRow(person.id))?.role).toBe('pending');
    expect(await mailsTo(person.email, 'account-approved')).toEqual([]);

    expect((await approve()).statusCode).toBe(200);
    expect((await userRow(person.id))?.role).toBe('editor');
    expect(await auditOf('user.role_changed', person.id)).toHaveLength(1);
    const [mail] = await mailsTo(person.email, 'account-approved');
    expect(mail?.body).toContain('approved as editor');
    expect(mail?.body).toContain('https://agency.test/login');
  });

  it('removes an account with its audit entry, or keeps it', async () => {
    const person = await createAccount(t.app, 'editor', 'Rita Removed');
    const remove = () => t.app.inject({ method: 'DELETE', url: `/api/users/${person.id}`, headers: admin });
    await whileAuditFails('user.removed', remove);
    expect(await userRow(person.id)).toBeDefined();
    expect((await remove()).statusCode).toBe(204);
    expect(await userRow(person.id)).toBeUndefined();
    expect(await auditOf('user.removed', person.id)).toHaveLength(1);
  });

  it('ends every session of an account with its audit entry, or none', async () => {
    const person = await createAccount(t.app, 'editor', 'Sam Signedout');
    const signOut = () => t.app.inject({ method: 'POST', url: `/api/users/${person.id}/sign-out`, headers: admin });
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(person) });
    await whileAuditFails('user.signed_out_everywhere', signOut);
    expect((await me()).statusCode).toBe(200);
    expect((await signOut()).statusCode).toBe(204);
    expect((await me()).statusCode).toBe(401);
    expect(await auditOf('user.signed_out_everywhere', person.id)).toHaveLength(1);
  });
});

describe('an account’s own security (services/account-security.ts)', () => {
  it('turns 2FA on with its codes, the other sessions ended, the mail and the entry, or leaves it off', async () => {
    const person = await createAccount(t.app, 'editor', 'Tina Twofactor');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password },
    });
    const otherHeaders = { authorization: `Bearer ${other.json<{ accessToken: string }>().accessToken}` };
    const currentPassword = person.password;
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/setup',
      headers: bearer(person),
      payload: { currentPassword },
    });
    const { secret } = setup.json<{ secret: string }>();
    const enable = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/enable',
        headers: bearer(person),
        payload: { code: nowCode(secret), currentPassword },
      });

    await whileAuditFails('auth.2fa_enabled', enable);
    expect((await userRow(person.id))?.totpEnabledAt).toBeNull();
    expect(await mailsTo(person.email, 'two-factor-enabled')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: otherHeaders })).statusCode).toBe(
      200,
    );

    await forgetLastCode(t.app, person.id);
    const enabled = await enable();
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await userRow(person.id))?.totpEnabledAt).not.toBeNull();
    expect(await mailsTo(person.email, 'two-factor-enabled')).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: otherHeaders })).statusCode).toBe(
      401,
    );
    expect(await auditOf('auth.2fa_enabled', person.id)).toHaveLength(1);
  });

  it('changes the password with the other sessions ended and the entry, or keeps the old one', async () => {
    const person = await createAccount(t.app, 'editor', 'Paul Password');
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: bearer(person),
        payload: { currentPassword: person.password, newPassword: 'a-brand-new-password-42' },
      });
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.email, password } });
    await whileAuditFails('auth.password_changed', change);
    expect((await login(person.password)).statusCode).toBe(200);
    expect((await change()).statusCode).toBe(204);
    expect((await login('a-brand-new-password-42')).statusCode).toBe(200);
    expect(await auditOf('auth.password_changed', person.id)).toHaveLength(1);
  });

  it('accepts an invitation and signs the account in as one step, or leaves the link usable', async () => {
    const email = 'ivy.invited@agency.test';
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/invites',
          headers: admin,
          payload: { email, role: 'editor' },
        })
      ).statusCode,
    ).toBe(201);
    const [mail] = await mailsTo(email, 'invite');
    const token = /accept-invite\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    const accept = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/invites/accept',
        payload: { token, name: 'Ivy Invited', password: 'an-invited-password-7' },
      });
    await whileAuditFails('auth.login_succeeded', accept);
    expect(await t.app.db.select().from(schema.users).where(eq(schema.users.email, email))).toEqual([]);
    const accepted = await accept();
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { user } = accepted.json<{ user: { id: string } }>();
    expect(await auditOf('user.invite_accepted', user.id)).toHaveLength(1);
    expect(await auditOf('auth.login_succeeded', user.id)).toHaveLength(1);
  });
});

describe('content and leads', () => {
  it('saves a post with its revision and its entry, or not at all', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: editor,
      payload: { title: 'Atomic post', content: 'First text' },
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<{ _id: string; version: number }>();
    expect(await auditOf('blog.created', post._id)).toHaveLength(1);
    const save = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/blogs/${post._id}`,
        headers: editor,
        payload: { title: 'Atomic post', content: 'Second text', version: post.version },
      });
    const revisions = () =>
      t.app.db.select().from(schema.blogRevisions).where(eq(schema.blogRevisions.blogId, post._id));

    await whileAuditFails('blog.updated', save);
    const [row] = await t.app.db.select().from(schema.blogs).where(eq(schema.blogs.id, post._id));
    expect([row?.content, row?.version]).toEqual(['First text', post.version]);
    expect(await revisions()).toEqual([]);

    expect((await save()).statusCode).toBe(200);
    expect(await revisions()).toHaveLength(1);
    expect(await auditOf('blog.updated', post._id)).toHaveLength(1);

    const remove = () => t.app.inject({ method: 'DELETE', url: `/api/blogs/${post._id}`, headers: editor });
    await whileAuditFails('blog.deleted', remove);
    expect(await t.app.db.select().from(schema.blogs).where(eq(schema.blogs.id, post._id))).toHaveLength(1);
    expect((await remove()).statusCode).toBe(204);
    expect(await auditOf('blog.deleted', post._id)).toHaveLength(1);
  });

  it('creates no post whose entry could not be written', async () => {
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/blogs',
        headers: editor,
        payload: { title: 'Unrecorded', content: 'x' },
      });
    await whileAuditFails('blog.created', create);
    expect(await t.app.db.select().from(schema.blogs).where(eq(schema.blogs.title, 'Unrecorded'))).toEqual([]);
  });

  it('rewrites a job opening with its entry, or not at all', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: editor,
      payload: openingPayload({ title: 'Atomic engineer' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const update = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/jobs/${id}`,
        headers: editor,
        payload: openingPayload({ title: 'Atomic engineer (senior)' }),
      });
    await whileAuditFails('job.updated', update);
    expect((await t.app.db.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0]?.title).toBe('Atomic engineer');
    expect((await update()).statusCode).toBe(200);
    expect(await auditOf('job.updated', id)).toHaveLength(1);
  });

  it('erases a lead with its timeline and mails and its entry, or keeps all of it', async () => {
    const lead = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    const { id } = lead.json<{ id: string }>();
    const erase = () => t.app.inject({ method: 'DELETE', url: `/api/admin/contacts/${id}`, headers: admin });
    const mails = () => t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, id));
    const queued = (await mails()).length;
    expect(queued).toBeGreaterThan(0);
    await whileAuditFails('lead.deleted', erase);
    expect(await t.app.db.select().from(schema.contacts).where(eq(schema.contacts.id, id))).toHaveLength(1);
    expect(await mails()).toHaveLength(queued);
    expect((await erase()).statusCode).toBe(204);
    expect(await mails()).toEqual([]);
    expect(await auditOf('lead.deleted', id)).toHaveLength(1);
  });
});
