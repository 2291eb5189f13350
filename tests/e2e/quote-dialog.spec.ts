// The quote dialog answers a tap in the frame it lands in (DECISIONS.md 10): the dialog's shell, server markup
// opened by plain script, slides in at once with its heading and Close; the form follows in its place when its code
// has arrived, without a "Loading..." text and without sliding again.
import { expect, test } from './fixtures.ts';

test.use({ hasTouch: true, viewport: { width: 1024, height: 800 } });

test('a tap on "Request a quote" with a slow network opens the dialog at once, its form following in place', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  // The form's own chunk arrives slowly, as on a phone network: held until the shell has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/quote-modal-dialog-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.locator('html[data-hydrated="true"]').waitFor();
  // Everything the dialog ever shows, and the time from the tap to the first frame that shows a dialog.
  await page.evaluate(() => {
    const state = { texts: [] as string[], tap: 0, shown: 0 };
    (window as unknown as { dialog: typeof state }).dialog = state;
    const visible = () => Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).find((d) => !d.hidden);
    new MutationObserver(() => {
      const dialog = visible();
      if (dialog) state.texts.push(dialog.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    window.addEventListener('pointerdown', () => (state.tap = performance.now()), { capture: true, once: true });
    const watch = (now: number) => {
      if (state.tap && visible()) state.shown = now;
      else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });

  await page.getByRole('banner').getByRole('button', { name: 'Request a quote' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { dialog: { shown: number } }).dialog.shown))
    .not.toBe(0);
  const { tap, shown } = await page.evaluate(
    () => (window as unknown as { dialog: { tap: number; shown: number } }).dialog,
  );
  expect(shown - tap, 'tap → first frame with the dialog (ms)').toBeLessThan(200);
  // The shell came without its form's code.
  await expect(dialog.getByRole('form', { name: 'Request a quote' })).toHaveCount(0);

  release();
  await expect(dialog.getByRole('form', { name: 'Request a quote' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const texts = await page.evaluate(() => (window as unknown as { dialog: { texts: string[] } }).dialog.texts);
  expect(texts.filter((text) => text.includes('Loading'))).toEqual([]);
  // One dialog at a time: the shell has given its place to the dialog.
  await expect(page.locator('[role="dialog"]:not([hidden])')).toHaveCount(1);
});

test('a dialog closed before its code arrives stays closed', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/quote-modal-dialog-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.locator('html[data-hydrated="true"]').waitFor();
  const opener = page.getByRole('banner').getByRole('button', { name: 'Request a quote' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  const arrived = page.waitForResponse(/\/assets\/quote-modal-dialog-[^/]+\.js$/);
  release();
  const module = new URL((await arrived).url()).pathname;
  // The page's own import of that module goes on before this one (promise reactions run in the order they were
  // registered): once this import is done and two frames are drawn, a dialog the arrived code opened would show.
  await page.evaluate(async (path) => {
    await import(path);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, module);
  await expect(dialog).toBeHidden();
});
