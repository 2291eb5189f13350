// What the public runtime's navigation inside the document is worth (docs/decisions/0024): from a tap on a
// header link of `/` to the next page's heading on screen, on a phone-sized screen with the CPU slowed 4×
// (as Lighthouse's mobile run), done by the runtime (the hydrated page fetches the next page's HTML and shows
// it) and as a new document (the same link followed by the browser, as it would be on a page that is not
// hydrated). Prints the median of BENCH_RUNS (5) pairs per link, and the scripts each way loads.
// Run `npm run build` first; BENCH_PORT (4391) is where the built server listens. Since the islands (decision
// 0024) the public pages' links are plain links, so both ways are a new document: the comparison is meaningful
// only on a commit before them (e06c602), where its figures in 0024 were taken.
import { chromium } from 'playwright-core';
import { startServer } from './bench-server.mjs';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LINKS = [
  ['/about', 'About Us'],
  ['/blog', 'Blog'],
  ['/connect', 'Connect'],
];
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4391) });
const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function once(path, name, asDocument) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'accept-encoding': 'br, gzip' },
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript("localStorage.setItem('cookieConsent', 'accepted')");
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Warm: the first visit fills the cache, as a visitor's first page does.
  await page.goto(`${server.origin}/`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  let scripts = 0;
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes().catch(() => null);
    if (sizes) scripts += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  const link = page.getByRole('banner').getByRole('link', { name, exact: true }).first();
  const started = Date.now();
  // A modifier-free click is taken by the runtime; as a document, the browser follows the address.
  if (asDocument) await page.goto(`${server.origin}${path}`, { waitUntil: 'commit' });
  else await link.click();
  await page.waitForURL(`**${path}`, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(`document.querySelector('main h1') && location.pathname === ${JSON.stringify(path)}`);
  const ms = Date.now() - started;
  await context.close();
  return { ms, scripts };
}

const rows = [];
try {
  for (const [path, name] of LINKS) {
    const inside = [];
    const document = [];
    for (let run = 0; run < RUNS; run++) {
      inside.push(await once(path, name, false));
      document.push(await once(path, name, true));
    }
    rows.push({
      to: path,
      insideMs: median(inside.map((r) => r.ms)),
      newDocumentMs: median(document.map((r) => r.ms)),
      insideScriptsKB: Number((median(inside.map((r) => r.scripts)) / 1024).toFixed(1)),
      newDocumentScriptsKB: Number((median(document.map((r) => r.scripts)) / 1024).toFixed(1)),
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
console.table(rows);
