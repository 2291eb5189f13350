// Issue 21, items 1–3: no account taken over with a stolen access token (re-authentication), a block of IPv6
// addresses (limits count a /64 once, a 2FA challenge takes 5 wrong codes) or a guessable password.
import {
  ACCOUNT_MESSAGES,
  LOGIN_CHALLENGE_MAX_FAILURES,
  PASSWORD_MESSAGES,
  RECOVERY_CODE_COUNT,
} from '@agency/contract';
import { eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  forgetLastCode as forgetCode,
  nowCode,
  turnOnTwoFactor as turnOn,
} from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://agency.test' });
  await createAccount(t.app, 'admin', 'First Admin');
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
const post = (url: string, payload?: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const login = (email: string, password: string, remoteAddress?: string) =>
  post('/api/auth/login', { email, password }, {}, remoteAddress);
const forgetLastCode = (id: string) => forgetCode(t.app, id);
const turnOnTwoFactor = (account: Parameters<typeof turnOn>[1]) => turnOn(t.app, account);
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

const refusedAs = (res: Answer, status: number, field: string, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ error: message, fields: { [field]: message } });
};

describe('re-authentication (item 1)', () => {
  it('a stolen access token alone cannot set 2FA up, change the password or end a session: 401 naming currentPassword', async () => {
    const owner = await createAccount(t.app, 'editor', 'Token Owner');
    const stolen = bearer(owner.accessToken);
    const required = ACCOUNT_MESSAGES.currentPasswordRequired;
    const wrong = ACCOUNT_MESSAGES.currentPasswordWrong;
    const laptop = (await login(owner.email, owner.password)).json<{ accessToken: string }>();
    const sessions = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: stolen });
    const other = sessions.json<{ id: string; current: boolean }[]>().find((session) => !session.current)!;

    refusedAs(await post('/api/auth/2fa/setup', {}, stolen), 401, 'currentPassword', required);
    refusedAs(
      await post('/api/auth/2fa/setup', { currentPassword: 'a guess at it' }, stolen),
      401,
      'currentPassword',
      wrong,
    );
    const change = { newPassword: 'a thief chose this one' };
    refusedAs(await post('/api/auth/password', change, stolen), 401, 'currentPassword', required);
    refusedAs(
      await post('/api/auth/password', { ...change, currentPassword: 'another guess' }, stolen),
      401,
      'currentPassword',
      wrong,
    );
    const end = (payload?: object) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${other.id}`,
        headers: stolen,
        ...(payload ? { payload } : {}),
      });
    refusedAs(await end(), 401, 'currentPassword', required);
    refusedAs(await end({ currentPassword: 'a third guess' }), 401, 'currentPassword', wrong);

    // Nothing changed: no secret stored, the password and the other session as they were.
    const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.id, owner.id));
    expect(row?.totpSecret).toBeNull();
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await me(laptop.accessToken)).statusCode).toBe(200);
    // The owner, who knows the password, does all of it.
    expect((await end({ currentPassword: owner.password })).statusCode).toBe(204);
    expect((await me(laptop.accessToken)).statusCode).toBe(401);
  }, 60_000);

  it('with 2FA on, turning it off, new recovery codes and a new password also need a code or a recovery code', async () => {
    const owner = await createAccount(t.app, 'editor', 'Second Factor Owner');
    const { secret, recoveryCodes } = await turnOnTwoFactor(owner);
    const auth = bearer(owner.accessToken);
    const currentPassword = owner.password;
    const codeRequired = ACCOUNT_MESSAGES.reauthCodeRequired;

    refusedAs(
      await post('/api/auth/2fa/disable', { code: nowCode(secret) }, auth),
      401,
      'currentPassword',
      ACCOUNT_MESSAGES.currentPasswordRequired,
    );
    refusedAs(await post('/api/auth/2fa/disable', { currentPassword }, auth), 401, 'code', codeRequired);
    refusedAs(await post('/api/auth/2fa/recovery-codes', { currentPassword }, auth), 401, 'code', codeRequired);
    refusedAs(
      await post('/api/auth/password', { currentPassword, newPassword: 'quiet kettle orbits twice' }, auth),
      401,
      'code',
      codeRequired,
    );
    refusedAs(
      await post('/api/auth/2fa/recovery-codes', { currentPassword, code: '000000' }, auth),
      401,
      'code',
      ACCOUNT_MESSAGES.codeWrong,
    );

    // New recovery codes with a code: the old ones stop working.
    const fresh = await post('/api/auth/2fa/recovery-codes', { currentPassword, code: nowCode(secret) }, auth);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const newCodes = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(newCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(newCodes).not.toContain(recoveryCodes[0]);
    const byOld = await post(
      '/api/auth/password',
      {
        currentPassword,
        recoveryCode: recoveryCodes[0],
        newPassword: 'quiet kettle orbits twice',
      },
      auth,
    );
    refusedAs(byOld, 401, 'recoveryCode', ACCOUNT_MESSAGES.recoveryCodeWrong);
    // A new password with one of the new recovery codes; then 2FA off with a code.
    const changed = await post(
      '/api/auth/password',
      {
        currentPassword,
        recoveryCode: newCodes[0],
        newPassword: 'quiet kettle orbits twice',
      },
      auth,
    );
    expect(changed.statusCode, changed.body).toBe(204);
    await forgetLastCode(owner.id);
    const off = await post(
      '/api/auth/2fa/disable',
      { currentPassword: 'quiet kettle orbits twice', code: nowCode(secret) },
      auth,
    );
    expect(off.statusCode, off.body).toBe(204);
    const actions = (await t.app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, owner.id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['auth.recovery_codes_replaced', 'auth.password_changed', 'auth.2fa_disabled']),
    );
  }, 60_000);

  it('turning 2FA on ends the other sessions and mails the owner', async () => {
    const owner = await createAccount(t.app, 'editor', 'Mailed Owner');
    const phone = (await login(owner.email, owner.password)).json<{ accessToken: string; refreshToken: string }>();
    await turnOnTwoFactor(owner);
    expect((await me(owner.accessToken)).statusCode).toBe(200);
    expect((await me(phone.accessToken)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { refreshToken: phone.refreshToken })).statusCode).toBe(401);
    const mails = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, owner.email));
    expect(mails.map((mail) => mail.purpose)).toContain('two-factor-enabled');
    const [entry] = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'auth.2fa_enabled'))
      .orderBy(schema.auditLog.at);
    expect(entry?.data).toMatchObject({ sessionsEnded: expect.any(Number) });
  }, 60_000);
});

describe('limits that count machines (item 2)', () => {
  it('100 wrong passwords from 100 addresses of one /64 are limited like one address; the owner still signs in', async () => {
    const limited = await createTestApp({ LOGIN_MAX_FAILURES: '5', LOGIN_WINDOW_SECONDS: '900' });
    try {
      const owner = await createAccount(limited.app, 'admin', 'Guessed Owner');
      const statuses: number[] = [];
      for (let i = 1; i <= 100; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: owner.email, password: `wrong guess number ${i}` },
          remoteAddress: `2001:db8:aa:bb::${i.toString(16)}`,
        });
        statuses.push(res.statusCode);
      }
      // Five wrong answers, then 429 to every other address of the block, as to one address.
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
      const another = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: owner.password },
        remoteAddress: '2001:db8:aa:bb:ffff:1:2:3',
      });
      expect(another.statusCode).toBe(429);
      // The owner, from an address new to the account (another network), signs in.
      const fromHome = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: owner.password },
        remoteAddress: '2001:db8:cc:dd::1',
      });
      expect(fromHome.statusCode, fromHome.body).toBe(200);
      const fromV4 = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: owner.password },
        remoteAddress: '198.51.100.7',
      });
      expect(fromV4.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('20 wrong codes on one challenge from 20 addresses: 5 are answered, then the challenge has ended', async () => {
    const owner = await createAccount(t.app, 'editor', 'Challenged Owner');
    const { secret } = await turnOnTwoFactor(owner);
    const { challengeToken } = (await login(owner.email, owner.password)).json<{ challengeToken: string }>();
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await post('/api/auth/login/2fa', { challengeToken, code: String(100000 + i) }, {}, `203.0.113.${i}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 400)
        expect(res.json().fields).toEqual({ challengeToken: ACCOUNT_MESSAGES.challengeInvalid });
    }
    expect(statuses.slice(0, LOGIN_CHALLENGE_MAX_FAILURES)).toEqual(Array(5).fill(401));
    expect(statuses.slice(LOGIN_CHALLENGE_MAX_FAILURES)).toEqual(Array(15).fill(400));
    // Even the right code no longer opens it; the owner signs in again with the password and a code.
    const late = await post('/api/auth/login/2fa', { challengeToken, code: nowCode(secret) });
    expect(late.statusCode).toBe(400);
    const again = (await login(owner.email, owner.password)).json<{ challengeToken: string }>();
    const ok = await post('/api/auth/login/2fa', { challengeToken: again.challengeToken, code: nowCode(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
  }, 60_000);

  it('the per-address limit of the public posts counts a /64 once', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '600' });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email: `someone-${i}@example.com` },
          remoteAddress: `2001:db8:5:6:${i}::1`,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
      const neighbour = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: 'someone@example.com' },
        remoteAddress: '2001:db8:5:7::1',
      });
      expect(neighbour.statusCode).toBe(202);
      await limited.app.drainAfterAnswer();
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('passwords people cannot guess (item 3)', () => {
  it('register refuses common, weak and personal passwords with a sentence naming password', async () => {
    const register = (password: string, name = 'Pat Newcomer', email = 'pat.newcomer@example.com') =>
      post('/api/auth/register', { name, email, password });
    for (const password of ['password', '12345678', 'aaaaaaaa', 'Password1', 'qwertyuiop']) {
      const res = await register(password);
      expect(res.statusCode, password).toBe(400);
      expect([PASSWORD_MESSAGES.common, PASSWORD_MESSAGES.weak]).toContain(res.json().fields.password);
    }
    expect((await register('password')).json().fields.password).toBe(PASSWORD_MESSAGES.common);
    refusedAs(await register('my pat.newcomer@example.com key'), 400, 'password', PASSWORD_MESSAGES.containsEmail);
    refusedAs(await register('xx pat.newcomer 77 zz'), 400, 'password', PASSWORD_MESSAGES.containsEmail);
    refusedAs(await register('I am Pat Newcomer 2024!'), 400, 'password', PASSWORD_MESSAGES.containsName);
    const users = await t.app.db.select().from(schema.users).where(eq(schema.users.email, 'pat.newcomer@example.com'));
    expect(users).toEqual([]);
    expect((await register('quiet kettle orbits a dolphin')).statusCode).toBe(201);
  }, 60_000);

  it('a password change and a reset refuse them too (newPassword / password)', async () => {
    const owner = await createAccount(t.app, 'editor', 'Quinn Changer');
    const auth = bearer(owner.accessToken);
    const change = (newPassword: string) =>
      post('/api/auth/password', { currentPassword: owner.password, newPassword }, auth);
    refusedAs(await change('12345678'), 400, 'newPassword', PASSWORD_MESSAGES.common);
    refusedAs(await change('Quinn Changer forever'), 400, 'newPassword', PASSWORD_MESSAGES.containsName);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);

    await post('/api/auth/password-reset', { email: owner.email });
    await t.app.drainAfterAnswer();
    const [mail] = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, owner.email));
    const token = /reset-password\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const reset = (password: string) => post('/api/auth/password-reset/confirm', { token, password });
    refusedAs(await reset('aaaaaaaa'), 400, 'password', PASSWORD_MESSAGES.weak);
    // The link still works for a password the rule accepts.
    expect((await reset('lantern meadow copper 42')).statusCode).toBe(204);
    expect((await login(owner.email, 'lantern meadow copper 42')).statusCode).toBe(200);
  }, 60_000);

  it('the native register form refuses the same password with the same sentence', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Native Nia', email: 'nia@example.com', password: 'password' }).toString(),
    });
    refusedAs(res, 400, 'password', PASSWORD_MESSAGES.common);
    expect(t.renderedPages.at(-1)).toMatchObject({
      path: '/register',
      status: 400,
      form: { values: { name: 'Native Nia' } },
    });
    expect(t.renderedPages.at(-1)?.form.values).not.toHaveProperty('password');
  });
});
