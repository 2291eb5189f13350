// Issue 11, items 4–6: registering a taken address, password reset and change, two-factor sign-in,
// the admins' 2FA requirement, sessions and "sign out everywhere".
import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES, MESSAGES, RECOVERY_CODE_COUNT } from '@agency/contract';
import { and, eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Account } from '../../../test/auth-fixtures.ts';
import { totpCode, totpStep } from '../../services/totp.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '100', SITE_URL: 'https://agency.test' });
  admin = await createAccount(t.app, 'admin', 'Asha Admin');
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  post('/api/auth/login', { email, password }, headers);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** What a client can compare between two answers: status, body and the headers that are not per request. */
const observable = (res: Awaited<ReturnType<typeof post>>) => ({
  status: res.statusCode,
  body: res.body,
  type: res.headers['content-type'],
  length: res.headers['content-length'],
});

/** The audit log's actions about one account, oldest first. */
async function auditActions(app: TestApp['app'], userId: string): Promise<string[]> {
  const rows = await app.db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.targetId, userId))
    .orderBy(schema.auditLog.at);
  return rows.map((row) => row.action);
}

/** The outbox rows to `to`, once the work a reset request does after answering is done. */
async function outboxTo(to: string) {
  await t.app.drainAfterAnswer();
  return t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, to));
}

describe('registering an address that already has an account', () => {
  it('answers byte for byte like a new registration, mails the owner and creates nothing', async () => {
    const owner = await createAccount(t.app, 'editor', 'Existing Owner');
    const before = await t.app.db.select().from(schema.users);
    const outboxBefore = await outboxTo(owner.email);

    const taken = await post('/api/auth/register', {
      name: 'Someone Else',
      email: owner.email.toUpperCase(),
      password: 'another long password',
    });
    const fresh = await post('/api/auth/register', {
      name: 'Someone Else',
      email: 'brand-new@example.com',
      password: 'another long password',
    });
    expect(taken.statusCode).toBe(201);
    expect(observable(taken)).toEqual(observable(fresh));
    expect(taken.json()).toEqual({ message: ACCOUNT_MESSAGES.registered });

    const after = await t.app.db.select().from(schema.users);
    expect(after).toHaveLength(before.length + 1);
    const [ownerRow] = after.filter((row) => row.email === owner.email);
    expect(ownerRow?.name).toBe('Existing Owner');
    expect(ownerRow?.role).toBe('editor');
    // Their password still works.
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);

    const mails = await outboxTo(owner.email);
    expect(mails).toHaveLength(outboxBefore.length + 1);
    const mail = mails.at(-1)!;
    expect(mail.purpose).toBe('registration-attempt');
    expect(mail.body).toContain('https://agency.test/login');
    expect(mail.body).toContain('https://agency.test/forgot-password');
    expect(await outboxTo('brand-new@example.com')).toEqual([]);
  });
});

