// The shared site shell: header and Services dropdown, mobile menu, quote modal, footer, cookie
// banner, scroll to top, particles and accessibility of each open state.
import { COOKIE_BANNER_DELAY_MS } from '@agency/contract';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };

/** Stores a cookie choice before any script runs, so the banner stays away. */
async function skipCookieBanner(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
}

const storedConsent = (page: Page) =>
  page.evaluate(() => ({
    consent: window.localStorage.getItem('cookieConsent'),
    settings: JSON.parse(window.localStorage.getItem('cookieSettings') ?? 'null') as unknown,
  }));

test.describe('header', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test('the Services dropdown opens on hover and lists the top link and the three groups', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Services' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Cloud Migration' })).toBeHidden();

    await button.hover();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('href', '/services');
    await expect(nav.getByRole('list', { name: 'Cloud Computing Solutions' }).getByRole('link')).toHaveText([
      'Cloud Computing',
      'Cloud Storage and Backup',
      'Cloud Migration',
    ]);
    await expect(nav.getByRole('list', { name: 'Website Development' }).getByRole('link')).toHaveCount(3);
    const managed = nav.getByRole('list', { name: 'Managed IT Solutions' }).getByRole('link');
    await expect(managed).toHaveCount(6);
    expect(await managed.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/server-setup',
      '/network-design',
      '/vpn-setup',
      '/firewall',
      '/system-upgrade',
      '/it-support',
    ]);

    await nav.getByRole('link', { name: 'Cloud Migration' }).click();
    await expect(page).toHaveURL(/\/cloud-migration$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // Moving the pointer away closes a hover-opened menu.
    await button.hover();
    await expect(nav.getByRole('link', { name: 'Cloud Migration' })).toHaveAttribute('aria-current', 'page');
    await page.mouse.move(5, 600);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Services dropdown works with the keyboard alone', async ({ page }) => {
    // The narrowest desktop width: the open panel must still fit the screen.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Services' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'IT Support' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Cloud Computing', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cloud-services$/);

    // Tabbing out of the open menu closes it. The menu also closes on every route change, so wait
    // until the new page has rendered before opening it again.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(async () => {
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
    }).toPass();
    await nav.getByRole('link', { name: 'About Us' }).focus();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the current page is marked in the navigation', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Career' })).not.toHaveAttribute('aria-current', /.*/);
    // Blog is in the desktop header as a deliberate change (docs/product.md; the original design leaves it out).
    await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');

    await nav.getByRole('link', { name: 'Career' }).click();
    await expect(page).toHaveURL(/\/career$/);
    await expect(nav.getByRole('link', { name: 'Career' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'About Us' })).not.toHaveAttribute('aria-current', /.*/);
    await expect(page.getByRole('link', { name: 'Nexora IT Solutions' }).first()).toHaveAttribute('href', '/');
  });

  test('the mobile menu opens, lists its links, closes on Escape and on navigation', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Request a quote' })).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    // Career is in the phone menu as a deliberate change (docs/product.md; the original design leaves it out).
    await expect(menu.getByRole('link')).toHaveText(['About Us', 'Services', 'Career', 'Connect', 'Blog']);
    expect(await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      ['/about', '/services', '/career', '/connect', '/blog'],
    );

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('quote modal', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test('opens from the header, keeps focus inside, closes on Escape and on Close', async ({ page }) => {
    // 45 keys, each a round trip: on a busy two-core machine with two browser workers the default 30 s ran out.
    test.setTimeout(60_000);
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Request a quote' });
    const dialog = page.getByRole('dialog', { name: 'Request a quote' });
    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    // However far the visitor tabs, in either direction, focus stays in the dialog. The page notes the dialog of
    // every element focus lands on, read once at the end: a round trip after each of the 45 keys took most of the
    // test's 30 s on a busy machine with two browser workers (issue 33).
    await page.evaluate(() => {
      const landed: (string | null)[] = [];
      (window as unknown as { focusLanded: typeof landed }).focusLanded = landed;
      document.addEventListener(
        'focusin',
        (event) => {
          const modal = (event.target as Element).closest('[role="dialog"][aria-modal="true"]');
          const label = modal && document.getElementById(modal.getAttribute('aria-labelledby') ?? '');
          landed.push(label?.textContent ?? null);
        },
        true,
      );
    });
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+Tab');
    const landed = await page.evaluate(() => (window as unknown as { focusLanded: (string | null)[] }).focusLanded);
    expect(landed.length, 'focus moved').toBeGreaterThan(0);
    expect(new Set(landed)).toEqual(new Set(['Request a quote']));
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    // The shell opens in the tap's frame and the dialog, its code here since the first opening, takes its place a
    // moment later: Close is clicked once the form is there, or the click waits on the shell's Close, hidden by then.
    await expect(dialog.getByRole('form', { name: 'Request a quote' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('footer', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test('lists the pages, offices, email and social links, and /Connect reaches the connect page', async ({ page }) => {
    await page.goto('/');
    const footerNav = page.getByRole('navigation', { name: 'Footer' });
    expect(
      await footerNav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/', '/about', '/Connect', '/services', '/packages', '/privacy', '/terms-conditions', '/cookies']);

    const footer = page.getByRole('contentinfo');
    for (const city of ['London', 'Maidstone', 'Kathmandu'])
      await expect(footer.getByText(city, { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'info@nexorait.co.uk' })).toHaveAttribute(
      'href',
      'mailto:info@nexorait.co.uk',
    );
    const social = page.getByRole('navigation', { name: 'Social media' }).getByRole('link');
    await expect(social).toHaveCount(4);
    for (const link of await social.all()) {
      await expect(link).toHaveAccessibleName(/.+ \(opens in a new tab\)/);
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Nexora IT Solutions`);

    await footerNav.getByRole('link', { name: 'Connect' }).click();
    await expect(page).toHaveURL(/\/Connect$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/connect/i);

    // The same address typed in or reloaded is served too.
    const response = await page.goto('/Connect');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/connect/i);
  });

  test('a new page starts at the top; back restores the old position', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/');
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });
});

test.describe('cookie banner', () => {
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

  test('appears a second after load, links to the policy; Accept All stores all categories', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookies');
    expect(await storedConsent(page)).toEqual({ consent: null, settings: null });

    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toEqual({
      consent: 'accepted',
      settings: { necessary: true, analytics: true, marketing: true, preferences: true },
    });

    await page.clock.install();
    await page.reload();
    await expectBannerStaysHidden(page);
  });

  for (const choice of ['Necessary Only', 'Reject All']) {
    test(`${choice} stores only the necessary category`, async ({ page }) => {
      await page.goto('/');
      await banner(page).getByRole('button', { name: choice }).click();
      await expect(banner(page)).toBeHidden();
      expect(await storedConsent(page)).toEqual({
        consent: 'necessary',
        settings: { necessary: true, analytics: false, marketing: false, preferences: false },
      });
      await page.clock.install();
      await page.reload();
      await expectBannerStaysHidden(page);
    });
  }

  test('Customize reveals the toggles and Save Preferences stores the chosen ones', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    const necessary = banner(page).getByRole('switch', { name: 'Necessary' });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    for (const name of ['Analytics', 'Marketing', 'Preferences']) {
      await expect(banner(page).getByRole('switch', { name })).not.toBeChecked();
    }
    await expect(banner(page).getByRole('switch', { name: 'Analytics' })).toBeFocused();
    await expectNoAxeViolations(page);

    await banner(page).getByRole('switch', { name: 'Analytics' }).check();
    await banner(page).getByLabel('Preferences').press('Space');
    await banner(page).getByRole('button', { name: 'Save Preferences' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toEqual({
      consent: 'custom',
      settings: { necessary: true, analytics: true, marketing: false, preferences: true },
    });
    // Not on the page's clock: with these choices a 30 s test timed out in the clock's call on a busy machine
    // (issue 33). The banner's timer is due COOKIE_BANNER_DELAY_MS after the load event, which `reload` waits
    // for, however late the page's script sets it (after-load.ts): a timer of that delay set after the script ran
    // runs after it, and the banner would have shown by then.
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.evaluate((delay) => new Promise((resolve) => setTimeout(resolve, delay)), COOKIE_BANNER_DELAY_MS);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expect(banner(page)).toBeHidden();
  });
});

test.describe('accessibility of the open states', () => {
  test('the home page with the cookie banner', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'We value your privacy' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the open Services dropdown and the open quote modal', async ({ page }) => {
    await skipCookieBanner(page);
    await page.goto('/');
    const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);

    await page.mouse.move(5, 600);
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await expect(page.getByRole('dialog', { name: 'Request a quote' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the open mobile menu', async ({ page }) => {
    await skipCookieBanner(page);
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('particles', () => {
  test.beforeEach(async ({ page }) => skipCookieBanner(page));

  test('draw a decorative canvas after load, from this origin only, outside the initial bundle', async ({
    page,
    baseURL,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/no-such-page');
    const canvas = page.locator('[data-particles] canvas').first();
    await expect(canvas).toBeAttached({ timeout: 10_000 });
    await expect(page.locator('[data-particles]').first()).toHaveAttribute('aria-hidden', 'true');
    expect(requests.filter((url) => !url.startsWith(`${baseURL}/`) && !url.startsWith('data:'))).toEqual([]);

    // The particle engine is not in the initial bundle: none of the modules the served HTML imports,
    // nor their static imports, holds it (it arrives through a dynamic import after load).
    const html = await (await page.request.get('/no-such-page')).text();
    const pending = [...html.matchAll(/import\s*(?:\(\s*|[^"'()]*?from\s*)?"(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    );
    expect(pending.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    while (pending.length) {
      const href = pending.pop()!;
      if (seen.has(href)) continue;
      seen.add(href);
      const source = await (await page.request.get(href)).text();
      expect(source.includes('pluginManager'), `${href} holds the particle engine`).toBe(false);
      for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g))
        pending.push(`/assets/${match[1]!}`);
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  test('are skipped when the visitor prefers reduced motion', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // Without reduced motion the engine is imported in an idle callback set when the particles mount (before
    // hydration ends): one set after it runs after it, and the engine's file is then asked for at once.
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => url.includes('particles-engine'))).toEqual([]);
    await expect(page.locator('[data-particles]').first()).toBeAttached();
    await expect(page.locator('[data-particles] canvas')).toHaveCount(0);
  });
});
