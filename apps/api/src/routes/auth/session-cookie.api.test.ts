// Issue 33 item 1: the browser's refresh token in an httpOnly, SameSite=Strict cookie on /api/auth (Secure on an
// https:// site), renewed from the cookie, cleared by sign-out, refused from another site; API clients keep their
// tokens in JSON bodies and `Authorization: Bearer`, exactly as before.
import { SESSION_COOKIE } from '@agency/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, nowCode, turnOnTwoFactor, type Account } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const SITE = 'https://agency.test';
let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: SITE });
  admin = await createAccount(t.app, 'admin');
});
afterAll(() => t.close());

interface SetCookie {
  value: string;
  attributes: Map<string, string>;
}

/** The session cookie a response sets, with its attributes (lower-case names), or undefined. */
function sessionCookieIn(response: LightMyRequestResponse): SetCookie | undefined {
  const headers = [response.headers['set-cookie'] ?? []].flat();
  for (const header of headers) {
    const [pair = '', ...parts] = header.split(';').map((part) => part.trim());
    const [name, value = ''] = pair.split(/=(.*)/s);
    if (name !== SESSION_COOKIE.name) continue;
    const attributes = new Map(
      parts.map((part) => {
        const [key = '', val = ''] = part.split('=');
        return [key.toLowerCase(), val] as const;
      }),
    );
    return { value, attributes };
  }
  return undefined;
}

const cookieHeader = (value: string) => ({ cookie: `${SESSION_COOKIE.name}=${value}` });
const login = (account: Account, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
    headers,
  });
const refresh = (headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers, ...(payload && { payload }) });
const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

/** A browser's sign-in: the session cookie's value and the access token it got. */
async function browserSignIn(account: Account) {
  const res = await login(account, { 'x-session': 'cookie', origin: SITE });
  expect(res.statusCode).toBe(200);
  const cookie = sessionCookieIn(res);
  if (!cookie) throw new Error('no session cookie');
  return { cookie: cookie.value, accessToken: res.json<{ accessToken: string }>().accessToken };
}

