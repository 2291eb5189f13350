import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4173);
const root = path.resolve(import.meta.dirname, '../..');
// Shared with the specs through the environment: where the server keeps its data this run.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'agency-e2e-'));
// The server mails to this port; a spec that reads mail starts an SMTP server there (account-security.spec.ts).
// Derived from E2E_PORT so runs side by side do not share it; nothing listens outside such a spec, and mail
// then waits in the outbox and is retried, as with a mail server that is down.
process.env.E2E_SMTP_PORT ??= String(2500 + (port % 1000));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // On CI a browser test that fails once is run again and reported as flaky in the summary (scripts/test.mjs):
  // a consistent failure still fails the run, and a flaky one is named instead of blocking every change.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: path.join(root, 'test-results/e2e.json') }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000, // seconds on a quiet machine; over a minute on a shared, busy one
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: 'Agency website <no-reply@example.test>',
      // An agency inbox, so leads get a notification the admin area shows and can resend.
      LEADS_TO: 'leads@example.test',
      // Mail the test mail server refuses is retried after 0.2 s, 0.4 s, 0.8 s… instead of 10 s, 20 s, 40 s…
      // (delivery-banner.spec.ts waits for the fifth failure).
      OUTBOX_RETRY_BASE_SECONDS: '0.1',
      // A PostgreSQL database of its own for the browser tests (CI creates it), else PGlite in E2E_DATA_DIR.
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
