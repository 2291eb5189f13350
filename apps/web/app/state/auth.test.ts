import { MESSAGES, type User } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState } from './auth';

const user: User = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada',
  username: 'Ada',
  email: 'ada@example.test',
  role: 'admin',
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('authReducer', () => {
  it('login pending sets loading and clears the previous error', () => {
    const state = authReducer({ ...initialAuthState, error: 'Login failed' }, { type: 'auth/pending' });
    expect(state).toMatchObject({ loading: true, error: null });
  });

  it('login fulfilled stores the token and the user', () => {
    const state = authReducer(
      { ...initialAuthState, loading: true },
      { type: 'auth/loginFulfilled', token: 't1', user },
    );
    expect(state).toEqual({ user, token: 't1', loading: false, error: null });
  });

  it('a two-factor challenge stops loading without signing in', () => {
    const state = authReducer({ ...initialAuthState, loading: true }, { type: 'auth/challenged' });
    expect(state).toEqual({ user: null, token: null, loading: false, error: null });
  });

  it('a rejection stores the error and stops loading', () => {
    const state = authReducer(
      { ...initialAuthState, loading: true },
      { type: 'auth/rejected', error: MESSAGES.auth.loginFailed },
    );
    expect(state).toMatchObject({ loading: false, error: 'Login failed' });
  });

  it('refresh success replaces only the token', () => {
    const state = authReducer(
      { ...initialAuthState, token: 'old', user },
      { type: 'auth/refreshFulfilled', token: 'new' },
    );
    expect(state).toMatchObject({ token: 'new', user });
  });

  it('logout clears the user and the token', () => {
    const state = authReducer({ ...initialAuthState, token: 't', user }, { type: 'auth/logout' });
    expect(state).toMatchObject({ token: null, user: null });
  });
});
