import { describe, expect, it } from 'vitest';
import { isActivePath } from './navigation';

describe('isActivePath (the header marks the page the visitor is on)', () => {
  it('marks a link to the current page, whatever its case or trailing slash', () => {
    expect(isActivePath('/about', '/about')).toBe(true);
    expect(isActivePath('/about', '/About/')).toBe(true);
    expect(isActivePath('/', '/')).toBe(true);
  });

  it('marks a section for the pages under it, unless told to match exactly', () => {
    expect(isActivePath('/blog', '/blog/aws')).toBe(true);
    expect(isActivePath('/services', '/services/cloud', true)).toBe(false);
  });

  it('does not mark the home page, or a path that only starts with the same letters', () => {
    expect(isActivePath('/', '/about')).toBe(false);
    expect(isActivePath('/blog', '/blogger')).toBe(false);
  });
});
