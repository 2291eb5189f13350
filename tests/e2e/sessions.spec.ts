// Sessions in cookies (issue 33 item 1): a signed-in tab keeps its session through a reload and a restart of the
// server, the refresh token in an httpOnly cookie, the access token in the page's memory, nothing of the session in
// localStorage or sessionStorage (and what an earlier version stored there is removed).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { SESSION_COOKIE } from '@agency/contract';
import { expect, test } from './fixtures.ts';
import { ADMIN, loginAdmin, loginThroughUi } from './support.ts';

/** Everything the page's scripts can read of the browser's storage and cookies. */
const readableState = (page: Page) =>
  page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
    cookie: document.cookie,
  }));

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE.name);
}

test('a signed-in tab keeps its session through a reload and in a second tab, with nothing of it in storage', async ({
  page,
  context,
  request,
}) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  await loginAdmin(request); // the admin exists
  const signIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
  await loginThroughUi(page);
  const answer = (await (await signIn).json()) as { accessToken: string; refreshToken?: string };
  // The browser asked for the cookie only: no refresh token ever reached the page.
  expect(answer.refreshToken).toBeUndefined();
  const cookie = await sessionCookie(context);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: SESSION_COOKIE.path, secure: false });

  const expectNothingStored = async (tokens: string[]) => {
    const state = await readableState(page);
    for (const key of ['token', 'refreshToken', 'user']) {
      expect(Object.keys(state.local)).not.toContain(key);
      expect(Object.keys(state.session)).not.toContain(key);
    }
    for (const token of tokens) expect(JSON.stringify(state)).not.toContain(token);
  };
  await expectNothingStored([answer.accessToken, cookie!.value]);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${ADMIN.name}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expectNothingStored([answer.accessToken, cookie!.value, (await sessionCookie(context))!.value]);

  // Two tabs opening at once renew the one cookie in turn (a renewal with a spent cookie would end the session).
  const second = await context.newPage();
  await Promise.all([page.reload(), second.goto('/admin')]);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.reload();
  await expect(page.getByText(`Signed in as ${ADMIN.name}`)).toBeVisible();
  await second.close();
});

test('a session an earlier version kept in the browser’s storage is removed when the login page opens', async ({
  page,
}) => {
  await page.goto('/login');
  await page.evaluate(() => {
    for (const key of ['token', 'refreshToken', 'user']) {
      localStorage.setItem(key, 'left by an earlier version');
      sessionStorage.setItem(key, 'left by an earlier version');
    }
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const state = await readableState(page);
  expect(JSON.stringify(state)).not.toContain('left by an earlier version');
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** The built server on `port` with its own data directory (PGlite); resolves once it answers its health check. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A fresh embedded database is migrated first: on a busy machine that takes a while. A server that never answers
  // is stopped, not left behind.
  const answering = expect
    .poll(
      async () => {
        if (child.exitCode !== null) return `exited ${child.exitCode}: ${output}`;
        return fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 120_000 },
    )
    .toBe(200);
  await answering.catch(async (error: unknown) => {
    await stopServer(child);
    throw error;
  });
  return child;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

test('a signed-in tab keeps its session through a restart of the server', async ({ browser }) => {
  test.setTimeout(300_000);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-restart-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let server = await startServer(port, dataDir);
  const context = await browser.newContext({ baseURL });
  try {
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
    const page = await context.newPage();
    await loginAdmin(context.request); // this server's first account: its admin
    await context.clearCookies(); // signed in by the login page, not by that call
    await loginThroughUi(page);

    await stopServer(server);
    server = await startServer(port, dataDir);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${ADMIN.name}`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  } finally {
    await context.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
