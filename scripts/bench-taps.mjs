// The first tap's answer (issue 29, DECISIONS.md 10), for `npm run bench:web`: a new visitor opens the page with
// Lighthouse's mobile throttling (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU slowed 4×, through the
// DevTools protocol), leaves it 1.5 s after the load event (a form sent filled in: 1.5 s after typing, once its
// island has hydrated), then taps once; measured in the page from the tap's pointerdown (a picked file: its
// `input` event) to the animation callbacks of the first frame that draws the answer. The finger is lifted at
// once: press and release are sent together (touch on a phone, the mouse at desktop width), so no round trip of
// the harness sits between them. Each case starts from a new browser context (nothing stored or cached).
/* global window, document, requestAnimationFrame */ // inside page.evaluate
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const LEFT_MS = 1500;
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
/** Where the toasts are drawn (components/ui/toast-list.ts). */
const TOAST = '[aria-label="Notifications"] li';
/**
 * A file over the CV limit (CV_MAX_BYTES, 5 MB), on disk: picked by its path, the browser reads it itself (given as
 * a buffer, Playwright would decode it inside the page, a task of seconds under the slower CPU, not the site's).
 */
const LARGE_CV = path.join(mkdtempSync(path.join(tmpdir(), 'bench-taps-')), 'cv.pdf');
writeFileSync(LARGE_CV, Buffer.alloc(5 * 1024 * 1024 + 1, 32));

const FORMS = {
  '/connect': { name: 'Send us a message', send: 'Submit' },
  '/quote-uk': { name: 'Quote request for United Kingdom', send: 'Submit' },
  '/quote-nepal': { name: 'Quote request for Nepal', send: 'Submit' },
  '/career': { name: 'Job application', send: 'Submit Application' },
};
const formOf = (page, path) => page.getByRole('form', { name: FORMS[path].name });
const sendOf = (page, path) => formOf(page, path).getByRole('button', { name: FORMS[path].send });

/**
 * The first taps measured on `path`: what is tapped (`tap`, after `prepare`), and the answer: elements matching
 * `selector` become visible (or hidden), with `text` when given, and `stored` set in localStorage when given.
 * Every page: the cookie banner's Accept All, the quote dialog from the header's button (the one control that
 * opens it: the packages' "Get a quote" are links to /quote) and the phone menu; `/` also the banner's other choice.
 */
function casesFor(path) {
  const banner = (button) => ({
    name: `cookie banner "${button}" → banner gone, choice stored`,
    device: PHONE,
    ready: '[data-cookie-banner]:not([hidden])',
    tap: (page) => page.getByRole('button', { name: button }),
    answer: { selector: '[data-cookie-banner]', visible: false, stored: 'cookieConsent' },
  });
  const cases = [
    banner('Accept All'),
    {
      name: 'header "Request a quote" → dialog open',
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
  if (path === '/') cases.push(banner('Necessary Only'));
  if (path === '/services')
    cases.push({
      name: 'services explorer tab → chosen',
      device: PHONE,
      consent: true,
      tap: (page) => page.getByRole('main').getByRole('button', { name: 'Cloud Storage and Backup' }),
      answer: { selector: '#service-detail h2', text: 'Cloud Storage and Backup', visible: true },
    });
  if (FORMS[path]) {
    const send = (page) => sendOf(page, path);
    cases.push({
      name: 'Send on the empty form → its message',
      device: PHONE,
      consent: true,
      tap: send,
      answer: path === '/career' ? { selector: '[role="alert"]', visible: true } : { selector: TOAST, visible: true },
    });
  }
  if (path === '/connect') {
    const fill = async (page, email) => {
      const form = formOf(page, path);
      await form.getByLabel('Full Name').fill('Asha Gurung');
      await form.getByLabel('Subject').fill('A shop for our tea');
      await form.getByLabel('Email').fill(email);
    };
    cases.push(
      {
        name: 'Send with a bad e-mail → its message',
        device: PHONE,
        consent: true,
        prepare: (page) => fill(page, 'asha@'),
        tap: (page) => sendOf(page, path),
        answer: { selector: '[role="alert"], [aria-invalid="true"]', visible: true },
      },
      {
        name: 'Send on a complete form → "Submitting..."',
        device: PHONE,
        consent: true,
        prepare: (page) => fill(page, 'asha@example.com'),
        tap: (page) => sendOf(page, path),
        answer: { selector: 'button[type="submit"]', text: 'Submitting', visible: true },
      },
    );
  }
  if (path === '/career')
    cases.push({
      name: 'CV over 5 MB picked → its toast',
      device: PHONE,
      consent: true,
      pick: { label: 'CV / Resume', files: LARGE_CV },
      answer: { selector: TOAST, text: 'less than 5MB', visible: true },
    });
  return cases;
}

/** What runs in the page before the tap: records the tap's time and the first frame that shows the answer. */
function watchForAnswer({ selector, visible, text, stored, startOn }) {
  const state = { tap: 0, answer: 0, longTasks: [] };
  window.__firstTap = state;
  const shown = () =>
    Array.from(document.querySelectorAll(selector)).some(
      (element) => element.checkVisibility() && (!text || element.textContent?.includes(text)),
    );
  const answered = () => shown() === visible && (!stored || localStorage.getItem(stored) !== null);
  window.addEventListener(startOn, () => (state.tap = performance.now()), { capture: true, once: true });
  // Checked in each frame's animation callbacks, after the tap's handlers, before that frame is drawn.
  const watch = () => {
    if (state.tap && answered()) state.answer = performance.now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  // What kept the page busy meanwhile (BENCH_VERBOSE prints it).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }).observe({ type: 'longtask' });
}

/** A tap in the middle of `locator`, the press and release sent together: touch when the page has it, else the mouse. */
async function tapAt(cdp, locator, touch) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to tap');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (touch) {
    await Promise.all([
      cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] }),
      cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
    ]);
    return;
  }
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  const press = { x, y, button: 'left', clickCount: 1 };
  await Promise.all([
    cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...press }),
    cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...press }),
  ]);
}

