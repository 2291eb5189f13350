import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPathFor } from './after-login';

describe('loginPathFor', () => {
  it('is plain /login for the bare admin path, and carries any other admin link', () => {
    expect(loginPathFor('/admin')).toBe('/login');
    expect(loginPathFor('/admin?lead=quotes/abc')).toBe('/login?next=%2Fadmin%3Flead%3Dquotes%2Fabc');
  });
});

describe('afterLoginPath', () => {
  it('returns to the admin link that asked for the login', () => {
    expect(afterLoginPath(loginPathFor('/admin?lead=quotes/abc').split('?')[1]!)).toBe('/admin?lead=quotes/abc');
    expect(afterLoginPath('?next=%2Fadmin')).toBe('/admin');
    expect(afterLoginPath(loginPathFor('/admin/leads/quotes/abc').split('?')[1]!)).toBe('/admin/leads/quotes/abc');
  });

  it('goes to /admin without a next, or when next points anywhere else', () => {
    for (const search of [
      '',
      '?next=',
      '?next=https://evil.test/admin',
      '?next=//evil.test',
      '?next=/administrator',
      '?next=/blog',
    ]) {
      expect(afterLoginPath(search), search).toBe('/admin');
    }
  });
});
