// The browser's way to call /api: JSON or FormData bodies, the stored bearer token when asked for.
// (The accounts work adds the one transparent refresh-and-retry on 401.)
import type { ApiError } from '@agency/contract';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
  ) {
    super(body?.error ?? `Request failed with status ${status}`);
  }
}

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Send the stored access token. */
  auth?: boolean;
}

export async function apiFetch(path: string, { body, auth = false, headers, ...init }: ApiOptions = {}): Promise<Response> {
  const request = new Headers(headers);
  if (auth) {
    const token = localStorage.getItem('token');
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

/** apiFetch that resolves to the parsed JSON and throws ApiRequestError with the server's error. */
export async function apiJson<T>(path: string, options?: ApiOptions): Promise<T> {
  const response = await apiFetch(path, options);
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiRequestError(response.status, data as ApiError | null);
  return data as T;
}
