// BENCH_WARM_BROWSER=1 (scripts/bench-web.mjs): before the first measured run, the benchmark's Chromium draws one
// unrelated page, a `data:` document (an opaque origin of its own, no request to the site) with text in the site's
// font stack and the kinds of boxes every page has (headings, text, a link, a button, form fields, an SVG picture).
// A visitor's browser is already running: its processes started, its fonts found, its rasterizer ready; a freshly
// launched one does that work the first time a page draws. Whether Lighthouse's first run counts that work as the
// page's is what this compares (decision 0024, round 39). The page's own cold case, an empty HTTP cache, Lighthouse
// gives every run anyway.
/* global requestAnimationFrame */ // inside page.evaluate
import { chromium } from 'playwright-core';

const SVG = encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64"><rect width="96" height="64" fill="#d9eaff"/><circle cx="32" cy="32" r="20" fill="#2563eb"/></svg>',
);
const WARM_UP_PAGE = `data:text/html;charset=utf-8,${encodeURIComponent(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width">
<body style="font-family: ui-sans-serif, system-ui, sans-serif; -webkit-font-smoothing: antialiased; margin: 1rem">
<h1 style="font-size: 2.25rem; font-weight: 800">A warm browser</h1><h2 style="font-weight: 600">Before the measured runs</h2>
<p>Regular text, <strong>bold</strong>, <em>italic</em> and a <a href="#a">link</a>: ÄÖÜ é ñ – “quotes” … €£ 0123456789.</p>
<button type="button">A button</button> <input type="email" placeholder="name@example.com"> <select><option>One</option><option>Two</option></select>
<textarea rows="2">Text</textarea><img alt="" width="96" height="64" src="data:image/svg+xml,${SVG}"></body></html>`)}`;

/** Draws the page in a new tab of the browser listening on `port`, waits for two frames, and closes the tab. */
export async function warmUpBrowser(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(WARM_UP_PAGE, { waitUntil: 'load' });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
    );
    await page.close();
  } finally {
    // Connected over CDP, close() disconnects and leaves the browser running.
    await browser.close();
  }
}
