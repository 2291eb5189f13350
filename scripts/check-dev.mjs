// `node scripts/check-dev.mjs`: proves that `npm run dev` serves the public pages as the production build does
// (issue 29 point 4): it starts `npm run dev` on DEV_CHECK_PORT (4399) with a fresh data directory, asks for
// /services and checks the page carries the public runtime's entry (app/public-runtime/start.ts, not React
// Router's scripts) and the explorer's markup, then taps a service in Chromium and sees it chosen by the plain
// script (no island on that page), and stops the server. Exits 1 with the reason on a failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const port = Number(process.env.DEV_CHECK_PORT ?? 4399);
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-dev-check-'));
const server = spawn(process.execPath, ['scripts/dev.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: origin },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));

const fail = (reason) => {
  throw new Error(reason);
};

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) fail(`npm run dev exited:\n${output.slice(-2000)}`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`npm run dev did not answer on ${origin} in time:\n${output.slice(-2000)}`);
}

let browser;
try {
  await waitForHealth(Date.now() + 180_000);
  const html = await (await fetch(`${origin}/services`)).text();
  if (!html.includes('/app/public-runtime/start.ts')) fail('/services does not load the public runtime’s entry');
  if (html.includes('__reactRouterContext')) fail('/services carries React Router’s scripts');
  if (!html.includes('data-service-explorer')) fail('/services has no services explorer markup');
  const entry = await fetch(`${origin}/app/public-runtime/start.ts`);
  if (!entry.ok || !(await entry.text()).includes('startIslands')) fail('the entry is not served as a module');

  browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  await page.goto(`${origin}/services`);
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 60_000 });
  const choice = page.getByRole('main').getByRole('button', { name: 'Cloud Storage and Backup' });
  await choice.click();
  // Chosen by the page's plain script (service-explorer.enhance.ts): the attribute it sets.
  await page.locator('[data-service-choice="cloud-storage-backup"][aria-pressed="true"]').waitFor({ timeout: 10_000 });
  console.log('npm run dev serves /services with the public runtime: entry, markup and a tap answered by its script');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  // The dev script and its children (tsx watch, the server) are one process group.
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  rmSync(dataDir, { recursive: true, force: true });
}
