// The signed-in session in this page's memory only (issue 33 item 1): the access token and the account. The refresh
// token lives in an httpOnly cookie no script can read (SESSION_COOKIE in the contract); a page opened or reloaded
// trades it for a new access token (restoreSession in ./auth.ts). Nothing of a session is in localStorage or
// sessionStorage: what earlier versions stored there is removed when this module loads. Listeners hear every
// change, so the auth store and the API client stay in step when one of them renews or clears the session.
import type { User } from '@agency/contract';

/** Where earlier versions kept the session (`token`, `refreshToken`, `user`): cleared on load. */
export const FORMER_STORAGE_KEYS = ['token', 'refreshToken', 'user'] as const;

export interface MemorySession {
  token: string | null;
  user: User | null;
}

export type SessionChange =
  | { type: 'saved'; session: MemorySession }
  | { type: 'token'; token: string }
  | { type: 'user'; user: User }
  | { type: 'cleared' };

let current: MemorySession = { token: null, user: null };
const listeners = new Set<(change: SessionChange) => void>();
const emit = (change: SessionChange) => listeners.forEach((listener) => listener(change));

export function subscribeSession(listener: (change: SessionChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const readSession = (): MemorySession => current;
export const readToken = () => current.token;

/** After a sign-in: the access token and the account. */
export function saveSession(session: { accessToken: string; user: User }) {
  current = { token: session.accessToken, user: session.user };
  emit({ type: 'saved', session: current });
}

/** After a refresh: the new access token (the new refresh token went into the cookie). */
export function saveToken(token: string) {
  current = { ...current, token };
  emit({ type: 'token', token });
}

/** After /api/auth/me: the account as the server knows it now (its role may have changed). */
export function saveUser(user: User) {
  current = { ...current, user };
  emit({ type: 'user', user });
}

/** Logout or a failed refresh: the token and the account go (docs/product.md D4). */
export function clearSession() {
  current = { token: null, user: null };
  emit({ type: 'cleared' });
}

/** Removes a session an earlier version kept in the browser's storage (either may be absent or refuse access). */
export function forgetStoredSession() {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const store = globalThis[name] as Storage | undefined;
      for (const key of FORMER_STORAGE_KEYS) store?.removeItem(key);
    } catch {
      // A locked-down browser: nothing was stored there either.
    }
  }
}

if (typeof window !== 'undefined') forgetStoredSession();
