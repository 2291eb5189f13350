// Privacy, terms, cookie policy and career pages: structure, interactions and accessibility.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { gotoHydrated } from './support.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
});

const sectionHeadings = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2, name: /^\d+\. / });

test.describe('privacy policy', () => {
  test('has nine numbered sections, a readable Last Updated date and a table of contents', async ({ page }) => {
    const response = await gotoHydrated(page, '/privacy');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(
      page.getByText(
        /^Last Updated: \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
      ),
    ).toBeVisible();

    const headings = sectionHeadings(page);
    await expect(headings).toHaveCount(9);
    await expect(headings.nth(0)).toHaveText('1. Information We Collect');
    await expect(headings.nth(5)).toHaveText(/^6\. .*Rights.*UK GDPR/);
    await expect(headings.nth(6)).toHaveText(/^7\. Children Under 16/);
    await expect(page.getByText('not directed to children under 16')).toBeVisible();

    const toc = page.getByRole('navigation', { name: 'Contents' });
    await expect(toc.getByRole('link')).toHaveCount(9);
  });

  test('a table of contents link scrolls to its section and highlights it for about half a second', async ({
    page,
  }) => {
    await gotoHydrated(page, '/privacy');
    const section = page.locator('section#international-transfers');
    await expect(section).not.toBeInViewport();

    const link = page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: '5. International Data Transfers' });
    // What the highlight does is read by the page itself (each change of the attribute, on the page's clock): the
    // test's own round trips, which a busy machine stretches past the half second, could miss it.
    await section.evaluate((node) => {
      const marks: { value: string | null; at: number }[] = [];
      (window as unknown as { highlightMarks: typeof marks }).highlightMarks = marks;
      new MutationObserver(() =>
        marks.push({ value: node.getAttribute('data-highlighted'), at: performance.now() }),
      ).observe(node, { attributes: true, attributeFilter: ['data-highlighted'] });
    });
    await link.click();
    await page.waitForFunction(() => (window as unknown as { highlightMarks: unknown[] }).highlightMarks.length >= 2);
    const [on, off] = await page.evaluate(
      () => (window as unknown as { highlightMarks: { value: string | null; at: number }[] }).highlightMarks,
    );
    expect(on!.value).toBe('true');
    expect(off!.value).toBeNull();
    expect(off!.at - on!.at).toBeGreaterThanOrEqual(450);
    expect(off!.at - on!.at).toBeLessThan(1500);
    await expect(section).toBeInViewport();
    await expect(page).toHaveURL(/#international-transfers$/);

    // The look follows the attribute (privacy-policy.tsx's classes).
    await section.evaluate((node) => (node.dataset.highlighted = 'true'));
    await expect(section).toHaveCSS('background-color', 'rgb(238, 246, 255)');
    await section.evaluate((node) => delete node.dataset.highlighted);
    await expect(section).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  });

  test('axe finds no violation', async ({ page }) => {
    await gotoHydrated(page, '/privacy');
    await expectNoAxeViolations(page);
  });
});

