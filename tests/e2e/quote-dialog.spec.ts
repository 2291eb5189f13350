// The quote dialog never makes the visitor wait inside it: its form is fetched when the visitor starts using
// the page, and a tap that comes before the form has arrived opens the dialog only once it is there.
import { expect, test } from './fixtures.ts';

test.use({ hasTouch: true, viewport: { width: 1024, height: 800 } });

test('a tap on "Request a quote" with a slow network opens the dialog with its form, never "Loading..."', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  // The form's own chunk arrives slowly, as on a phone network.
  await page.route(/\/assets\/quote-modal-dialog-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/');
  await page.locator('html[data-hydrated="true"]').waitFor();
  // Everything the dialog ever shows, from its first frame on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { dialogTexts: string[] }).dialogTexts = seen;
    new MutationObserver(() => {
      const dialog = document.querySelector('[role="dialog"]');
      if (dialog) seen.push(`${dialog.querySelector('form') ? 'form' : 'no form'}: ${dialog.textContent ?? ''}`);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  await page.getByRole('banner').getByRole('button', { name: 'Request a quote' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await expect(dialog.getByRole('form', { name: 'Request a quote' })).toBeVisible();
  const texts = await page.evaluate(() => (window as unknown as { dialogTexts: string[] }).dialogTexts);
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((text) => text.startsWith('no form') || text.includes('Loading...'))).toEqual([]);
});
