// The browser's session cookie (issue 33 item 1, docs/decisions/0031-sessions-in-cookies.md): the refresh token
// in an httpOnly, SameSite=Strict cookie sent only to /api/auth (Secure when SITE_URL is https://), so no script
// on the page can read it; the access token stays in the page's memory and goes out as `Authorization: Bearer`,
// as an API client's does. A write that carries the cookie is refused when the browser says another site made it.
import { MESSAGES, REFRESH_TOKEN_TTL_DAYS, SESSION_COOKIE, SESSION_HEADER } from '@agency/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from './http-error.ts';
import { isCrossSite } from './same-site.ts';

export interface SessionCookieOptions {
  /** SITE_URL: an https:// site gets a Secure cookie. */
  siteUrl: string;
}

function attributes(siteUrl: string) {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: siteUrl.startsWith('https://'),
    path: SESSION_COOKIE.path,
  } as const;
}

/** Sets the session cookie to `refreshToken`, kept until `expiresAt` (its session's end; a login's: the full term). */
export function setSessionCookie(
  reply: FastifyReply,
  siteUrl: string,
  refreshToken: string,
  expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  void reply.setCookie(SESSION_COOKIE.name, refreshToken, { ...attributes(siteUrl), maxAge });
}

/** Tells the browser to forget the session cookie (sign-out, a refresh the server refused). */
export function clearSessionCookie(reply: FastifyReply, siteUrl: string) {
  void reply.clearCookie(SESSION_COOKIE.name, attributes(siteUrl));
}

/** The refresh token of the request's session cookie, if it has one. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE.name];
  return value ? value : undefined;
}

/** Whether the request asked for its refresh token in the cookie only (`X-Session: cookie`, what the browser sends). */
export function wantsCookieOnly(request: FastifyRequest): boolean {
  return request.headers[SESSION_HEADER.name] === SESSION_HEADER.cookieOnly;
}

/**
 * onRequest hook of /api/auth: a write (anything but GET and HEAD) carrying the session cookie is refused with 403
 * when the browser says another site made it (`Origin`, else `Sec-Fetch-Site`: lib/same-site.ts, as for the native
 * forms). SameSite=Strict already keeps the cookie off such requests in current browsers; this holds for the rest.
 * Requests without the cookie (API clients with a bearer token or a refresh token in the body) are not concerned.
 */
export function refuseCrossSiteCookieWrites(siteUrl: string): onRequestAsyncHookHandler {
  const siteOrigin = new URL(siteUrl).origin.toLowerCase();
  return async function sameSiteCookieWrites(request: FastifyRequest, _reply: FastifyReply) {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (!sessionCookieOf(request)) return;
    if (isCrossSite(request, siteOrigin)) throw new HttpError(403, MESSAGES.http.crossSite);
  };
}

/**
 * The answer of a route that opens a session (login, its second step, an accepted invitation): the session cookie
 * is set, and the body keeps the refresh token unless the request asked for the cookie only.
 */
export function answerNewSession<T extends { refreshToken?: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  siteUrl: string,
  session: T,
): T {
  if (!session.refreshToken) return session;
  setSessionCookie(reply, siteUrl, session.refreshToken);
  if (!wantsCookieOnly(request)) return session;
  const { refreshToken: _inCookie, ...body } = session;
  return body as T;
}
