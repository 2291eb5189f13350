import { BUILT_IN_BLOG_SLUGS, RESERVED_BLOG_SLUGS, RESERVED_JOB_SLUGS } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.ts';

/** The last segment of each listed page directly under `prefix` (e.g. "/career/" → "thank-you"). */
const pagesUnder = (prefix: string) =>
  PAGES.filter((entry) => entry.path.startsWith(prefix)).map((entry) => entry.path.slice(prefix.length));

describe('page addresses that posts and openings must never take', () => {
  it('every page under /career is a reserved job slug', () => {
    const career = pagesUnder('/career/');
    expect(career).toContain('thank-you');
    expect(RESERVED_JOB_SLUGS).toEqual(expect.arrayContaining(career));
  });

  it('every page under /blog is a built-in article or a reserved blog slug', () => {
    expect([...BUILT_IN_BLOG_SLUGS, ...RESERVED_BLOG_SLUGS]).toEqual(expect.arrayContaining(pagesUnder('/blog/')));
  });
});
