import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./apps/web/app', import.meta.url).pathname } },
  define: { __SITE_URL__: JSON.stringify('http://localhost:3000') },
  test: {
    setupFiles: ['./vitest.setup.ts'],
    // Generous: the PGlite suites share two cores, and a slow machine must not turn into red tests.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Under CI a failed test runs once more; one that then passes is named "flaky" in `npm test`'s summary
    // (scripts/vitest-flaky-reporter.mjs), as the browser tests' retries are.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // One worker process runs many files, each file's modules loaded once per worker (decision 0038, round
          // 38): a file must leave nothing behind (restore what it stubs, close what it opens).
          isolate: false,
          include: ['packages/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}', 'apps/api/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/*.process.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.api.test.ts'],
          // Not isolated either: importing the app (Fastify and every route) took 2-4.5 s per file, and PGlite
          // compiles its WebAssembly once per worker instead of once per file.
          isolate: false,
          // One migrated template database; each test app's database is a copy of it.
          globalSetup: ['./apps/api/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Tests that start processes (the server's start-up checks): `npm test` and CI run them,
          // `npm run test:unit` does not.
          name: 'process',
          include: ['apps/api/src/**/*.process.test.ts'],
        },
      },
    ],
  },
});
