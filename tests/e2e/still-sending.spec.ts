// A public form sent while the site's writes are off for a move (issue 30 point 3, decision 0027: the API answers
// 503 with Retry-After) says it is still sending, keeps what was typed, and is sent once when the site answers
// again (lib/send-while-busy.ts). The 503s are the API's own answer to a lead post then (apps/api/src/plugins/
// writes-off.ts), played here by the browser's route so the rest of the suite keeps its writes.
import { MESSAGES } from '@agency/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { findLead, gotoHydrated } from './support.ts';

const toastWith = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: text });

test('the UK quote form keeps sending through a move: still sending, nothing lost, sent once', async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  let posts = 0;
  let reopen: () => void = () => {};
  const reopened = new Promise<void>((resolve) => (reopen = resolve));
  await page.route('**/api/request-quote', async (route) => {
    posts += 1;
    // The site answers as its writes-off gate does, the second time only once the test has looked.
    if (posts === 2) await reopened;
    if (posts <= 2) {
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ error: MESSAGES.http.writesOff }),
      });
      return;
    }
    await route.continue();
  });

  const email = `moving-${Date.now()}@example.test`;
  await gotoHydrated(page, '/quote-uk');
  const form = page.getByRole('form', { name: /Quote request/ });
  await form.getByLabel('Full Name').fill('Tom Baker');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  await form.getByLabel('Company Name').fill('Moving Day Ltd');
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(toastWith(page, MESSAGES.http.stillSending)).toBeVisible();
  await expect(toastWith(page, MESSAGES.http.writesOff)).toHaveCount(0);
  await expect(form.getByRole('button', { name: MESSAGES.quote.submitting })).toBeDisabled();
  await expect(form.getByLabel('Company Name')).toHaveValue('Moving Day Ltd');
  await expect(page).toHaveURL(/\/quote-uk$/);
  reopen();

  await page.waitForURL((url) => url.pathname === '/');
  await expect(toastWith(page, MESSAGES.regionalQuote.successTitle)).toBeVisible();
  await expect(toastWith(page, MESSAGES.http.stillSending)).toHaveCount(0);
  expect(posts).toBe(3);
  expect(await findLead(request, 'quotes', email)).toMatchObject({ companyName: 'Moving Day Ltd', region: 'uk' });
  // The browser reports each 503 as a failed resource.
  const failed = consoleErrors.filter((message) => /Failed to load resource.*503/.test(message));
  expect(failed).toHaveLength(2);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !failed.includes(message)));
});
