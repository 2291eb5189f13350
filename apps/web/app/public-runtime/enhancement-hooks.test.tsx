// The public pages' plain-script behaviours find their elements by `data-*` attributes their components write
// (README, "Where a change goes"). Each component is rendered here as the server renders it: a component that
// drops an attribute its behaviour needs fails this test, not a visitor's tap.
import type { CookiesDocument } from '@agency/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CookieBanner } from '~/components/layout/cookie-banner';
import { BANNER_HOOKS } from '~/components/layout/cookie-banner.enhance';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { CookieTabs } from '~/components/policies/cookie-tabs';
import { TABS_HOOK } from '~/components/policies/cookie-tabs.enhance';

/** Whether `html` has an element with `attribute` (of `value`, when given). */
const has = (html: string, attribute: string, value?: string) =>
  new RegExp(`\\s${attribute}="${value ?? '[^"]*'}"`).test(html);

describe('the attributes each enhancement finds its elements by', () => {
  it('the cookie banner writes every hook of cookie-banner.enhance.ts, the footer its settings button', () => {
    const html = renderToString(<CookieBanner />);
    for (const hook of [BANNER_HOOKS.banner, BANNER_HOOKS.gpc, BANNER_HOOKS.preferences, BANNER_HOOKS.customize]) {
      expect(has(html, hook), hook).toBe(true);
    }
    for (const choice of ['accepted', 'necessary', 'custom']) expect(has(html, BANNER_HOOKS.choice, choice)).toBe(true);
    for (const category of ['analytics', 'marketing', 'preferences']) {
      expect(has(html, BANNER_HOOKS.category, category), category).toBe(true);
    }
    expect(has(renderToString(<SiteFooter />), BANNER_HOOKS.settings)).toBe(true);
  });

  it('the cookie policy’s tabs write the tab list hook and their panels’ ids', () => {
    const cookies = {
      tabs: [
        { id: 'what', label: 'What Are Cookies', body: [] },
        { id: 'table', label: 'Cookie Table', body: [] },
      ],
      table: [],
    } as unknown as CookiesDocument;
    const html = renderToString(<CookieTabs cookies={cookies} />);
    expect(has(html, TABS_HOOK)).toBe(true);
    expect(has(html, 'aria-controls', 'cookie-panel-what')).toBe(true);
    expect(has(html, 'id', 'cookie-panel-what')).toBe(true);
  });

  it('the header writes the menus’ and the quote link’s hooks (public-runtime/enhance.ts)', () => {
    const html = renderToString(<SiteHeader />);
    expect(has(html, 'data-early-toggle')).toBe(true);
    expect(has(html, 'aria-controls', 'mobile-menu')).toBe(true);
    expect(has(html, 'data-icon', 'open')).toBe(true);
    expect(has(html, 'data-icon', 'close')).toBe(true);
    expect(has(html, 'data-early-services')).toBe(true);
    expect(has(html, 'data-quote')).toBe(true);
  });
});
