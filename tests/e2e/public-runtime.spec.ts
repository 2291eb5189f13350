// The public pages run on the site's own runtime, not React Router (docs/decisions/0014): what a visitor and
// a crawler meet is the same. Since the islands (docs/decisions/0024), links between public pages are plain
// links: each page is a new document.
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { gotoHydrated } from './support.ts';

/** The text of every script the page loaded until it was hydrated (later ones, fetched on first use, are left). */
async function loadedScripts(page: Page, path: string) {
  const scripts: Promise<string>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  };
  page.on('response', onResponse);
  await gotoHydrated(page, path);
  page.off('response', onResponse);
  return Promise.all(scripts);
}

for (const path of ['/', '/connect', '/career', '/blog', '/cloud-migration', '/blog/aws', '/quote-uk']) {
  test(`${path} hydrates without React Router's browser code`, async ({ page }) => {
    const scripts = await loadedScripts(page, path);
    expect(scripts.length).toBeGreaterThan(0);
    // React Router's browser build announces itself as window.__reactRouterVersion.
    for (const text of scripts) expect(text).not.toContain('__reactRouterVersion');
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  });
}

test('the admin sign-in page still runs on React Router', async ({ page }) => {
  const scripts = await loadedScripts(page, '/login');
  expect(scripts.some((text) => text.includes('__reactRouterVersion'))).toBe(true);
});

test('a link loads the next page as a new document, with its head, and back restores the first and its scroll', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const homeTitle = await page.title();
  await page.evaluate(() => Object.assign(window, { firstDocument: true }));
  await page.evaluate(() => window.scrollTo(0, 900));

  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
  await expect(page).toHaveTitle(/^About Us/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about$/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/about$/);
  await expect(page.locator('head title')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Links between public pages are plain links (docs/decisions/0024): a new document.
  expect(await page.evaluate(() => 'firstDocument' in window), 'a new document').toBe(false);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(homeTitle);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);

  await page.goForward();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle(/^About Us/);
});

test('the blog search opens its results as a new page, the search box keeping the words', async ({ page }) => {
  await gotoHydrated(page, '/blog');
  const search = page.getByRole('search');
  await search.getByRole('searchbox').fill('cloud');
  await search.getByRole('button').click();
  await expect(page).toHaveURL(/\/blog\?q=cloud$/);
  await expect(page).toHaveTitle(/Search results for “cloud”/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “cloud”');
  await expect(page.getByRole('search').getByRole('searchbox')).toHaveValue('cloud');
});

test('a link to a page outside the public runtime loads it as a new document', async ({ page }) => {
  await gotoHydrated(page, '/about');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  // No public page links to the sign-in page (staff are given its address): a footer link stands in for one.
  await page.evaluate(() => {
    const link = document.querySelector<HTMLAnchorElement>('footer a[href="/privacy"]');
    if (link) link.setAttribute('href', '/login');
  });
  await page.locator('footer a[href="/login"]').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
});
