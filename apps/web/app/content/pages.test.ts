import { BUILT_IN_BLOG_SLUGS, RESERVED_BLOG_SLUGS, RESERVED_JOB_SLUGS } from '@agency/contract';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGES, PUBLIC_RUNTIME_ROUTES } from './pages.ts';

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

describe('the lint fence of the public pages (eslint.config.js)', () => {
  // The routes it lets import React Router's browser exports, from its ignore list.
  const config = readFileSync(new URL('../../../../eslint.config.js', import.meta.url), 'utf8');
  const listed = /'apps\/web\/app\/routes\/\{([^}]+)\}\.tsx'/.exec(config)?.[1]?.split(',') ?? [];
  const name = (file: string) => file.replace(/^routes\//, '').replace(/\.tsx$/, '');

  it('lets every page that runs with React Router in the browser use it', () => {
    const routerPages = PAGES.filter((entry) => entry.routerInBrowser).map((entry) => name(entry.file));
    expect(routerPages.length).toBeGreaterThan(0);
    expect(listed).toEqual(expect.arrayContaining(routerPages));
  });

  it('fences every page that runs on the public runtime', () => {
    for (const route of PUBLIC_RUNTIME_ROUTES) expect(listed).not.toContain(name(route.file));
  });
});
