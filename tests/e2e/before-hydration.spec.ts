// What a visitor does on a prerendered page before its scripts have run (a slow phone) is not lost:
// clicks on buttons and tabs are replayed and what was typed into a form is what gets sent.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, HYDRATING_SCRIPT, fillApplication, findLead, gotoHydrated, loginAdmin } from './support.ts';

/**
 * Opens `path` with the script that hydrates it held back until the test calls `release()` (once it has done what a
 * visitor does before the scripts run), so the page shows but is not hydrated; no time is waited through.
 */
async function openBeforeHydration(page: Page, path: string) {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  let released = false;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(HYDRATING_SCRIPT, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return {
    hydrationStarted: () => released,
    release: () => {
      released = true;
      release();
    },
  };
}

test('a "Request a quote" tap before hydration opens the modal once the page is ready', async ({ page }) => {
  const { hydrationStarted, release } = await openBeforeHydration(page, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Request a quote' }).click();
  expect(hydrationStarted(), 'the click happened before hydration').toBe(false);
  release();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
});

test('the mobile menu tapped before the page’s script runs opens at once, adds no history entry and stays open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { hydrationStarted, release } = await openBeforeHydration(page, '/about');
  const entries = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: 'Open menu' }).click();
  expect(hydrationStarted()).toBe(false);
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  // Answered by the page's inline script, before its entry has run (races.spec.ts holds the entry back until
  // it has checked this).
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  expect(await page.evaluate(() => history.length)).toBe(entries);
  expect(new URL(page.url()).hash).toBe('');
  release();

  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  // Now the enhancement's: a tap closes it.
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
});

test('a pointer resting on Services before hydration opens the dropdown', async ({ page }) => {
  const { hydrationStarted, release } = await openBeforeHydration(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Services' }).hover();
  expect(hydrationStarted()).toBe(false);
  release();
  await expect(nav.getByRole('link', { name: 'Cloud Migration' })).toBeVisible();
});

test('a tab chosen and a panel closed before hydration stay so once the page is ready', async ({ page }) => {
  const { hydrationStarted, release } = await openBeforeHydration(page, '/cookies');
  const tableTab = page.getByRole('tab', { name: 'Cookie Table' });
  await tableTab.click();
  expect(hydrationStarted()).toBe(false);
  release();
  await expect(tableTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('_fbp');

  const terms = await openBeforeHydration(page, '/terms-conditions');
  const introduction = page.getByRole('button', { name: /Introduction/ });
  await expect(introduction).toHaveAttribute('aria-expanded', 'true');
  await introduction.click();
  expect(terms.hydrationStarted()).toBe(false);
  terms.release();
  await expect(introduction).toHaveAttribute('aria-expanded', 'false');
  // Replayed once: it stays closed. The replay is over once the page says it has hydrated (public-runtime/runtime.ts
  // replays before it sets the attribute), so a second one would have opened it again by then.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(introduction).toHaveAttribute('aria-expanded', 'false');
});

test('every cookie-policy panel is readable while the scripts never arrive, one at a time once they do', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  // The page's script arrives empty: the page never hydrates (as when the scripts never finish loading).
  await page.route(HYDRATING_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await page.goto('/cookies', { waitUntil: 'domcontentloaded' });
  const panels = page.getByRole('tabpanel', { includeHidden: true });
  await expect(panels).toHaveCount(4);
  for (const panel of await panels.all()) await expect(panel).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Meta \(Facebook\)/ })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);

  // Hydrated: tabs, one panel shown.
  await page.unroute(HYDRATING_SCRIPT);
  await gotoHydrated(page, '/cookies');
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('What Are Cookies');
  await page.getByRole('tab', { name: 'Cookie Table' }).click();
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Cookie Table');
});

test('two taps on the menu toggle before hydration leave the menu closed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { hydrationStarted, release } = await openBeforeHydration(page, '/about');
  // Its name follows the menu from the first tap on (Open menu, Close menu).
  const toggle = page.getByRole('banner').getByRole('button', { name: /^(Open|Close) menu$/ });
  await toggle.click();
  await toggle.click();
  expect(hydrationStarted()).toBe(false);
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('a contact message typed before hydration is sent as typed', async ({ page, request }) => {
  const email = `early-${Date.now()}@example.test`;
  const { hydrationStarted, release } = await openBeforeHydration(page, '/connect');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full Name').fill('Early Visitor');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Subject').fill('Typed on a slow phone');
  await form.getByLabel('Message').fill('Written before the page was ready.');
  expect(hydrationStarted()).toBe(false);
  release();

  // The submit button is enabled once the page has hydrated; the fields still hold what was typed.
  await form.getByRole('button', { name: 'Submit' }).click();
  // Sent with its proof of work, which a loaded machine may take a while to solve.
  await expect(page.getByText('Thank you for submitting!. We will get to you as soon as possible')).toBeVisible({
    timeout: 15_000,
  });

  expect(await findLead(request, 'contacts', email)).toMatchObject({
    name: 'Early Visitor',
    email,
    subject: 'Typed on a slow phone',
    message: 'Written before the page was ready.',
  });
});

test('a job application filled in and a CV picked before hydration are sent as they were', async ({
  page,
  request,
}) => {
  const email = `early-cv-${Date.now()}@example.test`;
  const { hydrationStarted, release } = await openBeforeHydration(page, '/career');
  const form = page.getByRole('form', { name: 'Job application' });
  await fillApplication(form, email);
  const cv = Buffer.alloc(2048, 0x20);
  cv.write('%PDF-1.4\n');
  await form.getByLabel('CV / Resume').setInputFiles({ name: 'early-cv.pdf', mimeType: 'application/pdf', buffer: cv });
  expect(hydrationStarted()).toBe(false);
  release();

  await form.getByRole('button', { name: /^Submit/ }).click();
  await expect(page.getByText(`Application submitted successfully! We'll contact you at ${email}`)).toBeVisible();

  expect(await findLead(request, 'applications', email)).toMatchObject({
    name: 'Maya Shrestha',
    email,
    town: 'Lalitpur',
    position: 'DevOps Engineer',
    currency: 'NPR',
    fileName: 'early-cv.pdf',
  });
});

test('a login typed before hydration signs the user in', async ({ page, request }) => {
  await loginAdmin(request);
  const { hydrationStarted, release } = await openBeforeHydration(page, '/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  expect(hydrationStarted()).toBe(false);
  // Enabled from the first paint: sent now, it waits for the script, which logs in as usual.
  await page.getByRole('button', { name: 'Login' }).click();
  expect(hydrationStarted()).toBe(false);
  release();
  await expect(page).toHaveURL(/\/admin$/);
  expect(page.url()).not.toContain('password');
});

test('a login field that shows text React never heard of (typed while the page hydrated) is sent as shown', async ({
  page,
  request,
}) => {
  await loginAdmin(request);
  await gotoHydrated(page, '/login');
  await page.getByLabel('Password').fill(ADMIN.password);
  // The email arrives in the field without an input event, as text typed in the instant between hydration
  // taking its copy of the fields and React listening does.
  await page.getByLabel('Email').evaluate((input: HTMLInputElement, email) => {
    input.value = email;
  }, ADMIN.email);
  await page.getByRole('button', { name: 'Login' }).click();
  // A sign-in hashes the password (argon2): on a busy machine it took over the default 5 s once (CI, 2026-11-26).
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
});
