// What a visitor does before a public page's code has arrived is answered at once and never lost or repeated
// (DECISIONS.md 10, docs/decisions/0024-public-pages-as-islands.md), proven the hard way: the CPU slowed 4× as in
// Lighthouse's mobile run, and the island's (or the entry's) code held back until the test lets it go. CI runs
// this file alone ten times in a row (.ci/run), so a race that loses one time in ten fails it.
import { COOKIE_BANNER_DELAY_MS, MESSAGES } from '@agency/contract';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { HYDRATING_SCRIPT, findLead, gotoHydrated } from './support.ts';

// A page on a CPU slowed 4× takes its time: each test may take twice the usual 30 s (they wait for conditions).
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
});

const accepted = (page: Page) => page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));

/** Holds back the files matching `pattern` until `release()`; `requested()` tells whether one was asked for. */
async function holdBack(page: Page, pattern: RegExp) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(pattern, async (route: Route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { release, requested: () => requested };
}

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: text });

test('a cookie choice is stored by the tap and kept when the visitor leaves at once', async ({ page }) => {
  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Accept All' }).click();
  await expect(banner).toBeHidden();
  // At once to another page: the choice went with the tap, not with code that comes later. That page runs on its own
  // clock, moved past the banner's delay instead of waiting through it.
  await page.clock.install();
  await page.goto('/services');
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.clock.fastForward(COOKIE_BANNER_DELAY_MS + 200);
  await expect(banner).toBeHidden();
});

