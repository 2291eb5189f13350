// The auth slice (accounts: docs/product.md D5): reducer, store and the async actions login, register
// and logout (the API client renews the session by itself on 401). The access token and the account live in the
// page's memory (./session.ts), the refresh token in the httpOnly session cookie: restoreSession renews a session
// after a reload.
import {
  ACCOUNT_MESSAGES,
  LoginResponseSchema,
  MESSAGES,
  TwoFactorChallengeSchema,
  TwoFactorStatusSchema,
  type LoginTwoFactorInput,
  UserSchema,
  type LoginInput,
  type RegisterInput,
  type User,
} from '@agency/contract';
import { useEffect } from 'react';
import { ApiRequestError, COOKIE_SESSION_HEADERS, apiFetch, apiJson, renewSession } from '~/lib/api';
import { clearSession, readSession, readToken, saveSession, saveUser, subscribeSession } from './session';
import { createStore, useStore } from './store';

export interface AuthState {
  user: User | null;
  token: string | null;
  loading: boolean;
  error: string | null;
}

export type AuthAction =
  | { type: 'auth/pending' }
  | { type: 'auth/loginFulfilled'; token: string; user: User }
  | { type: 'auth/registerFulfilled' }
  /** The password was right; the two-factor code is due. */
  | { type: 'auth/challenged' }
  | { type: 'auth/rejected'; error: string }
  | { type: 'auth/refreshFulfilled'; token: string }
  | { type: 'auth/userLoaded'; user: User }
  | { type: 'auth/clearError' }
  | { type: 'auth/logout' };

export const initialAuthState: AuthState = { user: null, token: null, loading: false, error: null };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'auth/pending':
      return { ...state, loading: true, error: null };
    case 'auth/loginFulfilled':
      return { ...state, loading: false, error: null, token: action.token, user: action.user };
    case 'auth/registerFulfilled':
    case 'auth/challenged':
      return { ...state, loading: false, error: null };
    case 'auth/rejected':
      return { ...state, loading: false, error: action.error };
    case 'auth/refreshFulfilled':
      return { ...state, token: action.token };
    case 'auth/userLoaded':
      return { ...state, user: action.user };
    case 'auth/clearError':
      return state.error ? { ...state, error: null } : state;
    case 'auth/logout':
      return { ...state, user: null, token: null, loading: false, error: null };
  }
}

/** What the page's memory holds at start (./session.ts): nothing, until a sign-in or restoreSession. */
export const authStore = createStore(authReducer, () => {
  const { token, user } = readSession();
  return { ...initialAuthState, token, user };
});

// Changes made elsewhere (the API client's transparent refresh, a cleared session) reach the store.
if (typeof window !== 'undefined') {
  subscribeSession((change) => {
    if (change.type === 'token') authStore.dispatch({ type: 'auth/refreshFulfilled', token: change.token });
    if (change.type === 'cleared' && authStore.getState().token) authStore.dispatch({ type: 'auth/logout' });
  });
}

export const useAuth = () => useStore(authStore, initialAuthState);

/** The server's error sentence, or `fallback` when it sent none. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.body?.error ? error.body.error : fallback;
}

/**
 * Resolves true when signed in, `{ challengeToken }` when the account has two-factor sign-in and a
 * code is due (loginWithCode), false on failure (the error is in the state).
 */
export async function login(input: LoginInput): Promise<boolean | { challengeToken: string }> {
  authStore.dispatch({ type: 'auth/pending' });
  try {
    const data = await apiJson<unknown>('/auth/login', {
      method: 'POST',
      body: input,
      headers: COOKIE_SESSION_HEADERS,
    });
    const challenge = TwoFactorChallengeSchema.safeParse(data);
    if (challenge.success) {
      authStore.dispatch({ type: 'auth/challenged' });
      return { challengeToken: challenge.data.challengeToken };
    }
    return keepSession(data);
  } catch (error) {
    authStore.dispatch({ type: 'auth/rejected', error: errorText(error, MESSAGES.auth.loginFailed) });
    return false;
  }
}