describe('the session cookie', () => {
  it('a sign-in sets it httpOnly, SameSite=Strict, Secure on https, for /api/auth only, for the session’s term', async () => {
    const res = await login(admin);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieIn(res);
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.attributes.has('httponly')).toBe(true);
    expect(cookie?.attributes.get('samesite')).toBe('Strict');
    expect(cookie?.attributes.has('secure')).toBe(true);
    expect(cookie?.attributes.get('path')).toBe('/api/auth');
    // Thirty days, the refresh token's term (REFRESH_TOKEN_TTL_DAYS), give or take the second of the request.
    expect(Number(cookie?.attributes.get('max-age'))).toBeGreaterThan(29 * 86_400);
    // An API client that asked nothing gets its tokens in the body as before: the same refresh token.
    expect(res.json()).toMatchObject({ accessToken: expect.any(String), refreshToken: cookie?.value });
  });

  it('is not Secure on an http:// site (a machine of one’s own)', async () => {
    const local = await createTestApp({ SITE_URL: 'http://127.0.0.1:3000' });
    try {
      const account = await createAccount(local.app, 'editor');
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      const cookie = sessionCookieIn(res);
      expect(cookie?.attributes.get('samesite')).toBe('Strict');
      expect(cookie?.attributes.has('httponly')).toBe(true);
      expect(cookie?.attributes.has('secure')).toBe(false);
    } finally {
      await local.close();
    }
  });

  it('a browser asking for the cookie only (X-Session: cookie) gets no refresh token in the body', async () => {
    const res = await login(admin, { 'x-session': 'cookie' });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieIn(res)?.value).toBeTruthy();
    expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'user']);
  });

  it('renews the session from the cookie: a new access token in the body, the new refresh token in the cookie only', async () => {
    const session = await browserSignIn(admin);
    const renewed = await refresh({ ...cookieHeader(session.cookie), origin: SITE });
    expect(renewed.statusCode).toBe(200);
    expect(Object.keys(renewed.json())).toEqual(['accessToken']);
    const next = sessionCookieIn(renewed);
    expect(next?.value).toBeTruthy();
    expect(next?.value).not.toBe(session.cookie);
    expect(next?.attributes.has('httponly')).toBe(true);
    expect(next?.attributes.get('samesite')).toBe('Strict');
    expect(next?.attributes.get('path')).toBe('/api/auth');
    expect((await me(renewed.json().accessToken)).statusCode).toBe(200);
    // The next renewal uses the new cookie; the spent one sent again ends the session and is cleared.
    expect((await refresh(cookieHeader(next!.value))).statusCode).toBe(200);
    const reused = await refresh(cookieHeader(session.cookie));
    expect(reused.statusCode).toBe(401);
    expect(sessionCookieIn(reused)?.value).toBe('');
    expect((await me(renewed.json().accessToken)).statusCode).toBe(401);
  });

  it('a page reload after a restart: another instance of the app renews the cookie of the first', async () => {
    const session = await browserSignIn(admin);
    const restarted = await t.secondInstance();
    const renewed = await restarted.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: cookieHeader(session.cookie),
    });
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().accessToken)).statusCode).toBe(200);
  });

  it('without a token in the body or a cookie, refresh and logout answer 400 naming refreshToken; a browser 204', async () => {
    for (const url of ['/api/auth/refresh-token', '/api/auth/logout']) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fields), url).toEqual(['refreshToken']);
      // A page opened while signed out: nothing to renew or end, and no error for the browser to report.
      const signedOut = await t.app.inject({ method: 'POST', url, headers: { 'x-session': 'cookie' } });
      expect(signedOut.statusCode, url).toBe(204);
      expect(sessionCookieIn(signedOut), url).toBeUndefined();
    }
  });

  it('sign-out ends the cookie’s session and clears the cookie', async () => {
    const session = await browserSignIn(admin);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...cookieHeader(session.cookie), origin: SITE },
    });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookieIn(out);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes.get('path')).toBe('/api/auth');
    expect(new Date(cleared?.attributes.get('expires') ?? '').getTime()).toBeLessThan(Date.now());
    expect((await refresh(cookieHeader(session.cookie))).statusCode).toBe(401);
    expect((await me(session.accessToken)).statusCode).toBe(401);
  });

  it('refuses a write carrying the cookie from another site (403), and leaves the session alone', async () => {
    const session = await browserSignIn(admin);
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      for (const url of ['/api/auth/refresh-token', '/api/auth/logout']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...cookieHeader(session.cookie), ...headers },
        });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // Still the same session: the cookie was never spent.
    expect((await me(session.accessToken)).statusCode).toBe(200);
    expect((await refresh({ ...cookieHeader(session.cookie), 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('API clients are unchanged: tokens in the body, Bearer, no cookie needed, whatever Origin they send', async () => {
    const res = await login(admin);
    const { accessToken, refreshToken } = res.json<{ accessToken: string; refreshToken: string }>();
    expect((await me(accessToken)).statusCode).toBe(200);
    const renewed = await refresh({ origin: 'https://tool.example' }, { refreshToken });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(sessionCookieIn(renewed)).toBeUndefined();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: renewed.json().refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(sessionCookieIn(out)).toBeUndefined();
    expect((await refresh({}, { refreshToken: renewed.json().refreshToken })).statusCode).toBe(401);
  });

  it('a sign-in with 2FA sets the cookie at its second step only', async () => {
    const member = await createAccount(t.app, 'editor', 'Two Step');
    const { secret } = await turnOnTwoFactor(t.app, member);
    const first = await login(member, { 'x-session': 'cookie' });
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    expect(sessionCookieIn(first)).toBeUndefined();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      headers: { 'x-session': 'cookie' },
      payload: { challengeToken: first.json().challengeToken, code: nowCode(secret) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().refreshToken).toBeUndefined();
    const cookie = sessionCookieIn(second);
    expect((await refresh(cookieHeader(cookie!.value))).statusCode).toBe(200);
  });

  it('the cookie’s session is listed, ends with "sign out" of its session, and with an admin’s "sign out everywhere"', async () => {
    const member = await createAccount(t.app, 'editor', 'Listed');
    const session = await browserSignIn(member);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    const current = list.json<{ id: string; current: boolean }[]>().find((entry) => entry.current);
    expect(current).toBeDefined();
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${current!.id}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(ended.statusCode).toBe(204);
    expect((await refresh(cookieHeader(session.cookie))).statusCode).toBe(401);

    const again = await browserSignIn(member);
    const everywhere = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/sign-out`,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(everywhere.statusCode).toBe(204);
    expect((await refresh(cookieHeader(again.cookie))).statusCode).toBe(401);
  });

  it('a sign-in by the native form sets the cookie and puts no token in the page', async () => {
    const member = await createAccount(t.app, 'editor', 'Native');
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      payload: new URLSearchParams({ email: member.email, password: member.password }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: expect.objectContaining({ email: member.email }) });
    const cookie = sessionCookieIn(res);
    expect(cookie?.attributes.has('httponly')).toBe(true);
    expect((await refresh(cookieHeader(cookie!.value))).statusCode).toBe(200);
  });

  it('the OpenAPI document describes the cookie beside the bearer token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE.name,
    });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of ['/api/auth/refresh-token', '/api/auth/logout']) {
      expect(doc.paths[path].post.security, path).toEqual([{ sessionCookie: [] }, {}]);
    }
    const header = doc.paths['/api/auth/login'].post.parameters.find((p: { name: string }) => p.name === 'x-session');
    expect(header).toMatchObject({ in: 'header' });
  });
});
