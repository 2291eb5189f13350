// Consent that can be withdrawn and proven: the footer's Cookie settings, Global Privacy Control, the
// consent record, and the optional analytics script that loads only after analytics consent.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COOKIE_BANNER_DELAY_MS, CONSENT_BANNER_VERSION } from '@agency/contract';
import type { Page, Request } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, loginAdmin } from './support.ts';

/** The page's script has run: the consent it found decided then whether analytics load (enhance.ts), so a
 * request that did not start by now does not come. */
const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

const banner = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });

/**
 * The banner shows COOKIE_BANNER_DELAY_MS after the load event while no choice is stored (enhance.ts). With the
 * page's clock installed before it loaded, this waits for the page's script and then jumps the clock past that
 * delay instead of waiting through it: a banner that would show has shown by then.
 */
async function expectBannerStaysHidden(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.clock.fastForward(COOKIE_BANNER_DELAY_MS + 500);
  await expect(banner(page)).toBeHidden();
}
const footerButton = (page: Page) => page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });

const stored = (page: Page) =>
  page.evaluate(() => ({
    consent: localStorage.getItem('cookieConsent'),
    settings: JSON.parse(localStorage.getItem('cookieSettings') ?? 'null') as Record<string, boolean> | null,
    id: localStorage.getItem('cookieConsentId'),
    version: localStorage.getItem('cookieConsentVersion'),
  }));

/** The next POST /api/consent the page sends, with its answer. */
async function nextConsentPost(page: Page, act: () => Promise<void>) {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/consent') && r.method() === 'POST'),
    act(),
  ]);
  const response = await request.response();
  return { request, body: request.postDataJSON() as Record<string, unknown>, status: response?.status() };
}

test('a choice is stored and the banner closed by the tap itself, and recorded when the visitor leaves at once', async ({
  page,
  request,
}) => {
  await page.goto('/about');
  await expect(banner(page)).toBeVisible();
  // In the click's own task: stored and closed before anything else runs or loads (no code is fetched for it).
  const answered = await page.evaluate(() => {
    const section = document.querySelector<HTMLElement>('[data-cookie-banner]')!;
    const accept = Array.from(section.querySelectorAll('button')).find((button) => button.textContent === 'Accept All');
    accept!.click();
    return {
      consent: localStorage.getItem('cookieConsent'),
      id: localStorage.getItem('cookieConsentId'),
      hidden: section.hidden,
    };
  });
  expect(answered).toMatchObject({ consent: 'accepted', hidden: true });
  // Leaves at once: the next page has the choice, and the consent log has it too. The next page runs on its own
  // clock, moved past the banner's delay instead of waiting through it.
  await page.clock.install();
  await page.goto('/privacy');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.clock.fastForward(COOKIE_BANNER_DELAY_MS + 500);
  await expect(banner(page)).toBeHidden();
  const { accessToken } = await loginAdmin(request);
  await expect
    .poll(async () => {
      const log = await request.get('/api/admin/consents/export.csv', {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return log.text();
    })
    .toContain(answered.id!);
});

test.describe('Cookie settings in the footer', () => {
  test('reopens the banner at Customize with the stored choice, and a change applies and is recorded at once', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(banner(page)).toBeVisible();
    const first = await nextConsentPost(page, () => banner(page).getByRole('button', { name: 'Accept All' }).click());
    expect(first.status).toBe(201);
    const afterAccept = await stored(page);
    expect(first.body).toEqual({
      consentId: afterAccept.id,
      choice: 'accepted',
      settings: { analytics: true, marketing: true },
      bannerVersion: CONSENT_BANNER_VERSION,
    });
    expect(afterAccept.version).toBe(String(CONSENT_BANNER_VERSION));
    await expect(banner(page)).toBeHidden();

    // On another page, later: the footer brings the choice back, toggles open and focused.
    await page.clock.install();
    await page.goto('/services');
    await expectBannerStaysHidden(page);
    await footerButton(page).click();
    await expect(banner(page)).toBeVisible();
    const analytics = banner(page).getByRole('switch', { name: 'Analytics' });
    await expect(analytics).toBeChecked();
    await expect(analytics).toBeFocused();
    await expect(banner(page).getByRole('switch', { name: 'Marketing' })).toBeChecked();
    await expect(banner(page).getByRole('button', { name: 'Save Preferences' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press('Space');
    await expect(analytics).not.toBeChecked();
    const second = await nextConsentPost(page, () =>
      banner(page).getByRole('button', { name: 'Save Preferences' }).click(),
    );
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      consentId: afterAccept.id,
      choice: 'custom',
      settings: { analytics: false, marketing: true },
    });
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({
      consent: 'custom',
      settings: { necessary: true, analytics: false, marketing: true, preferences: true },
      id: afterAccept.id,
    });
  });

  test('works with the keyboard and before any choice was made', async ({ page }) => {
    await page.goto('/');
    await footerButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
    await expect(banner(page).getByRole('switch', { name: 'Analytics' })).toBeFocused();
  });

  test('a choice made under an older banner version counts as none', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('cookieConsent', 'accepted');
      localStorage.setItem('cookieConsentVersion', '0');
    });
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
  });
});

