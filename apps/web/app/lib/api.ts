// The browser's way to call /api: JSON or FormData bodies, the access token from the page's memory when asked for.
// An `auth: true` request that gets 401 renews the session once (the refresh token is the httpOnly session cookie,
// which the browser sends to /api/auth by itself) and is retried once; when that fails the session is cleared and
// the visitor goes to /login.
import { MESSAGES, SESSION_HEADER, type ApiError } from '@agency/contract';
import { clearSession, readToken, saveToken } from '~/state/session';
import { ApiRequestError, retryAfterOf } from './api-error';

export { ApiRequestError };

/** Sent with a sign-in: the refresh token goes into the session cookie only, never into the page. */
export const COOKIE_SESSION_HEADERS = { [SESSION_HEADER.name]: SESSION_HEADER.cookieOnly };

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Send the access token (and renew the session once on 401). */
  auth?: boolean;
}

function send(path: string, { body, auth = false, headers, ...init }: ApiOptions): Promise<Response> {
  const request = new Headers(headers);
  if (auth) {
    const token = readToken();
    if (token) request.set('authorization', `Bearer ${token}`);
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    request.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  return fetch(`/api${path}`, { ...init, headers: request, body: payload });
}

async function readError(response: Response): Promise<ApiError | null> {
  const data: unknown = await response.json().catch(() => null);
  return data && typeof data === 'object' && typeof (data as ApiError).error === 'string' ? (data as ApiError) : null;
}

/** The Web Locks API where the browser has it: tabs of the site renew the one session cookie one after another. */
async function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request('agency-session-refresh', work) : work();
}

/**
 * POST /api/auth/refresh-token with the session cookie: a new access token in memory, a new refresh token in the
 * cookie. Tabs take turns (each rotation spends the cookie the other tab would send, and a spent one sent again ends
 * the session). Throws ApiRequestError (the server's error, or 'Failed to refresh token').
 */
export async function refreshTokens(): Promise<{ accessToken: string }> {
  return oneTabAtATime(async () => {
    const response = await send('/auth/refresh-token', { method: 'POST', headers: COOKIE_SESSION_HEADERS });
    // 204: the browser has no session cookie (signed out), which is no error.
    if (response.status === 204) throw new ApiRequestError(401, { error: MESSAGES.auth.refreshFailed });
    if (!response.ok) {
      throw new ApiRequestError(response.status, (await readError(response)) ?? { error: MESSAGES.auth.refreshFailed });
    }
    const data = (await response.json().catch(() => null)) as { accessToken?: unknown } | null;
    if (typeof data?.accessToken !== 'string') {
      throw new ApiRequestError(response.status, { error: MESSAGES.auth.refreshFailed });
    }
    saveToken(data.accessToken);
    return { accessToken: data.accessToken };
  });
}

// Requests that fail together share one refresh: a rotated token may be used only once.
let refreshing: Promise<boolean> | null = null;
/** Renews the session from its cookie, once for all who ask at the same time; false when it has ended. */
export function renewSession(): Promise<boolean> {
  refreshing ??= refreshTokens()
    .then(() => true)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

// A 401 from these means the session is already over; refreshing would not help.
const NO_RETRY = new Set(['/auth/refresh-token', '/auth/logout']);

export async function apiFetch(path: string, options: ApiOptions = {}): Promise<Response> {
  const response = await send(path, options);
  if (!options.auth || response.status !== 401 || NO_RETRY.has(path)) return response;
  // A 401 naming a field (a wrong current password or code, services/reauth.ts) is not an expired session.
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (body && typeof body === 'object' && 'fields' in body) return response;
  if (await renewSession()) return send(path, options);
  clearSession();
  window.location.assign('/login');
  return response;
}

/** apiFetch that resolves to the parsed JSON and throws ApiRequestError with the server's error. */
export async function apiJson<T>(path: string, options?: ApiOptions): Promise<T> {
  const response = await apiFetch(path, options);
  if (!response.ok) {
    const retryAfter = retryAfterOf(response.headers.get('retry-after'));
    throw new ApiRequestError(response.status, await readError(response), retryAfter);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => null)) as T;
}