describe('password reset', () => {
  let member: Account;
  beforeAll(async () => {
    member = await createAccount(t.app, 'editor', 'Reset Member');
  });

  const requestReset = (email: string) => post('/api/auth/password-reset', { email });
  const confirm = (token: string, password: string) => post('/api/auth/password-reset/confirm', { token, password });

  /** The token in the newest reset mail to `email`. */
  async function tokenFromMail(email: string): Promise<string> {
    const mails = (await outboxTo(email)).filter((m) => m.purpose === 'password-reset');
    const link = /https:\/\/agency\.test\/reset-password\?token=([\w-]+)/.exec(mails.at(-1)?.body ?? '');
    if (!link?.[1]) throw new Error('no reset link in the outbox');
    return link[1];
  }

  it('answers 202 byte for byte the same for a known and an unknown address; only the known one gets mail', async () => {
    const known = await requestReset(member.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(observable(known)).toEqual(observable(unknown));
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(await outboxTo('nobody-here@example.com')).toEqual([]);

    const token = await tokenFromMail(member.email);
    // Only the hash is stored, with a 30-minute life.
    const [stored] = await t.app.db
      .select()
      .from(schema.passwordResets)
      .where(eq(schema.passwordResets.tokenHash, sha256(token)));
    expect(stored?.userId).toBe(member.id);
    const minutes = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
    const all = await t.app.db.select().from(schema.passwordResets);
    expect(JSON.stringify(all)).not.toContain(token);
  });

  it('sets the new password, signs the account out everywhere, and the link works once', async () => {
    const other = (await login(member.email, member.password)).json<{ accessToken: string; refreshToken: string }>();
    await requestReset(member.email);
    const token = await tokenFromMail(member.email);

    const done = await confirm(token, 'a brand new password');
    expect(done.statusCode).toBe(204);
    // Every session ended: refresh tokens and access tokens of before.
    for (const refreshToken of [member.refreshToken, other.refreshToken]) {
      expect((await post('/api/auth/refresh-token', { refreshToken })).statusCode).toBe(401);
    }
    expect((await get('/api/auth/me', bearer(other.accessToken))).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    expect((await login(member.email, 'a brand new password')).statusCode).toBe(200);

    const again = await confirm(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: ACCOUNT_MESSAGES.resetUsed,
      fields: { token: ACCOUNT_MESSAGES.resetUsed },
    });
    const actions = await auditActions(t.app, member.id);
    expect(actions).toContain('auth.password_reset_requested');
    expect(actions).toContain('auth.password_reset');
    member.password = 'a brand new password';
  });

  it('refuses an expired link and an unknown one with a sentence, and bad input naming the field', async () => {
    await requestReset(member.email);
    const token = await tokenFromMail(member.email);
    await t.app.db
      .update(schema.passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.passwordResets.tokenHash, sha256(token)));
    const expired = await confirm(token, 'a brand new password 2');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(ACCOUNT_MESSAGES.resetExpired);
    expect((await login(member.email, 'a brand new password 2')).statusCode).toBe(401);

    const unknown = await confirm('not-a-real-token', 'a brand new password 2');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(ACCOUNT_MESSAGES.resetInvalid);

    const short = await confirm('whatever', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must be at least 8 characters');
    const noEmail = await post('/api/auth/password-reset', {});
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().fields.email).toBe('Email is required');
  });

  it('sends at most three live links per account, still answering the same', async () => {
    const quiet = await createAccount(t.app, 'editor', 'Flooded');
    for (let i = 0; i < 5; i++) expect((await requestReset(quiet.email)).statusCode).toBe(202);
    expect((await outboxTo(quiet.email)).filter((m) => m.purpose === 'password-reset')).toHaveLength(3);
  });
});

describe('password change', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const member = await createAccount(t.app, 'editor', 'Changer');
    const other = (await login(member.email, member.password)).json<{ refreshToken: string; accessToken: string }>();
    const change = (currentPassword: string, newPassword: string) =>
      post('/api/auth/password', { currentPassword, newPassword }, bearer(member.accessToken));

    const wrong = await change('not my password', 'the next password');
    // 401 naming the field (issue 21): the web client does not take it for an expired token (it has `fields`).
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().fields).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
    const weak = await change(member.password, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toBe('New password must be at least 8 characters');
    expect((await post('/api/auth/password', { currentPassword: 'x', newPassword: 'yyyyyyyyy' })).statusCode).toBe(401);

    expect((await change(member.password, 'the next password')).statusCode).toBe(204);
    expect((await get('/api/auth/me', bearer(member.accessToken))).statusCode).toBe(200);
    expect((await post('/api/auth/refresh-token', { refreshToken: member.refreshToken })).statusCode).toBe(200);
    expect((await post('/api/auth/refresh-token', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    expect((await get('/api/auth/me', bearer(other.accessToken))).statusCode).toBe(401);
    expect((await login(member.email, 'the next password')).statusCode).toBe(200);
    expect(await auditActions(t.app, member.id)).toContain('auth.password_changed');
  });
});

