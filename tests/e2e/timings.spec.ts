// Three timings of the specification (issue 25 item 5), measured in the page: the cookie banner a second after
// the load event, a toast five seconds on screen (the first one of a page too), and a policy's contents link
// adding a history entry so Back returns to where the visitor was.
import { expect, test } from './fixtures.ts';
import { gotoHydrated } from './support.ts';

test('the cookie banner shows one second after the page’s load event', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { bannerShownAt?: number };
    // The banner is in the page's HTML, hidden, until it shows (docs/decisions/0024): its showing is what counts.
    new MutationObserver((_, observer) => {
      if (!document.querySelector('section[aria-labelledby$="-title"]:not([hidden]) h2')) return;
      w.bannerShownAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
  });
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'We value your privacy' })).toBeVisible();
  const { shownAt, loadEnd } = await page.evaluate(() => ({
    shownAt: (window as unknown as { bannerShownAt: number }).bannerShownAt,
    loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  }));
  const delay = shownAt - loadEnd;
  expect(delay).toBeGreaterThanOrEqual(990);
  // A timer on a busy machine fires late; 1.4–1.5 s was the fault (the timer started when the scripts came).
  expect(delay).toBeLessThan(1300);
});

test('the first toast of a page is on screen for five seconds', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('cookieConsent', 'accepted');
    const w = window as unknown as { toastShownAt?: number; toastGoneAt?: number };
    new MutationObserver(() => {
      const shown = document.querySelector('[data-variant] [role="status"]');
      if (shown && w.toastShownAt === undefined) w.toastShownAt = performance.now();
      if (!shown && w.toastShownAt !== undefined && w.toastGoneAt === undefined) w.toastGoneAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await gotoHydrated(page, '/career');
  await page
    .getByLabel('CV / Resume')
    .first()
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 cv') });
  await expect(page.getByText('File selected: cv.pdf')).toBeVisible();
  await expect(page.getByText('File selected: cv.pdf')).toBeHidden({ timeout: 10_000 });
  const onScreen = await page.evaluate(() => {
    const w = window as unknown as { toastShownAt: number; toastGoneAt: number };
    return w.toastGoneAt - w.toastShownAt;
  });
  // Five seconds, then its 195 ms exit; it was about 4.7 s when the timer started before the toasts' code came.
  expect(onScreen).toBeGreaterThanOrEqual(5000);
  expect(onScreen).toBeLessThan(5800);
});

for (const [path, nav, link] of [
  ['/privacy', 'Contents', '5. International Data Transfers'],
  ['/terms-conditions', 'Quick navigation', '5. Limitations of Liability'],
] as const) {
  test(`on ${path} a contents link adds a history entry: Back returns to where the visitor was`, async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
    await gotoHydrated(page, path);
    const before = await page.evaluate(() => window.history.length);
    const contentsLink = page.getByRole('navigation', { name: nav }).getByRole('link', { name: link });
    await contentsLink.scrollIntoViewIfNeeded();
    const where = await page.evaluate(() => window.scrollY);
    await contentsLink.click();
    await expect(page).toHaveURL(/#[\w-]+$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(where + 300);
    expect(await page.evaluate(() => window.history.length)).toBe(before + 1);
    // The smooth scroll has ended, as it would have before a visitor reads and goes back.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise((r) => {
              const y = window.scrollY;
              setTimeout(() => r(window.scrollY === y), 300);
            }),
        ),
      )
      .toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(where);
  });
}
