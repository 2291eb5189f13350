// Issue 22, invitations: an admin invites an address with a role (POST /api/users/invites), the person gets a mail
// (read here at a real SMTP server) with a single-use link valid 7 days, and accepting it (POST
// /api/auth/invites/accept) creates the account and answers as a login. Open invitations are listed and revoked;
// an address that already has an account is answered exactly as a new one and its owner is mailed instead.
import { and, eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callers, type Caller } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { plain, startSmtp, type TestSmtp } from '../../../test/smtp.ts';

let t: TestApp;
let smtp: TestSmtp;
let headers: Record<Caller, Record<string, string>>;
let admin: Account;
let editor: Account;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SITE_URL: 'https://agency.test' });
  const matrix = await callers(t.app);
  headers = matrix.headers;
  admin = matrix.accounts.admin;
  editor = matrix.accounts.editor;
  await t.app.db.update(schema.users).set({ name: 'Ada Admin' }).where(eq(schema.users.id, admin.id));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const invite = (email: string, role = 'editor', as: Caller = 'admin') =>
  t.app.inject({ method: 'POST', url: '/api/users/invites', headers: headers[as], payload: { email, role } });
const accept = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/invites/accept', payload });
const list = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/invites', headers: headers.admin });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: { id: string; email: string; role: string; invitedBy: { name: string } | null }[] }>().items;
};

/** The mails the SMTP server received for `to`, sent now by the outbox. */
async function mailsTo(to: string) {
  await t.app.outbox.process();
  return smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => plain(mail.data));
}
async function linkTokenFor(to: string): Promise<string> {
  const mails = await mailsTo(to);
  const token = /https:\/\/agency\.test\/accept-invite\?token=([\w-]+)/.exec(mails.at(-1) ?? '')?.[1];
  expect(token).toBeTruthy();
  return token!;
}
const auditOf = (action: 'user.invited' | 'user.invite_revoked' | 'user.invite_accepted') =>
  t.app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action));