/** Sets 2FA up for `account` through the API; answers the secret and the recovery codes. */
async function enableTwoFactor(app: TestApp['app'], account: Account) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/auth/2fa/setup',
    payload: { currentPassword: account.password },
    headers: bearer(account.accessToken),
  });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const step = totpStep(Date.now());
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    payload: { code: totpCode(secret, step), currentPassword: account.password },
    headers: bearer(account.accessToken),
  });
  expect(enabled.statusCode).toBe(200);
  return { secret, step, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** Lets the account use a code again, as if the next 30-second step had come (codes are single-use). */
const forgetLastCode = (app: TestApp['app'], id: string) =>
  app.db.update(schema.users).set({ totpLastStep: null }).where(eq(schema.users.id, id));

describe('two-factor sign-in', () => {
  it('sets up with a base32 secret and an otpauth link, stored encrypted and never shown again', async () => {
    const member = await createAccount(t.app, 'editor', 'Setup Person');
    const res = await post('/api/auth/2fa/setup', { currentPassword: member.password }, bearer(member.accessToken));
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUrl } = res.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain(member.email);

    const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.id, member.id));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);
    expect(row?.totpEnabledAt).toBeNull();

    const status = await get('/api/auth/2fa', bearer(member.accessToken));
    expect(status.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect(status.body).not.toContain(secret);

    const currentPassword = member.password;
    const wrong = await post('/api/auth/2fa/enable', { code: '000000', currentPassword }, bearer(member.accessToken));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ code: ACCOUNT_MESSAGES.codeWrong });
    const malformed = await post('/api/auth/2fa/enable', { code: '12ab', currentPassword }, bearer(member.accessToken));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.code).toBe(ACCOUNT_MESSAGES.codeFormat);
  });

  it('asks for a code after the password, then signs in with it once; recovery codes work once each', async () => {
    const member = await createAccount(t.app, 'editor', 'Two Factor');
    const { secret, step, recoveryCodes } = await enableTwoFactor(t.app, member);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const storedCodes = await t.app.db
      .select()
      .from(schema.recoveryCodes)
      .where(eq(schema.recoveryCodes.userId, member.id));
    expect(storedCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(JSON.stringify(storedCodes)).not.toContain(recoveryCodes[0]);
    const again = { currentPassword: member.password };
    expect((await post('/api/auth/2fa/setup', again, bearer(member.accessToken))).statusCode).toBe(409);

    const first = await login(member.email, member.password);
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(Object.keys(challenge).sort()).toEqual(['challengeToken', 'twoFactorRequired']);
    expect(challenge.twoFactorRequired).toBe(true);

    const wrong = await post('/api/auth/login/2fa', { challengeToken: challenge.challengeToken, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().fields).toEqual({ code: ACCOUNT_MESSAGES.codeWrong });

    // The code of the enabling step is spent; the next step's is accepted (±1 step of drift).
    const spent = totpCode(secret, step);
    const refused = await post('/api/auth/login/2fa', { challengeToken: challenge.challengeToken, code: spent });
    expect(refused.statusCode).toBe(401);
    const next = totpCode(secret, step + 1);
    const ok = await post('/api/auth/login/2fa', { challengeToken: challenge.challengeToken, code: next });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect((await get('/api/auth/me', bearer(ok.json().accessToken))).statusCode).toBe(200);

    // The challenge is single-use too.
    const reused = await post('/api/auth/login/2fa', { challengeToken: challenge.challengeToken, code: next });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(ACCOUNT_MESSAGES.challengeInvalid);

    // The same code on a new challenge: refused, it was used.
    const second = (await login(member.email, member.password)).json();
    const replay = await post('/api/auth/login/2fa', { challengeToken: second.challengeToken, code: next });
    expect(replay.statusCode).toBe(401);

    const recovery = recoveryCodes[3]!;
    const byRecovery = await post('/api/auth/login/2fa', {
      challengeToken: second.challengeToken,
      recoveryCode: recovery.toUpperCase(),
    });
    expect(byRecovery.statusCode).toBe(200);
    const third = (await login(member.email, member.password)).json();
    const recoveryAgain = await post('/api/auth/login/2fa', {
      challengeToken: third.challengeToken,
      recoveryCode: recovery,
    });
    expect(recoveryAgain.statusCode).toBe(401);
    expect(recoveryAgain.json().fields).toEqual({ recoveryCode: ACCOUNT_MESSAGES.recoveryCodeWrong });
    const status = await get('/api/auth/2fa', bearer(byRecovery.json().accessToken));
    expect(status.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });

    const actions = await auditActions(t.app, member.id);
    for (const action of ['auth.2fa_enabled', 'auth.2fa_failed', 'auth.recovery_code_used', 'auth.login_succeeded']) {
      expect(actions).toContain(action);
    }
    const successes = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetId, member.id), eq(schema.auditLog.action, 'auth.login_succeeded')))
      .orderBy(schema.auditLog.at);
    // The fixture's password sign-in before 2FA, then the code, then the recovery code.
    expect(successes.map((row) => row.data)).toEqual([
      { method: 'password' },
      { method: 'totp' },
      { method: 'recovery-code' },
    ]);

    const missing = await post('/api/auth/login/2fa', { challengeToken: third.challengeToken });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.code).toBe(ACCOUNT_MESSAGES.codeOrRecoveryCode);
  });

  it('refuses an expired challenge with a sentence', async () => {
    const member = await createAccount(t.app, 'editor', 'Slow Typist');
    const { secret } = await enableTwoFactor(t.app, member);
    const { challengeToken } = (await login(member.email, member.password)).json();
    await t.app.db
      .update(schema.loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.loginChallenges.userId, member.id));
    await forgetLastCode(t.app, member.id);
    const res = await post('/api/auth/login/2fa', { challengeToken, code: totpCode(secret, totpStep(Date.now())) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: ACCOUNT_MESSAGES.challengeInvalid,
      fields: { challengeToken: ACCOUNT_MESSAGES.challengeInvalid },
    });
  });

  it('turns off with the password and a code; then the password alone signs in', async () => {
    const member = await createAccount(t.app, 'editor', 'Turns Off');
    const { secret } = await enableTwoFactor(t.app, member);
    await forgetLastCode(t.app, member.id);
    const code = totpCode(secret, totpStep(Date.now()));
    const disable = (currentPassword: string, c: string) =>
      post('/api/auth/2fa/disable', { currentPassword, code: c }, bearer(member.accessToken));

    const badPassword = await disable('wrong password', code);
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().fields).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
    const badCode = await disable(member.password, '000000');
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().fields).toEqual({ code: ACCOUNT_MESSAGES.codeWrong });

    expect((await disable(member.password, code)).statusCode).toBe(204);
    const res = await login(member.email, member.password);
    expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect(
      await t.app.db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, member.id)),
    ).toEqual([]);
    expect((await disable(member.password, code)).statusCode).toBe(409);
    expect(await auditActions(t.app, member.id)).toContain('auth.2fa_disabled');
  });

  it('throttles wrong codes like wrong passwords, with 429 and Retry-After', async () => {
    const limited = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_SECONDS: '600' });
    try {
      const member = await createAccount(limited.app, 'admin', 'Guessed');
      const { secret } = await enableTwoFactor(limited.app, member);
      await forgetLastCode(limited.app, member.id);
      const start = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: member.password },
      });
      const { challengeToken } = start.json<{ challengeToken: string }>();
      const attempt = (code: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login/2fa',
          payload: { challengeToken, code },
          remoteAddress: ip,
        });
      // Counted per account and address, like passwords (services/auth.ts).
      for (let i = 0; i < 3; i++) expect((await attempt('000000', '10.9.0.1')).statusCode).toBe(401);
      const blocked = await attempt(totpCode(secret, totpStep(Date.now())), '10.9.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe(MESSAGES.auth.tooManyAttempts);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('an admin requires 2FA for all staff', () => {
  it('leaves an account without 2FA only what it needs to set it up, until it has', async () => {
    const member = await createAccount(t.app, 'editor', 'Must Enrol');
    const policy = (required: unknown, token = admin.accessToken) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/two-factor-policy',
        payload: { required },
        headers: bearer(token),
      });

    expect((await policy(true, member.accessToken)).statusCode).toBe(403);
    expect((await policy('yes')).statusCode).toBe(400);
    // The admin has no 2FA either: the change is allowed (it is the way in), then the admin is held too.
    const on = await policy(true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ required: true });
    try {
      const blocked = await post('/api/blogs', { title: 'T', content: 'C' }, bearer(member.accessToken));
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error).toBe(ACCOUNT_MESSAGES.twoFactorRequired);
      expect((await get('/api/auth/sessions', bearer(member.accessToken))).statusCode).toBe(403);
      expect((await get('/api/users', bearer(admin.accessToken))).statusCode).toBe(403);

      expect((await get('/api/auth/me', bearer(member.accessToken))).statusCode).toBe(200);
      const status = await get('/api/auth/2fa', bearer(member.accessToken));
      expect(status.json()).toMatchObject({ enabled: false, required: true });
      // Signing in still works: the client is sent to the setup.
      expect(Object.keys((await login(member.email, member.password)).json()).sort()).toEqual([
        'accessToken',
        'refreshToken',
        'user',
      ]);

      await enableTwoFactor(t.app, member);
      expect((await get('/api/auth/sessions', bearer(member.accessToken))).statusCode).toBe(200);
    } finally {
      await enableTwoFactor(t.app, admin);
      expect((await policy(false)).json()).toEqual({ required: false });
      await t.app.db
        .update(schema.users)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(schema.users.id, admin.id));
    }
    expect((await get('/api/users/two-factor-policy', bearer(admin.accessToken))).json()).toEqual({ required: false });
    const changes = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'settings.2fa_required_changed'))
      .orderBy(schema.auditLog.at);
    expect(changes.map((row) => row.data)).toEqual([
      { from: false, to: true },
      { from: true, to: false },
    ]);
  });
});

