// The first tap's answer (issue 29, DECISIONS.md 10), for `npm run bench:web`: a new visitor on a phone with
// Lighthouse's mobile throttling (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU slowed 4×, through the
// DevTools protocol) opens the page, leaves it 1.5 s after the load event, then taps once; measured in the page
// from the tap's pointerdown to the animation callbacks of the first frame that draws the answer. Each case starts from a
// new browser context (nothing stored, nothing cached), as a first visit.
/* global window, document, requestAnimationFrame */ // inside page.evaluate: the page's
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const LEFT_MS = 1500;
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/**
 * The first taps measured on `path`: what is tapped, and the answer (an element that becomes visible, or hidden).
 * Every page: the cookie banner, the quote dialog (the header's button, desktop width) and the phone menu.
 */
function casesFor(path) {
  const cases = [
    {
      name: 'cookie banner "Accept All" → banner gone',
      device: PHONE,
      ready: '[data-cookie-banner]:not([hidden])',
      tap: (page) => page.getByRole('button', { name: 'Accept All' }),
      answer: { selector: '[data-cookie-banner]', visible: false },
    },
    {
      name: '"Request a quote" → dialog open',
      device: DESKTOP,
      consent: true,
      tap: (page) => page.getByRole('banner').getByRole('button', { name: 'Request a quote' }),
      answer: { selector: '[role="dialog"]', visible: true },
    },
    {
      name: 'phone menu → menu open',
      device: PHONE,
      consent: true,
      tap: (page) => page.getByRole('button', { name: 'Open menu' }),
      answer: { selector: '#mobile-menu', visible: true },
    },
  ];
  if (path === '/connect')
    cases.push({
      name: '"Submit" on the empty form → its message',
      device: PHONE,
      consent: true,
      tap: (page) => page.getByRole('form', { name: 'Send us a message' }).getByRole('button', { name: 'Submit' }),
      answer: { selector: '[aria-label="Notifications"] li', visible: true },
    });
  if (path === '/services')
    cases.push({
      name: 'services explorer tab → chosen',
      device: PHONE,
      consent: true,
      tap: (page) => page.getByRole('main').getByRole('button', { name: 'Cloud Storage and Backup' }),
      answer: { selector: '#service-detail h2', text: 'Cloud Storage and Backup', visible: true },
    });
  return cases;
}

/** Opens a browser for `measure`; call `close()` when done. */
export async function tapMeter() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  async function once(url, kase) {
    const context = await browser.newContext(kase.device);
    if (kase.consent) await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await page.goto(url, { waitUntil: 'load' });
      if (kase.ready) await page.locator(kase.ready).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(LEFT_MS);
      await page.evaluate(({ selector, visible, text }) => {
        const state = { tap: 0, answer: 0 };
        window.__firstTap = state;
        const shown = () =>
          Array.from(document.querySelectorAll(selector)).some(
            (element) => element.checkVisibility() && (!text || element.textContent?.includes(text)),
          );
        window.addEventListener('pointerdown', () => (state.tap = performance.now()), { capture: true, once: true });
        // Checked in each frame's animation callbacks, after the tap's handlers, before that frame is drawn.
        const watch = () => {
          if (state.tap && shown() === visible) state.answer = performance.now();
          else requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      }, kase.answer);
      await kase.tap(page).click({ timeout: 10_000 });
      await page.waitForFunction(() => window.__firstTap.answer > 0, null, { timeout: 15_000 });
      const { tap, answer } = await page.evaluate(() => window.__firstTap);
      return Math.max(0, Math.round(answer - tap));
    } catch (error) {
      console.error(`${url} ${kase.name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
      return null;
    } finally {
      await context.close();
    }
  }
  return {
    close: () => browser.close(),
    /** [{ tap, ms }] for `url`'s cases, `runs` times each (ms null: no answer within 15 s). */
    async measure(url, path, runs) {
      const rows = [];
      for (const kase of casesFor(path)) {
        for (let run = 1; run <= runs; run++) rows.push({ page: path, tap: kase.name, run, ms: await once(url, kase) });
      }
      return rows;
    },
  };
}
