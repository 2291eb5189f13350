// The public pages hydrate only their islands (docs/decisions/0024-public-pages-as-islands.md): every React root
// of a page is an element marked `data-island` (or the hosts' root of the toasts and dialogs, created on use),
// the header, the footer and the page's text are never hydrated, no page loads React until it is used (a form
// page's form included), and what a visitor does in an island whose code has not arrived yet is kept: a click
// is replayed, text typed into a form is sent, and the form's proof of work was asked for on its first field.
import { MESSAGES } from '@agency/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { findLead, gotoHydrated } from './support.ts';

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
    await gotoHydrated(page, path);
    const loaded = await reactRoots(page);
    expect(loaded.islands).toEqual([]);
    expect(loaded.others).toBe(0);
    expect(loaded.staticHydrated).toBe(0);
    // The cookie banner is the server's markup with plain script (cookie-banner.enhance.ts), never a root.
    await expect(page.locator('[data-cookie-banner]')).toHaveCount(1);
    // Nothing of React in the page's first seconds without interaction.
    await page.waitForTimeout(1500);
    expect(reactFetched(), 'React DOM fetched without any interaction').toBe(false);
    expect((await reactRoots(page)).islands).toEqual([]);

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

test('a service chosen before the explorer’s code arrives is chosen once it does', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/assets\/service-explorer-[\w-]+\.js$/, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  await gotoHydrated(page, '/services');
  const main = page.getByRole('main');
  const backup = main.getByRole('button', { name: 'Cloud Storage and Backup' });
  await backup.click();
  expect(requested, 'the tap asked for the island’s code').toBe(true);
  await page.waitForTimeout(500);
  await expect(backup).toHaveAttribute('aria-pressed', 'false');

  release();
  await expect(backup).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#service-detail').getByRole('heading', { level: 2 })).toHaveText(
    'Cloud Storage and Backup',
  );
  await expect(main.getByRole('button', { name: 'Cloud Computing', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('a message typed and sent before the form’s code arrives is sent as typed, with its proof of work', async ({
  page,
  request,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/contact-form-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const challenges: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/challenge')) challenges.push(sent.url());
  });
  await gotoHydrated(page, '/connect');
  expect(challenges).toHaveLength(0);
  const form = page.getByRole('form', { name: 'Send us a message' });
  const email = `early-${Date.now()}@example.test`;
  await form.getByLabel('Full Name').fill('Maya Gurung');
  // Asked on the first field, by the page's small script: the form's own code has not arrived.
  await expect.poll(() => challenges.length).toBe(1);
  await form.getByLabel('Subject').fill('Typed before the form hydrated');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Submit' }).click();
  await page.waitForTimeout(500);
  expect((await reactRoots(page)).islands).not.toContain('contact-form');
  await expect(page).toHaveURL(/\/connect$/);

  release();
  await expect(page.getByText(MESSAGES.contact.submitted)).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('');
  // The island took the answer the page's script asked for, and asked one more for a next message (each is good
  // once): had it asked again for this one, there would be three.
  expect(challenges).toHaveLength(2);
  expect(await findLead(request, 'contacts', email)).toMatchObject({
    name: 'Maya Gurung',
    subject: 'Typed before the form hydrated',
    spam: false,
    sourcePath: '/connect',
  });
});