describe('who may invite', () => {
  it('refuses everyone but an admin, before looking at the request', async () => {
    for (const caller of ['no token', 'garbage', 'expired', 'pending', 'editor'] as const) {
      const expected = caller === 'pending' || caller === 'editor' ? 403 : 401;
      expect((await invite('someone@agency.test', 'editor', caller)).statusCode, caller).toBe(expected);
      const get = await t.app.inject({ method: 'GET', url: '/api/users/invites', headers: headers[caller] });
      expect(get.statusCode, caller).toBe(expected);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/invites/${crypto.randomUUID()}`,
        headers: headers[caller],
      });
      expect(del.statusCode, caller).toBe(expected);
    }
    expect(await t.app.db.select().from(schema.userInvites)).toEqual([]);
  });
});

describe('an invitation', () => {
  it('mails a single-use link; the person chooses a name and password and is signed in with the invited role', async () => {
    const res = await invite('New.Colleague@Agency.test', 'editor');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'An invitation was sent to New.Colleague@Agency.test.' });

    const [open] = await list();
    expect(open).toMatchObject({
      email: 'new.colleague@agency.test',
      role: 'editor',
      invitedBy: { name: 'Ada Admin' },
    });
    const mails = await mailsTo('new.colleague@agency.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Ada Admin invited you to the');
    expect(mails[0]).toContain('as editor');
    expect(mails[0]).toContain('within 7 days');
    const token = await linkTokenFor('new.colleague@agency.test');
    // The outbox keeps no copy of the link once sent.
    const [row] = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, 'new.colleague@agency.test'));
    expect(row?.body).toBe('');

    // A guessable password is refused naming the field, and the link stays usable.
    const weak = await accept({ token, name: 'Nora New', password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(['password']);
    const withEmail = await accept({ token, name: 'Nora New', password: 'new.colleague@agency.test' });
    expect(withEmail.statusCode).toBe(400);
    expect(withEmail.json().fields.password).toBeTruthy();

    const ok = await accept({ token, name: 'Nora New', password: 'violet harbour lantern 42' });
    expect(ok.statusCode).toBe(200);
    const session = ok.json<{ accessToken: string; refreshToken: string; user: Record<string, unknown> }>();
    expect(session.refreshToken).toBeTruthy();
    expect(session.user).toMatchObject({ name: 'Nora New', email: 'new.colleague@agency.test', role: 'editor' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: 'Nora New', role: 'editor' });
    // The new account signs in with its password like any other.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'new.colleague@agency.test', password: 'violet harbour lantern 42' },
    });
    expect(login.statusCode).toBe(200);

    // Used once: the link is dead now, and the invitation is no longer open.
    const again = await accept({ token, name: 'Someone Else', password: 'another fine passphrase 7' });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({
      token: 'This invitation link is not valid, was already used or has expired',
    });
    expect(await list()).toEqual([]);

    const [invited] = await auditOf('user.invited');
    expect(invited).toMatchObject({ actorId: admin.id, targetType: 'invite', data: { role: 'editor' } });
    expect(JSON.stringify(invited?.data)).not.toContain('new.colleague');
    const [accepted] = await auditOf('user.invite_accepted');
    expect(accepted).toMatchObject({ actorName: 'Nora New', targetType: 'user', targetId: session.user.id });
  });

  it('makes an admin when invited as one', async () => {
    expect((await invite('second.admin@agency.test', 'admin')).statusCode).toBe(201);
    const token = await linkTokenFor('second.admin@agency.test');
    const ok = await accept({ token, name: 'Sam Second', password: 'copper meadow sailing 19' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.role).toBe('admin');
  });

  it('refuses an expired link', async () => {
    expect((await invite('late@agency.test')).statusCode).toBe(201);
    const token = await linkTokenFor('late@agency.test');
    await t.app.db
      .update(schema.userInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.userInvites.email, 'late@agency.test'));
    expect(await list()).toEqual([]);
    const res = await accept({ token, name: 'Late Larry', password: 'amber glacier trumpet 88' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['token']);
    expect(await t.app.db.select().from(schema.users).where(eq(schema.users.email, 'late@agency.test'))).toEqual([]);
  });

  it('is revoked: its link stops working, and revoking again is a 404', async () => {
    expect((await invite('revoked@agency.test')).statusCode).toBe(201);
    const token = await linkTokenFor('revoked@agency.test');
    const [open] = (await list()).filter((entry) => entry.email === 'revoked@agency.test');
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/users/invites/${open!.id}`, headers: headers.admin });
    expect((await del()).statusCode).toBe(204);
    expect(await list()).toEqual([]);
    const res = await accept({ token, name: 'Rita Revoked', password: 'silver orchard bicycle 5' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['token']);
    expect((await del()).statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/users/invites/nope', headers: headers.admin });
    expect(malformed.statusCode).toBe(404);
    const [revoked] = await auditOf('user.invite_revoked');
    expect(revoked).toMatchObject({ actorId: admin.id, targetType: 'invite', targetId: open!.id });
  });

  it('revoked while its mail waits (the mail server is down), it is never mailed', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', SITE_URL: 'https://agency.test' });
    try {
      const { headers: theirs } = await callers(down.app);
      const email = 'never-mailed@agency.test';
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/users/invites',
        headers: theirs.admin,
        payload: { email, role: 'editor' },
      });
      expect(res.statusCode).toBe(201);
      await down.app.outbox.process();
      const waiting = await down.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, email));
      expect(waiting.map((row) => [row.purpose, row.sentAt])).toEqual([['invite', null]]);
      const [open] = await down.app.db.select().from(schema.userInvites).where(eq(schema.userInvites.email, email));
      const del = await down.app.inject({
        method: 'DELETE',
        url: `/api/users/invites/${open!.id}`,
        headers: theirs.admin,
      });
      expect(del.statusCode).toBe(204);
      expect(await down.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, email))).toEqual([]);
    } finally {
      await down.close();
    }
  });

  it('a second invitation of the same address replaces the first link', async () => {
    expect((await invite('twice@agency.test')).statusCode).toBe(201);
    const first = await linkTokenFor('twice@agency.test');
    expect((await invite('twice@agency.test', 'admin')).statusCode).toBe(201);
    const second = await linkTokenFor('twice@agency.test');
    expect(second).not.toBe(first);
    expect((await list()).filter((entry) => entry.email === 'twice@agency.test')).toMatchObject([{ role: 'admin' }]);
    expect((await accept({ token: first, name: 'Tom Twice', password: 'marble canyon whistle 3' })).statusCode).toBe(
      400,
    );
    await t.app.db.delete(schema.userInvites).where(eq(schema.userInvites.email, 'twice@agency.test'));
  });
});

