// The twelve service landing pages: prerendered content, FAQ, mail draft, links, JSON-LD, accessibility.
import { SERVICE_PAGES } from '@agency/contract/content/service-pages.ts';
import { SERVICES_CATALOGUE } from '@agency/contract/content/services.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Written out here rather than read from the content, so a content change that breaks docs/product.md fails.
const FAQ_COUNTS: Record<string, number> = {
  '/cloud-services': 3,
  '/cloud-storage-backup': 4,
  '/it-support': 5,
  '/custom-development': 4,
  '/wordpress-development': 4,
  '/ecommerce-development': 4,
  '/server-setup': 4,
  '/cloud-migration': 4,
  '/network-design': 4,
  '/vpn-setup': 4,
  '/firewall': 4,
  '/system-upgrade': 4,
};
const PATHS = Object.keys(FAQ_COUNTS);
const MAILTO = /^mailto:[^?]+@[^?]+\?subject=Inquiry$/;

const titleOf = (path: string) => {
  const slug = SERVICES_CATALOGUE.find((service) => service.path === path)?.slug;
  const title = SERVICE_PAGES.find((entry) => entry.slug === slug)?.hero.title;
  if (!title) throw new Error(`no content for ${path}`);
  return title;
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
});

test('the catalogue has exactly the twelve landing pages of the specification', () => {
  expect(SERVICES_CATALOGUE.map((service) => service.path).sort()).toEqual([...PATHS].sort());
});

test('every landing page is complete in its prerendered HTML', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of PATHS) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);

    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1, path).toHaveCount(1);
    await expect(h1, path).toHaveText(titleOf(path));
    await expect(page.locator('main details'), path).toHaveCount(FAQ_COUNTS[path] ?? -1);

    const main = page.getByRole('main');
    const mailLinks = main.locator('a[href^="mailto:"]');
    await expect(mailLinks.first(), path).toHaveAttribute('href', MAILTO);
    await expect(main.locator('a[href="/connect"]').last(), path).toBeVisible();

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faqPage = blocks
      .map((text) => JSON.parse(text) as { '@type'?: string; mainEntity?: unknown[] })
      .find((data) => data['@type'] === 'FAQPage');
    expect(faqPage?.mainEntity, path).toHaveLength(FAQ_COUNTS[path] ?? -1);

    // Every image has alt text and dimensions; those below the hero load lazily.
    for (const image of await main.locator('img').all()) {
      await expect(image).toHaveAttribute('alt', /\w{3,}/);
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
    }
    await expect(main.locator('img').first(), path).not.toHaveAttribute('loading', 'lazy');
    await expect(main.locator('img[loading="lazy"]').first(), path).toBeAttached();
  }
  await context.close();
});

test('the hero buttons open an inquiry mail draft with the labels the specification names', async ({ page }) => {
  await page.goto('/cloud-services');
  await expect(page.getByRole('link', { name: 'Talk to our experts' })).toHaveAttribute('href', MAILTO);
  const heroImage = page.getByRole('main').locator('img').first();
  await expect.poll(() => heroImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await page.goto('/it-support');
  await expect(page.getByRole('link', { name: 'Talk with our experts' })).toHaveAttribute('href', MAILTO);
  await page.goto('/network-design');
  await expect(page.getByRole('link', { name: 'Talk to our experts' })).toHaveAttribute('href', MAILTO);
});

test('WordPress and e-commerce heroes also link to the contact page', async ({ page }) => {
  for (const path of ['/wordpress-development', '/ecommerce-development']) {
    await page.goto(path);
    const hero = page.locator('main section').first();
    await expect(hero.locator('a[href^="mailto:"]')).toHaveAttribute('href', MAILTO);
    await expect(hero.locator('a[href="/connect"]')).toBeVisible();
  }
});

test('an FAQ item opens and closes by mouse and by keyboard', async ({ page }) => {
  await page.goto('/it-support');
  const item = page.locator('main details').filter({ hasText: 'How does remote support work?' });
  const answer = item.getByText('connects securely to your screen');
  await expect(answer).toBeHidden();

  await item.locator('summary').click();
  await expect(item).toHaveAttribute('open', '');
  await expect(answer).toBeVisible();
  await item.locator('summary').click();
  await expect(answer).toBeHidden();

  await item.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
});

test('the closing call to action takes the visitor to the contact page', async ({ page }) => {
  await page.goto('/firewall');
  await page.getByRole('main').getByRole('link', { name: 'Contact us' }).last().click();
  await expect(page).toHaveURL(/\/connect$/);
});

test('axe finds no accessibility violation on any landing page', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of PATHS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await test.step(path, () => expectNoAxeViolations(page));
  }
});