describe('an editor held for 2FA reading a hidden post', () => {
  it('is answered as anonymous (404 for a draft) until the account has 2FA', async () => {
    const member = await createAccount(t.app, 'editor', 'Draft Reader');
    const created = await post(
      '/api/blogs',
      { title: 'Held draft', content: 'Not yet public.', status: 'draft' },
      bearer(admin.accessToken),
    );
    expect(created.statusCode).toBe(201);
    const draft = created.json<{ _id: string; slug: string }>();
    const read = (idOrSlug: string) => get(`/api/blogs/${idOrSlug}`, bearer(member.accessToken));
    expect((await read(draft._id)).statusCode).toBe(200);

    const policy = (required: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/two-factor-policy',
        payload: { required },
        headers: bearer(admin.accessToken),
      });
    expect((await policy(true)).statusCode).toBe(200);
    try {
      for (const idOrSlug of [draft._id, draft.slug]) {
        const res = await read(idOrSlug);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(MESSAGES.blog.notFound);
      }
      await enableTwoFactor(t.app, member);
      expect((await read(draft.slug)).json()).toMatchObject({ _id: draft._id, status: 'draft' });
    } finally {
      await enableTwoFactor(t.app, admin);
      expect((await policy(false)).statusCode).toBe(200);
      await t.app.db
        .update(schema.users)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(schema.users.id, admin.id));
    }
  });
});