test.describe('terms and conditions', () => {
  test('shows ten panels, all open, with quick navigation to each', async ({ page }) => {
    const response = await gotoHydrated(page, '/terms-conditions');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { expanded: true })).toHaveCount(10);
    await expect(main.getByRole('button', { expanded: false })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link')).toHaveCount(10);
    await expect(main.getByRole('button', { name: /Governing Law/ })).toBeVisible();
    await expect(main.getByText('law of England and Wales').first()).toBeVisible();
  });

  test('a panel collapses and opens again; quick navigation reopens a collapsed panel', async ({ page }) => {
    await gotoHydrated(page, '/terms-conditions');
    const button = page.getByRole('button', { name: '3. Use License' });
    const text = page.getByText('This licence ends automatically');
    await expect(text).toBeVisible();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(text).toBeHidden();
    await expect(page.locator(`#${await button.getAttribute('aria-controls')}`)).toBeHidden();

    await button.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(text).toBeVisible();

    await button.click();
    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('link', { name: '3. Use License' })
      .click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(text).toBeInViewport();
  });

  test('Back to Top returns to the top of the page', async ({ page }) => {
    await gotoHydrated(page, '/terms-conditions');
    const backToTop = page.getByRole('button', { name: 'Back to Top' });
    await backToTop.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('axe finds no violation', async ({ page }) => {
    await gotoHydrated(page, '/terms-conditions');
    await expectNoAxeViolations(page);
  });
});

test.describe('cookie policy', () => {
  test('its first tab is in the prerendered HTML', async ({ request }) => {
    const response = await request.get('/cookies');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('Cookies are small text files');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>What Are Cookies</);
  });

  test('shows four tabs with the first selected and switches by click', async ({ page }) => {
    await gotoHydrated(page, '/cookies');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['What Are Cookies', 'Types of Cookies', 'Cookie Controls', 'Cookie Table']);
    await expect(page.getByRole('tab', { name: 'What Are Cookies' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByRole('tabpanel', { name: 'What Are Cookies' })).toBeVisible();

    await page.getByRole('tab', { name: 'Cookie Table' }).click();
    await expect(page.getByRole('tab', { name: 'Cookie Table' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'What Are Cookies' })).toHaveAttribute('aria-selected', 'false');
    const table = page.getByRole('tabpanel', { name: 'Cookie Table' }).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Purpose', 'Type', 'Duration']);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(5);
    const expected = [
      ['cookieConsent', 'Essential', '1 year'],
      ['_ga', 'Analytics', '2 years'],
      ['_gid', 'Analytics', '24 hours'],
      ['_fbp', 'Advertising', '3 months'],
      ['session', 'Essential', 'Session'],
    ];
    for (const [index, [name, type, duration]] of expected.entries()) {
      const row = rows.nth(index);
      await expect(row.getByRole('rowheader')).toHaveText(name ?? '');
      await expect(row.getByRole('cell').nth(1)).toHaveText(type ?? '');
      await expect(row.getByRole('cell').nth(2)).toHaveText(duration ?? '');
    }
  });

  test('arrow keys, Home and End move between tabs with a roving tabindex', async ({ page }) => {
    await gotoHydrated(page, '/cookies');
    const first = page.getByRole('tab', { name: 'What Are Cookies' });
    const second = page.getByRole('tab', { name: 'Types of Cookies' });
    const last = page.getByRole('tab', { name: 'Cookie Table' });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(second).toBeFocused();
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(second).toHaveAttribute('tabindex', '0');
    await expect(first).toHaveAttribute('tabindex', '-1');
    await expect(page.getByRole('tabpanel', { name: 'Types of Cookies' })).toBeVisible();

    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(last).toBeFocused();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(last).toHaveAttribute('aria-selected', 'true');
  });

  test('links to the privacy policy and the terms', async ({ page }) => {
    await gotoHydrated(page, '/cookies');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(main.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-conditions');
  });

  test('axe finds no violation on any tab', async ({ page }) => {
    await gotoHydrated(page, '/cookies');
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Cookie Table' }).click();
    await expectNoAxeViolations(page);
  });
});

test.describe('career', () => {
  test('shows its heading, the four open positions and the application form area', async ({ page }) => {
    const response = await gotoHydrated(page, '/career');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build Your Career With Us');
    const positions = page.getByRole('region', { name: 'Open Positions' }).getByRole('heading', { level: 3 });
    await expect(positions).toHaveText([
      'Graphics Designer',
      'Digital Marketing',
      'MERN Stack Developer',
      'DevOps Engineer',
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'Apply Now' })).toBeVisible();
  });

  test('axe finds no violation', async ({ page }) => {
    await gotoHydrated(page, '/career');
    await expectNoAxeViolations(page);
  });
});
