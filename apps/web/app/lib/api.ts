// The browser's way to call /api: JSON or FormData bodies, the stored bearer token when asked for.
// An `auth: true` request that gets 401 refreshes the session once (rotating both tokens) and is
// retried once; when the refresh fails the session is cleared and the visitor goes to /login.
import { MESSAGES, type ApiError } from '@agency/contract';
import { clearSession, readRefreshToken, readToken, saveTokens } from '~/state/session';
import { ApiRequestError } from './api-error';

export { ApiRequestError };

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Send the stored access token (and refresh it once on 401). */
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

/**
 * POST /api/auth/refresh-token with the stored refresh token; stores the rotated pair.
 * Throws ApiRequestError (the server's error, or 'Failed to refresh token').
 */
export async function refreshTokens(): Promise<{ accessToken: string; refreshToken: string }> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) throw new ApiRequestError(401, { error: MESSAGES.auth.refreshFailed });
  const response = await send('/auth/refresh-token', { method: 'POST', body: { refreshToken } });
  if (!response.ok) {
    throw new ApiRequestError(response.status, (await readError(response)) ?? { error: MESSAGES.auth.refreshFailed });
  }
  const data = (await response.json().catch(() => null)) as { accessToken?: unknown; refreshToken?: unknown } | null;
  if (typeof data?.accessToken !== 'string' || typeof data.refreshToken !== 'string') {
    throw new ApiRequestError(response.status, { error: MESSAGES.auth.refreshFailed });
  }
  saveTokens(data.accessToken, data.refreshToken);
  return { accessToken: data.accessToken, refreshToken: data.refreshToken };
}

// Requests that fail together share one refresh: a rotated token may be used only once.
let refreshing: Promise<boolean> | null = null;
function refreshOnce(): Promise<boolean> {
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
  if (await refreshOnce()) return send(path, options);
  clearSession();
  window.location.assign('/login');
  return response;
}

/** apiFetch that resolves to the parsed JSON and throws ApiRequestError with the server's error. */
export async function apiJson<T>(path: string, options?: ApiOptions): Promise<T> {
  const response = await apiFetch(path, options);
  if (!response.ok) throw new ApiRequestError(response.status, await readError(response));
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => null)) as T;
}
