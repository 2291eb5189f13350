import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, testChromiumPath } from '../../scripts/chromium.mjs';

// E2E_WORKERS workers run spec files side by side (default 2: on a quiet two-core machine the suite takes about
// two thirds of one worker's time, decision 0038), each against a server of its own on
// E2E_PORT + its index, with its own data directory and SMTP port: a spec sees one server, as with one worker.
// Playwright reads this file in its main process (which starts the servers) and again in each worker process
// (TEST_PARALLEL_INDEX set), which finds its server's port here and passes it to the specs through the environment.
const root = path.resolve(import.meta.dirname, '../..');
process.env.E2E_BASE_PORT ??= process.env.E2E_PORT ?? '4173';
const basePort = Number(process.env.E2E_BASE_PORT);
// Shared with the workers through the environment: where the servers keep their data this run.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'agency-e2e-'));
// On PostgreSQL every server needs a database of its own: E2E_DATABASE_URL names them with `{server}`
// (`…/agency_e2e_{server}` is agency_e2e_1, agency_e2e_2…; CI creates them). Without `{server}`, one worker.
const databaseUrl = process.env.E2E_DATABASE_URL;
const workers = databaseUrl && !databaseUrl.includes('{server}') ? 1 : Number(process.env.E2E_WORKERS ?? 2);

/** Server `index`'s (0-based) port, data directory, SMTP port and database. */
function server(index: number) {
  const port = basePort + index;
  return {
    port,
    dataDir: workers === 1 ? process.env.E2E_DATA_DIR! : path.join(process.env.E2E_DATA_DIR!, `server-${index + 1}`),
    // The server mails to this port; a spec that reads mail starts an SMTP server there (account-security.spec.ts).
    // Derived from the port so runs side by side do not share it; nothing listens outside such a spec, and mail
    // then waits in the outbox and is retried, as with a mail server that is down.
    smtpPort: 2500 + (port % 1000),
    databaseUrl: databaseUrl?.replaceAll('{server}', String(index + 1)),
  };
}

// In a worker: this worker's server, for the specs (E2E_PORT, E2E_SMTP_PORT) and for `baseURL` below.
const mine = server(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
process.env.E2E_PORT = String(mine.port);
process.env.E2E_SMTP_PORT = String(mine.smtpPort);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // A spec file's tests run in order on one worker (they build on each other); files are shared out.
  fullyParallel: false,
  workers,
  // On CI a browser test that fails once is run again and reported as flaky in the summary (scripts/test.mjs):
  // a consistent failure still fails the run, and a flaky one is named instead of blocking every change.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: path.join(root, 'test-results/e2e.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${mine.port}`,
    launchOptions: {
      executablePath: testChromiumPath,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => {
    const { port, dataDir, smtpPort, databaseUrl } = server(index);
    mkdirSync(dataDir, { recursive: true });
    return {
      command: 'node apps/api/dist/server.js',
      cwd: root,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000, // seconds on a quiet machine; over a minute on a shared, busy one
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SITE_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Agency website <no-reply@example.test>',
        // An agency inbox, so leads get a notification the admin area shows and can resend.
        LEADS_TO: 'leads@example.test',
        // Mail the test mail server refuses is retried after 0.2 s, 0.4 s, 0.8 s… instead of 10 s, 20 s, 40 s…
        // (delivery-banner.spec.ts waits for the fifth failure).
        OUTBOX_RETRY_BASE_SECONDS: '0.1',
        // …and the outbox looks for due mail every 0.25 s instead of 2 s (mail a test waits for: resets,
        // invitations, replies, retries).
        OUTBOX_INTERVAL_SECONDS: '0.25',
        // A PostgreSQL database of its own for the browser tests (CI creates it), else PGlite in its data directory.
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    };
  }),
});
