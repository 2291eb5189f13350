// The signed-in session in localStorage under the keys the original client used: `token`, `refreshToken`,
// `user` (how long the tokens last and how they rotate: docs/product.md D5). Listeners hear every change,
// so the auth store and the API client stay in step when one of them rotates or clears the tokens.
import { UserSchema, type User } from '@agency/contract';

export const STORAGE_KEYS = { token: 'token', refreshToken: 'refreshToken', user: 'user' } as const;

export interface StoredSession {
  token: string | null;
  refreshToken: string | null;
  user: User | null;
}

export type SessionChange =
  | { type: 'saved'; session: StoredSession }
  | { type: 'tokens'; token: string; refreshToken: string }
  | { type: 'user'; user: User }
  | { type: 'cleared' };

const listeners = new Set<(change: SessionChange) => void>();
const emit = (change: SessionChange) => listeners.forEach((listener) => listener(change));

export function subscribeSession(listener: (change: SessionChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// localStorage is absent while rendering on the server and may throw in a locked-down browser.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const parsed = UserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readSession(): StoredSession {
  const store = storage();
  return {
    token: store?.getItem(STORAGE_KEYS.token) ?? null,
    refreshToken: store?.getItem(STORAGE_KEYS.refreshToken) ?? null,
    user: parseUser(store?.getItem(STORAGE_KEYS.user) ?? null),
  };
}

export const readToken = () => storage()?.getItem(STORAGE_KEYS.token) ?? null;
export const readRefreshToken = () => storage()?.getItem(STORAGE_KEYS.refreshToken) ?? null;

/** After login: all three entries. */
export function saveSession(session: { accessToken: string; refreshToken: string; user: User }) {
  const store = storage();
  store?.setItem(STORAGE_KEYS.token, session.accessToken);
  store?.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  store?.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  emit({
    type: 'saved',
    session: { token: session.accessToken, refreshToken: session.refreshToken, user: session.user },
  });
}

/** After a refresh: the rotated pair. */
export function saveTokens(token: string, refreshToken: string) {
  const store = storage();
  store?.setItem(STORAGE_KEYS.token, token);
  store?.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  emit({ type: 'tokens', token, refreshToken });
}

/** After /api/auth/me: the account as the server knows it now (its role may have changed). */
export function saveUser(user: User) {
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit({ type: 'user', user });
}

/** Logout or a failed refresh: every entry goes, the user too (docs/product.md D4). */
export function clearSession() {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.token);
  store?.removeItem(STORAGE_KEYS.refreshToken);
  store?.removeItem(STORAGE_KEYS.user);
  emit({ type: 'cleared' });
}
