// What JavaScript a public page loads, as a visitor meets it (issue 25 item 3), for `npm run bench:web`:
// every script response in the first five seconds after the page is opened on a phone-sized screen without any interaction, then
// every further script once the visitor uses the page (scrolls to the end, moves the pointer, presses Tab,
// focuses the first form field, taps a "Request a quote" button and closes what it opened). Sizes are what
// the network carried: the body as sent (brotli, as the server answers a browser that accepts it) plus the
// response headers, as Lighthouse counts them.
// Playwright's Chromium driver comes with the browser tests (tests/e2e); the browser is the same Chromium.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const FIRST_WINDOW_MS = 5000;
const AFTER_INTERACTION_MS = 3000;

/** Opens a browser for `measure`; call `close()` when done. */
export async function jsMeter() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  return {
    close: () => browser.close(),
    /** { formPage, js: { firstKB, firstFiles, interactionKB, interactionFiles } } for one page. */
    async measure(url) {
      // A phone, as Lighthouse's mobile run emulates one (the particles, for one, are not fetched on phones).
      const context = await browser.newContext({
        extraHTTPHeaders: { 'accept-encoding': 'br, gzip' },
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const phases = { first: [], interaction: [] };
      let phase = phases.first;
      const pending = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script') return;
        const list = phase;
        pending.push(
          request.sizes().then(
            (sizes) => list.push(sizes.responseBodySize + sizes.responseHeadersSize),
            () => undefined,
          ),
        );
      });
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForTimeout(FIRST_WINDOW_MS);
      await Promise.all(pending.splice(0));
      // A page with a form that posts (a lead form) has the larger budget; the blog's search (GET) does not count.
      const formPage = (await page.locator('main form:not([method="get"])').count()) > 0;
      phase = phases.interaction;
      await page.mouse.move(200, 200);
      await page.mouse.wheel(0, 400);
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      await page.keyboard.press('Tab');
      const field = page.locator('main form input:not([type=hidden]), main form textarea').first();
      if (await field.count()) await field.focus().catch(() => undefined);
      const quote = page.getByRole('button', { name: /request a quote/i }).first();
      if (await quote.count()) {
        await quote.click({ timeout: 2000 }).catch(() => undefined);
        await page.waitForTimeout(500);
        await page.keyboard.press('Escape');
      }
      await page.waitForTimeout(AFTER_INTERACTION_MS);
      await Promise.all(pending.splice(0));
      await context.close();
      const kb = (list) => Number((list.reduce((a, b) => a + b, 0) / 1024).toFixed(1));
      return {
        formPage,
        js: {
          firstKB: kb(phases.first),
          firstFiles: phases.first.length,
          interactionKB: kb(phases.interaction),
          interactionFiles: phases.interaction.length,
        },
      };
    },
  };
}