/** Opens a browser for `measure`; call `close()` when done. */
export async function tapMeter() {
  const launch = () => chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  let browser = await launch();

  /** One case, once: the milliseconds from the tap to the answer's frame, or null (why goes to stderr). */
  async function once(url, kase) {
    let context;
    try {
      // A browser that crashed (memory on a shared machine) is started again, not the whole benchmark stopped.
      if (!browser.isConnected()) browser = await launch();
      context = await browser.newContext(kase.device);
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
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      if (kase.ready) await page.locator(kase.ready).waitFor({ timeout: 15_000 });
      if (kase.prepare) {
        await kase.prepare(page);
        // Typing is a first use: the form's island hydrates meanwhile (a visitor types for longer than it takes).
        await page.locator('[data-island-live]').first().waitFor({ state: 'attached', timeout: 30_000 });
      }
      const target = kase.pick ? page.getByLabel(kase.pick.label) : kase.tap(page);
      await target.scrollIntoViewIfNeeded({ timeout: 10_000 });
      await page.waitForTimeout(LEFT_MS);
      await page.evaluate(watchForAnswer, { ...kase.answer, startOn: kase.pick ? 'input' : 'pointerdown' });
      if (kase.pick) await target.setInputFiles(kase.pick.files);
      else await tapAt(cdp, target, Boolean(kase.device.hasTouch));
      await page.waitForFunction(() => window.__firstTap.answer > 0, null, { timeout: 15_000 });
      const { tap, answer, longTasks } = await page.evaluate(() => window.__firstTap);
      const busy = longTasks.filter(([start, duration]) => start + duration > tap && start < answer);
      if (process.env.BENCH_VERBOSE && busy.length)
        console.log(
          `  ${url} ${kase.name}: long tasks [start − tap, ms]: ${busy.map(([s, d]) => `[${Math.round(s - tap)}, ${d}]`).join(' ')}`,
        );
      return Math.max(0, Math.round(answer - tap));
    } catch (error) {
      console.error(`${url} ${kase.name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
      return null;
    } finally {
      await context?.close().catch(() => {});
    }
  }
  return {
    close: async () => {
      rmSync(path.dirname(LARGE_CV), { recursive: true, force: true });
      await browser.close().catch(() => {});
    },
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

/** Per page and tap: the runs' minimum, median and maximum (null when a run had no answer). */
export function tapSummary(rows) {
  const groups = new Map();
  for (const row of rows) {
    const key = `${row.page}\u0000${row.tap}`;
    if (!groups.has(key)) groups.set(key, { page: row.page, tap: row.tap, runs: [] });
    groups.get(key).runs.push(row.ms);
  }
  return [...groups.values()].map(({ page, tap, runs }) => {
    const answered = runs.filter((ms) => ms !== null).sort((a, b) => a - b);
    const all = answered.length === runs.length;
    return {
      page,
      tap,
      runs: runs.length,
      minMs: all ? answered[0] : null,
      medianMs: all ? answered[Math.floor((answered.length - 1) / 2)] : null,
      maxMs: all ? answered.at(-1) : null,
    };
  });
}