describe('sessions', () => {
  it('lists each sign-in with its browser and marks the current one; ending one stops its tokens', async () => {
    const member = await createAccount(t.app, 'editor', 'Many Devices');
    const phone = (await login(member.email, member.password, { 'user-agent': 'Phone Browser/1.0' })).json();
    const laptop = (await login(member.email, member.password, { 'user-agent': 'Laptop Browser/2.0' })).json();

    const list = await get('/api/auth/sessions', bearer(laptop.accessToken));
    expect(list.statusCode).toBe(200);
    const sessions =
      list.json<{ id: string; userAgent: string | null; current: boolean; createdAt: string; lastUsedAt: string }[]>();
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual(['Laptop Browser/2.0']);
    const phoneSession = sessions.find((s) => s.userAgent === 'Phone Browser/1.0')!;
    expect(Date.parse(phoneSession.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(phoneSession.createdAt));

    // A refresh keeps the session (same id) and moves its last use.
    const refreshed = await post('/api/auth/refresh-token', { refreshToken: phone.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const again = (await get('/api/auth/sessions', bearer(laptop.accessToken))).json<typeof sessions>();
    expect(again.map((s) => s.id).sort()).toEqual(sessions.map((s) => s.id).sort());

    // Another session than the caller's own: only with the current password (issue 21).
    const endPhone = (payload?: object) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${phoneSession.id}`,
        headers: bearer(laptop.accessToken),
        ...(payload ? { payload } : {}),
      });
    const bare = await endPhone();
    expect(bare.statusCode).toBe(401);
    expect(bare.json().fields).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired });
    expect((await get('/api/auth/me', bearer(phone.accessToken))).statusCode).toBe(200);
    const end = await endPhone({ currentPassword: member.password });
    expect(end.statusCode).toBe(204);
    expect((await get('/api/auth/me', bearer(phone.accessToken))).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { refreshToken: refreshed.json().refreshToken })).statusCode).toBe(
      401,
    );
    expect((await get('/api/auth/me', bearer(laptop.accessToken))).statusCode).toBe(200);
    expect(await auditActions(t.app, member.id)).toContain('auth.session_ended');
    const left = (await get('/api/auth/sessions', bearer(laptop.accessToken))).json<typeof sessions>();
    expect(left.map((s) => s.id)).not.toContain(phoneSession.id);

    const del = (id: string, token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${id}`,
        headers: bearer(token),
        payload: { currentPassword: member.password },
      });
    expect((await del(phoneSession.id, laptop.accessToken)).statusCode).toBe(404);
    expect((await del('not-a-uuid', laptop.accessToken)).json().error).toBe(ACCOUNT_MESSAGES.sessionNotFound);
    // Another account's session is not yours to end.
    const adminSessions = (await get('/api/auth/sessions', bearer(admin.accessToken))).json<typeof sessions>();
    expect((await del(adminSessions[0]!.id, laptop.accessToken)).statusCode).toBe(404);
    expect((await get('/api/auth/sessions')).statusCode).toBe(401);
  });

  it('an admin signs a team member out everywhere', async () => {
    const member = await createAccount(t.app, 'editor', 'Lost Laptop');
    const second = (await login(member.email, member.password)).json();
    const signOut = (id: string, token: string) => post(`/api/users/${id}/sign-out`, {}, bearer(token));

    expect((await signOut(admin.id, member.accessToken)).statusCode).toBe(403);
    expect((await signOut('00000000-0000-4000-8000-000000000000', admin.accessToken)).statusCode).toBe(404);
    expect((await signOut(member.id, admin.accessToken)).statusCode).toBe(204);
    for (const token of [member.accessToken, second.accessToken]) {
      expect((await get('/api/auth/me', bearer(token))).statusCode).toBe(401);
    }
    for (const refreshToken of [member.refreshToken, second.refreshToken]) {
      expect((await post('/api/auth/refresh-token', { refreshToken })).statusCode).toBe(401);
    }
    const live = await t.app.db
      .select()
      .from(schema.refreshTokens)
      .where(and(eq(schema.refreshTokens.userId, member.id)));
    expect(live.every((row) => row.revokedAt)).toBe(true);
    expect(await auditActions(t.app, member.id)).toContain('user.signed_out_everywhere');
    // The admin's own session is untouched.
    expect((await get('/api/auth/me', bearer(admin.accessToken))).statusCode).toBe(200);
  });
});