describe('an address that already has an account', () => {
  it('is answered exactly as a new one; its owner is mailed, no link is made', async () => {
    const fresh = await invite('nobody.yet@agency.test');
    const taken = await invite(editor.email);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json())).toEqual(Object.keys(fresh.json()));
    expect(taken.json()).toEqual({ message: `An invitation was sent to ${editor.email}.` });
    expect(await t.app.db.select().from(schema.userInvites).where(eq(schema.userInvites.email, editor.email))).toEqual(
      [],
    );
    const mails = await mailsTo(editor.email);
    const told = mails.find((mail) => mail.includes('already has an account'));
    expect(told).toContain('Subject: You already have a');
    expect(told).toContain('https://agency.test/login');
    expect(told).not.toContain('accept-invite');
    const [existing] = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'user.invited'), eq(schema.auditLog.targetId, editor.id)));
    expect(existing?.data).toMatchObject({ existingAccount: true });
  });
});

describe('bad input', () => {
  it('names the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-address', role: 'editor' }, 'email'],
      [{ role: 'editor' }, 'email'],
      [{ email: 'x@agency.test', role: 'pending' }, 'role'],
      [{ email: 'x@agency.test', role: 'owner' }, 'role'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/invites', headers: headers.admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(payload)).toContain(field);
    }
    const acceptCases: [Record<string, unknown>, string][] = [
      [{ name: 'A Person', password: 'violet harbour lantern 42' }, 'token'],
      [{ token: 'x', password: 'violet harbour lantern 42' }, 'name'],
      [{ token: 'x', name: '   ', password: 'violet harbour lantern 42' }, 'name'],
      [{ token: 'x', name: 'A Person', password: 'short' }, 'password'],
      [{ token: 'x'.repeat(5000), name: 'A Person', password: 'violet harbour lantern 42' }, 'token'],
      [{ token: 'unknown-token', name: 'A Person', password: 'violet harbour lantern 42' }, 'token'],
    ];
    for (const [payload, field] of acceptCases) {
      const res = await accept(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(payload).slice(0, 80)).toEqual([field]);
    }
  });
});

describe('the OpenAPI document', () => {
  it('declares the routes with their tags and security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const create = doc.paths['/api/users/invites'].post;
    expect(create.tags).toEqual(['users']);
    expect(create.security).toEqual([{ bearerAuth: [] }]);
    expect(create.operationId).toBe('postUsersInvites');
    expect(doc.paths['/api/users/invites'].get.operationId).toBe('getUsersInvites');
    expect(doc.paths['/api/users/invites/{id}'].delete.operationId).toBe('deleteUsersInvitesById');
    const acceptOp = doc.paths['/api/auth/invites/accept'].post;
    expect(acceptOp.tags).toEqual(['auth']);
    expect(acceptOp.security).toEqual([]);
    expect(Object.keys(acceptOp.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'name',
      'password',
      'token',
    ]);
  });
});