/** Keeps a sign-in's answer: the access token and the account in memory, the store signed in. */
export function keepSession(response: unknown): true {
  const data = LoginResponseSchema.parse(response);
  saveSession(data);
  authStore.dispatch({ type: 'auth/loginFulfilled', token: data.accessToken, user: data.user });
  return true;
}

/**
 * True when the page has a session: the access token in memory, or else a new one for the session cookie (a
 * reloaded page, a new tab, a sign-in posted before the script ran). False when there is no session to renew.
 */
export async function restoreSession(): Promise<boolean> {
  if (readToken()) return true;
  return renewSession();
}

/**
 * A page a sign-in form posted to before its script ran (lib/native-form.ts) answers with the account, the session
 * in its cookie: it is renewed into the page's memory, then `enter` goes on as a sign-in by script would.
 */
export function useNativeSession(session: unknown, enter: () => Promise<void>) {
  useEffect(() => {
    if (!session) return;
    void restoreSession().then((signedIn) => (signedIn ? enter() : undefined));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);
}

/** The second step of a sign-in with 2FA: a code from the app or a recovery code. */
export async function loginWithCode(input: LoginTwoFactorInput): Promise<boolean> {
  authStore.dispatch({ type: 'auth/pending' });
  try {
    const answer = await apiJson<unknown>('/auth/login/2fa', {
      method: 'POST',
      body: input,
      headers: COOKIE_SESSION_HEADERS,
    });
    return keepSession(answer);
  } catch (error) {
    authStore.dispatch({ type: 'auth/rejected', error: errorText(error, MESSAGES.auth.loginFailed) });
    return false;
  }
}

/** True when an admin requires 2FA and this account has not set it up: it may only do that. */
export async function mustSetUpTwoFactor(): Promise<boolean> {
  try {
    const status = TwoFactorStatusSchema.parse(await apiJson<unknown>('/auth/2fa', { auth: true }));
    return status.required && !status.enabled;
  } catch {
    return false;
  }
}

/**
 * Accepts an invitation (POST /api/auth/invites/accept): the answer is a login's, so the new account is
 * signed in at once. Throws ApiRequestError with the server's sentence and fields.
 */
export async function acceptInvite(input: { token: string; name: string; password: string }): Promise<true> {
  const answer = await apiJson<unknown>('/auth/invites/accept', {
    method: 'POST',
    body: input,
    headers: COOKIE_SESSION_HEADERS,
  });
  return keepSession(answer);
}

/** Registers; answers `admin` for the site's first account (its admin), `pending` for any other, false on a refusal. */
export async function register(input: RegisterInput): Promise<'admin' | 'pending' | false> {
  authStore.dispatch({ type: 'auth/pending' });
  try {
    const answer = await apiJson<unknown>('/auth/register', { method: 'POST', body: input });
    authStore.dispatch({ type: 'auth/registerFulfilled' });
    const message = answer && typeof answer === 'object' && 'message' in answer ? answer.message : null;
    return message === ACCOUNT_MESSAGES.registeredAdmin ? 'admin' : 'pending';
  } catch (error) {
    authStore.dispatch({ type: 'auth/rejected', error: errorText(error, MESSAGES.auth.registrationFailed) });
    return false;
  }
}

/** Re-reads the account, whose role an admin may have changed since login. */
export async function loadCurrentUser(): Promise<User | null> {
  try {
    const data = await apiJson<unknown>('/auth/me', { auth: true });
    const parsed = UserSchema.safeParse(data && typeof data === 'object' && 'user' in data ? data.user : data);
    if (!parsed.success) return null;
    saveUser(parsed.data);
    authStore.dispatch({ type: 'auth/userLoaded', user: parsed.data });
    return parsed.data;
  } catch {
    return null;
  }
}

/** Ends the session on the server (best effort; its answer clears the session cookie) and forgets it here. */
export async function logout(): Promise<void> {
  await apiFetch('/auth/logout', { method: 'POST', headers: COOKIE_SESSION_HEADERS }).catch(() => undefined);
  clearSession();
  authStore.dispatch({ type: 'auth/logout' });
}