test('the phone menu tapped before the page’s script runs opens at once without a history entry', async ({ page }) => {
  await accepted(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const entry = await holdBack(page, HYDRATING_SCRIPT);
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  const entries = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  expect(await page.evaluate(() => history.length)).toBe(entries);
  entry.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(menu).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
});

test('a quote tap before the dialog’s code arrives opens its shell at once; the form then takes its place', async ({
  page,
}) => {
  await accepted(page);
  const dialogCode = await holdBack(page, /\/assets\/quote-modal-dialog-[\w-]+\.js$/);
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Request a quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  // The shell answered; the dialog's code is on its way (asked for once React and the hosts are here).
  await expect.poll(dialogCode.requested).toBe(true);
  dialogCode.release();
  await expect(dialog.getByRole('form', { name: 'Request a quote' })).toBeVisible();
  await expect(page.locator('[role="dialog"]:not([hidden])')).toHaveCount(1);
});

test('the services explorer answers a tap with no React: chosen at once, or once the page’s script runs', async ({
  page,
}) => {
  await accepted(page);
  // React is held back for good: whatever answers here is the page's plain script.
  await holdBack(page, /\/assets\/framework-[\w-]+\.js$/);
  const entry = await holdBack(page, HYDRATING_SCRIPT);
  await page.goto('/services', { waitUntil: 'domcontentloaded' });
  const main = page.getByRole('main');
  const panel = page.locator('#service-detail');
  const backup = main.getByRole('button', { name: 'Cloud Storage and Backup' });
  // Before the page's script: recorded, and chosen when the script runs.
  await backup.click();
  await expect(backup).toHaveAttribute('aria-pressed', 'false');
  entry.release();
  await expect(backup).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Cloud Storage and Backup');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  // After it: in the tap's own frame (the answer is there when the click's handlers have run).
  const vpn = main.getByRole('button', { name: 'VPN Setup and Management' });
  const answered = await vpn.evaluate((button) => {
    (button as HTMLElement).click();
    const panel = document.getElementById('service-detail');
    return {
      pressed: button.getAttribute('aria-pressed'),
      title: panel && document.getElementById(panel.getAttribute('aria-labelledby') ?? '')?.textContent,
    };
  });
  expect(answered).toEqual({ pressed: 'true', title: 'VPN Setup and Management' });
  await expect(backup).toHaveAttribute('aria-pressed', 'false');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('VPN Setup and Management');
  await expect(panel).toHaveAttribute('aria-labelledby', /vpn-setup$/);
});

test('Send before the form’s code arrives: an empty form answers at once, a filled one says it is sending and is sent once, as typed', async ({
  page,
  request,
}) => {
  await accepted(page);
  const formCode = await holdBack(page, /\/assets\/contact-form-[\w-]+\.js$/);
  const challenges: string[] = [];
  const sends: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/challenge')) challenges.push(sent.url());
    if (sent.url().endsWith('/api/contact') && sent.method() === 'POST') sends.push(sent.url());
  });
  await gotoHydrated(page, '/connect');
  const form = page.getByRole('form', { name: 'Send us a message' });
  const submit = form.getByRole('button', { name: 'Submit' });

  // Empty: the contract's message, from the page's plain script.
  await submit.click();
  await expect(toast(page, MESSAGES.contact.fillAll)).toBeVisible();
  expect(formCode.requested(), 'the form’s code was asked for').toBe(true);

  const email = `early-${Date.now()}@example.test`;
  await form.getByLabel('Full Name').fill('Maya Gurung');
  // Asked on the first field, by the page's small script: the form's own code has not arrived.
  await expect.poll(() => challenges.length).toBe(1);
  await form.getByLabel('Subject').fill('Typed before the form hydrated');
  await form.getByLabel('Email').fill(email);
  await submit.click();
  await expect(form.getByRole('button', { name: MESSAGES.quote.submitting })).toBeVisible();
  await expect(page).toHaveURL(/\/connect$/);
  expect(sends).toHaveLength(0);

  formCode.release();
  // The island hydrates, takes what was typed and sends it: React, the send kit and the proof of work on a CPU
  // slowed 4×.
  await expect(toast(page, MESSAGES.contact.submitted)).toBeVisible({ timeout: 20_000 });
  // The success replaced the form's earlier message.
  await expect(toast(page, MESSAGES.contact.fillAll)).toHaveCount(0);
  await expect(form.getByLabel('Email')).toHaveValue('');
  expect(sends).toHaveLength(1);
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

test('Send after the form’s island is live says "Submitting..." at once, before the send kit (zod) is there', async ({
  page,
  request,
}) => {
  await accepted(page);
  // The contract's schemas: their download and zod's first check of them no longer come before the answer.
  const kit = await holdBack(page, /\/assets\/send-kit-[\w-]+\.js$/);
  await gotoHydrated(page, '/connect');
  const form = page.getByRole('form', { name: 'Send us a message' });
  const email = `kit-${Date.now()}@example.test`;
  await form.getByLabel('Full Name').fill('Asha Gurung');
  await form.getByLabel('Subject').fill('Sent while the checks load');
  await form.getByLabel('Email').fill(email);
  await expect(page.locator('[data-island-live]')).toHaveCount(1);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('button', { name: MESSAGES.quote.submitting })).toBeDisabled();
  expect(kit.requested(), 'the send kit was asked for').toBe(true);
  kit.release();
  await expect(toast(page, MESSAGES.contact.submitted)).toBeVisible({ timeout: 20_000 });
  await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
  expect(await findLead(request, 'contacts', email)).toMatchObject({ subject: 'Sent while the checks load' });
});

test('typed into before the page’s script runs: the form’s island hydrates as it starts, with what was typed', async ({
  page,
}) => {
  await accepted(page);
  const entry = await holdBack(page, HYDRATING_SCRIPT);
  const challenges: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/challenge')) challenges.push(sent.url());
  });
  await page.goto('/connect', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Send us a message' });
  // A phone still fetching the script: the visitor types, then waits. No focus or key comes after the script runs.
  await form.getByLabel('Full Name').fill('Asha Gurung');
  await form.getByLabel('Subject').fill('Typed while the page loaded');
  expect(entry.requested(), 'the page’s script was asked for').toBe(true);
  entry.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('[data-island-live]')).toHaveCount(1, { timeout: 20_000 });
  await expect(form.getByLabel('Full Name')).toHaveValue('Asha Gurung');
  await expect(form.getByLabel('Subject')).toHaveValue('Typed while the page loaded');
  // The proof of work's challenge was asked too, as on a first focus.
  expect(challenges).toHaveLength(1);
});
