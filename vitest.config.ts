import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./apps/web/app', import.meta.url).pathname } },
  define: { __SITE_URL__: JSON.stringify('http://localhost:3000') },
  test: {
    setupFiles: ['./vitest.setup.ts'],
    // Generous: the PGlite suites share two cores, and a slow machine must not turn into red tests.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}', 'apps/api/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.api.test.ts'],
        },
      },
    ],
  },
});
