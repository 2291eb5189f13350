// Shared fixture: every page a test opens fails the test if it logs a console error or throws.
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A page that answers 404 on purpose is reported by the browser as a failed resource.
        const isDocument = message.location().url === page.url();
        if (isDocument && message.text().startsWith('Failed to load resource')) return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
