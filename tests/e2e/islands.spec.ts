// The public pages hydrate only their islands (docs/decisions/0024-public-pages-as-islands.md): every React root
// of a page is an element marked `data-island` (or the hosts' root of the dialogs, created on use), the header,
// the footer and the page's text are never hydrated, and no page loads React until it is used (a form page's
// form included). What a visitor does before an island's code has arrived is races.spec.ts's.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { gotoHydrated } from './support.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
});

/** What holds a React root, and whether React ever rendered parts of the static page. */
async function reactRoots(page: Page) {
  return page.evaluate(() => {
    const reactKeys = (element: Element, prefix: string) => Object.keys(element).some((key) => key.startsWith(prefix));
    const roots = Array.from(document.querySelectorAll('*')).filter((element) =>
      reactKeys(element, '__reactContainer$'),
    );
    const hydrated = (selector: string) =>
      Array.from(document.querySelectorAll(selector)).filter((element) => reactKeys(element, '__reactFiber$')).length;
    return {
      islands: roots.filter((root) => root.hasAttribute('data-island')).map((root) => root.getAttribute('data-island')),
      hosts: roots.filter((root) => root.hasAttribute('data-hosts')).length,
      others: roots.filter((root) => !root.hasAttribute('data-island') && !root.hasAttribute('data-hosts')).length,
      // Elements of the header, footer and main text that a React root drew (none may have been).
      staticHydrated: hydrated('header *, footer *, #main *:not([data-island] *):not([data-island])'),
      marked: Array.from(document.querySelectorAll('[data-island]')).map((island) =>
        island.getAttribute('data-island'),
      ),
    };
  });
}

/** Whether the page fetched React DOM (the `framework` file). */
function watchFramework(page: Page) {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/framework-[\w-]+\.js$/.test(request.url())) fetched.push(request.url());
  });
  return () => fetched.length > 0;
}

const PAGE_TYPES = [
  { type: 'home', path: '/' },
  { type: 'service landing page', path: '/cloud-migration' },
  { type: 'blog', path: '/blog' },
  { type: 'policy page', path: '/privacy' },
  { type: 'form page', path: '/connect' },
];

for (const { type, path } of PAGE_TYPES) {
  test(`the ${type} (${path}) hydrates only its islands, none before it is used`, async ({ page }) => {
    const reactFetched = watchFramework(page);
    // The page's clock, so its first seconds are skipped rather than waited through.
    await page.clock.install();
    await gotoHydrated(page, path);
    const loaded = await reactRoots(page);
    expect(loaded.islands).toEqual([]);
    expect(loaded.others).toBe(0);
    expect(loaded.staticHydrated).toBe(0);
    // The cookie banner is the server's markup with plain script (cookie-banner.enhance.ts), never a root.
    await expect(page.locator('[data-cookie-banner]')).toHaveCount(1);
    // Nothing of React in the page's first seconds without interaction: every timer due in them has run.
    await page.clock.fastForward(1500);
    // Read after a round trip to the page, so a request those timers started has been reported.
    expect((await reactRoots(page)).islands).toEqual([]);
    expect(reactFetched(), 'React DOM fetched without any interaction').toBe(false);

    // Used (a tap): every island hydrates, each as its own root; the rest stays the server's HTML.
    await page.getByRole('main').locator('h1').first().click();
    await expect.poll(async () => (await reactRoots(page)).islands.length).toBe(loaded.marked.length);
    const used = await reactRoots(page);
    expect([...used.islands].sort()).toEqual([...used.marked].sort());
    // The hosts' root (toasts, dialogs) comes with the first island; a page without one has none yet.
    expect(used.hosts).toBe(used.marked.length > 0 ? 1 : 0);
    expect(used.others).toBe(0);
    expect(used.staticHydrated).toBe(0);
  });
}