test.describe('Global Privacy Control', () => {
  test.use({ extraHTTPHeaders: { 'Sec-GPC': '1' } });

  test('the banner says why analytics and marketing start off, and the record carries the signal', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('Your browser sends a Global Privacy Control signal');
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    await expect(banner(page).getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
    await expect(banner(page).getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
    await expectNoAxeViolations(page);

    const posted = await nextConsentPost(page, () =>
      banner(page).getByRole('button', { name: 'Save Preferences' }).click(),
    );
    expect(posted.status).toBe(201);
    expect((await posted.request.allHeaders())['sec-gpc']).toBe('1');
    expect(posted.body).toMatchObject({ choice: 'custom', settings: { analytics: false, marketing: false } });
  });
});

test('without the signal the banner does not mention it', async ({ page }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).not.toContainText('Global Privacy Control');
});

test.describe('optional analytics (ANALYTICS_SCRIPT_URL)', () => {
  let scriptServer: Server;
  let requests: string[];
  let site: ChildProcess;
  let siteUrl: string;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    requests = [];
    // Stands for a self-hosted Plausible or Umami: a script that leaves a mark on the page.
    scriptServer = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
      response.end('window.__analyticsLoaded = (window.__analyticsLoaded || 0) + 1;');
    });
    await new Promise<void>((resolve) => scriptServer.listen(0, '127.0.0.1', resolve));
    const scriptUrl = `http://127.0.0.1:${(scriptServer.address() as AddressInfo).port}/js/script.js`;

    // A second instance of the built site configured with the script (the shared one runs without).
    const port = Number(process.env.E2E_PORT ?? 4173) + 10_000;
    siteUrl = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'agency-e2e-analytics-'));
    site = spawn('node', ['apps/api/dist/server.js'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SITE_URL: siteUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000',
        SPAM_CHALLENGE: 'off',
        DATABASE_URL: '',
        ANALYTICS_SCRIPT_URL: scriptUrl,
      },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await fetch(`${siteUrl}/api/health`).catch(() => null))?.status, { timeout: 90_000 })
      .toBe(200);
  });

  test.afterAll(async () => {
    site?.kill('SIGTERM');
    await new Promise((resolve) => site?.once('exit', resolve));
    await new Promise((resolve) => scriptServer?.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('is not requested before consent, is after Accept All, and goes after a withdrawal', async ({ page }) => {
    const scriptRequests: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/js/script.js')) scriptRequests.push(request);
    });
    await page.goto(`${siteUrl}/`);
    await expect(banner(page)).toBeVisible();
    await hydrated(page);
    expect(scriptRequests).toHaveLength(0);
    expect(requests).toHaveLength(0);
    expect(await page.evaluate(() => (window as { __analyticsLoaded?: number }).__analyticsLoaded)).toBeUndefined();

    // Only necessary cookies: still nothing.
    await banner(page).getByRole('button', { name: 'Necessary Only' }).click();
    await page.reload();
    await hydrated(page);
    expect(requests).toHaveLength(0);

    // Analytics allowed: the script arrives at once, without a reload.
    await footerButton(page).click();
    await banner(page).getByRole('switch', { name: 'Analytics' }).check();
    await banner(page).getByRole('button', { name: 'Save Preferences' }).click();
    await expect.poll(() => page.evaluate(() => (window as { __analyticsLoaded?: number }).__analyticsLoaded)).toBe(1);
    expect(requests).toEqual(['/js/script.js']);

    // And on the next page view.
    await page.goto(`${siteUrl}/about`);
    await expect.poll(() => page.evaluate(() => (window as { __analyticsLoaded?: number }).__analyticsLoaded)).toBe(1);
    expect(requests).toHaveLength(2);

    // Withdrawn from the footer: the page reloads without it.
    await footerButton(page).click();
    await banner(page).getByRole('switch', { name: 'Analytics' }).uncheck();
    await Promise.all([
      page.waitForEvent('load'),
      banner(page).getByRole('button', { name: 'Save Preferences' }).click(),
    ]);
    await hydrated(page);
    expect(await page.evaluate(() => (window as { __analyticsLoaded?: number }).__analyticsLoaded)).toBeUndefined();
    expect(requests).toHaveLength(2);
  });
});

test.describe('admin: Audit and Privacy sections', () => {
  test.beforeEach(async ({ page, request }) => {
    await loginAdmin(request);
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('Audit lists the sign-in and filters by action', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Audit' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
    const signIn = table.getByRole('row').filter({ hasText: 'auth.login_succeeded' }).first();
    await expect(signIn).toContainText(ADMIN.name);
    await expect(signIn).toContainText('127.0.0.1');
    await expectNoAxeViolations(page);

    await page.getByLabel('Action').selectOption('auth.login_failed');
    await expect(page.getByText(/^\d+ entr(y|ies)/)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'auth.login_succeeded' })).toHaveCount(0);
  });

  test('Privacy erases by address, shows the counts and the retention preview', async ({ page, request }) => {
    const email = `erase-${Date.now()}@example.test`;
    const contact = await request.post('/api/contact', {
      data: { name: 'Erase Me', email, phone: '07700900000', subject: 'Hello', message: 'Please forget me.' },
    });
    expect(contact.status()).toBe(201);

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/admin\/privacy$/);
    await expect(page.getByRole('table', { name: 'What the next run would delete' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('textbox', { name: 'Email address' }).fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Erase data' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Erased for' })).toContainText(
      '0 quotes, 1 message, 0 applications, 0 files and',
    );
  });
});
