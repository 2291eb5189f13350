// Issue 31: the content editor as an office manager uses it. The page beside the form follows typing and a click
// on its text focuses the field; the Publish box lists every problem by its label and opens its field; a media
// library image publishes; a revision is compared and restored after a question, the form showing it at once;
// two people on one page see each other and a conflict offers a choice per field; the site's details published
// in the admin reach /login; preview pages say they are drafts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { afterAutosaveShows, afterAutosaveVisible, skipToNextHeartbeat } from './clock.ts';
import {
  adminAuth,
  contentUrl,
  keepContent,
  openContent,
  publishContent,
  saveContentDraft,
} from './content-documents.ts';
import { expect, test } from './fixtures.ts';
import { editorAccount, loginAdmin } from './support.ts';

// Whole documents are edited and checked with axe on a shared machine.
test.describe.configure({ timeout: 150_000 });
// Clicks here land where a field's focus has just scrolled the page: with the admin's smooth scrolling the page, the
// preview frame and the problems' links are still moving when Playwright clicks (it waits for an element to stand
// still in its frame, not for the frame in the page), so a click lands beside its target. Scrolling is instant under
// reduced motion (app.css), as for a person who clicks what they see once it has stopped.
test.use({ reducedMotion: 'reduce' });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

let kept: Awaited<ReturnType<typeof keepContent>>;
test.beforeAll(async ({ request }) => {
  kept = await keepContent(request, ['packages', 'about', 'site', 'service/firewall', 'career']);
});
test.afterAll(async ({ request }) => kept.restore(request));

const field = (page: Page, path: string) => page.locator(`[data-field="${path}"]`);

async function openDocument(page: Page, key: string, title: string) {
  await page.goto(`/admin/content/${key}`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible({ timeout: 15_000 });
}

test('the page beside the form follows typing; Publish names every problem and opens its field', async ({
  page,
  request,
}) => {
  await loginAdmin(request);
  await loginAdmin(page.request);
  await openDocument(page, 'packages', 'Packages and prices');

  // Typing shows within a second in the real page beside the form (its header, footer and banner around it),
  // drawn from the draft on screen; clicking a text of it focuses its field.
  const heading = `Plans for every office ${Date.now().toString(36)}`;
  await field(page, 'hero.title').fill(heading);
  const frame = page.getByTestId('page-preview-frame');
  const preview = frame.contentFrame();
  await expect(preview.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 1000 });
  await expect(preview.getByTestId('draft-preview-banner')).toHaveText('Draft preview — not published');
  await expect(preview.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(preview.getByRole('contentinfo')).toContainText('Privacy Policy');
  await field(page, 'plans.0.price').focus();
  await preview.getByRole('heading', { level: 1, name: heading }).click();
  await expect(field(page, 'hero.title')).toBeFocused();
  await preview.getByText(await field(page, 'hero.lead').inputValue()).click();
  await expect(field(page, 'hero.lead')).toBeFocused();

  // At a phone's width the page's own media queries apply: the menu button instead of the main navigation.
  const widths = page.getByRole('group', { name: 'Preview width' });
  await widths.getByRole('button', { name: 'Phone' }).click();
  await expect(widths.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
  await expect(preview.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(preview.getByRole('navigation', { name: 'Main' })).toBeHidden();
  expect(await preview.locator('body').evaluate((body) => body.ownerDocument.defaultView?.innerWidth)).toBe(390);
  await widths.getByRole('button', { name: 'Desktop' }).click();
  await expect(preview.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Fields in staff's words: limits said, developer fields under a closed "Advanced", no misspelt label.
  await expect(field(page, 'hero.title')).toHaveAccessibleDescription(/Up to 200 characters/);
  await expect(field(page, 'plans.0.id')).toBeHidden();
  await expect(page.getByText(/\bCategorie\b/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add category' })).toBeVisible();

  // A required field left empty is listed before any click, by its label and place; its link focuses it.
  const name = await field(page, 'plans.1.name').inputValue();
  await field(page, 'plans.1.name').fill('');
  const problems = page.getByTestId('publish-problems');
  const link = problems.getByRole('link', { name: /^Plans → Plan 2 → Plan name$/ });
  await expect(link).toBeVisible();
  await field(page, 'hero.title').focus();
  await link.click();
  await expect(field(page, 'plans.1.name')).toBeFocused();
  // Publish does not fail silently: it says why and takes the editor to the field.
  await field(page, 'hero.title').focus();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not published' })).toContainText(
    'Plans → Plan 2 → Plan name',
  );
  await expect(field(page, 'plans.1.name')).toBeFocused();
  await expectNoAxeViolations(page);
  await field(page, 'plans.1.name').fill(name);
  await expect(problems).toBeHidden();

  // On a phone the preview is one tap away.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(frame).toBeHidden();
  await page.getByRole('button', { name: 'Show the page preview' }).click();
  await expect(preview.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(field(page, 'hero.title')).toBeHidden();
  await expectNoAxeViolations(page);
  await preview.getByRole('heading', { level: 1, name: heading }).click();
  await expect(field(page, 'hero.title')).toBeFocused();
});

test('an image from the media library passes the checks and publishes', async ({ page, request }) => {
  const auth = await adminAuth(request);
  const uploaded = await request.post('/api/admin/media', {
    headers: auth,
    multipart: {
      file: {
        name: 'card.png',
        mimeType: 'image/png',
        buffer: readFileSync(path.join(import.meta.dirname, '../../apps/web/public/images/social-card.png')),
      },
      alt: 'The agency’s card',
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  await saveContentDraft(request, auth, 'service/firewall', (data) => {
    data.hero.image = { src: url, alt: 'The agency’s card', width: 1200, height: 630 };
  });
  await loginAdmin(page.request);
  await openDocument(page, 'service/firewall', 'Service: Firewall Installation and Management');
  await expect(page.getByText('All publish checks pass.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Nothing to publish')).toBeVisible();
  expect((await openContent(request, auth, 'service/firewall')).published.hero.image.src).toBe(url);
});

test('a revision is compared with the published version and restored after a question, shown at once', async ({
  page,
  request,
}) => {
  const auth = await adminAuth(request);
  const before = (await openContent(request, auth, 'about')).published.hero.title as string;
  const version = await saveContentDraft(request, auth, 'about', (data) => {
    data.hero.title = 'About the agency, renamed';
  });
  await publishContent(request, auth, 'about', version);
  await loginAdmin(page.request);
  await openDocument(page, 'about', 'About Us');
  await expect(field(page, 'hero.title')).toHaveValue('About the agency, renamed');
  await page.getByRole('button', { name: 'Show published versions' }).click();
  await page
    .getByRole('button', { name: /^Compare version \d+ with the published one$/ })
    .nth(1)
    .click();
  const dialog = page.getByRole('dialog', { name: /beside the published one/ });
  const row = dialog.getByTestId('changed-field').filter({ hasText: 'Hero → Heading' });
  await expect(row.locator('del')).toHaveText('About the agency, renamed');
  await expect(row.locator('ins')).toHaveText(before);
  await expect(dialog.locator('time').first()).toHaveAttribute('title', /\d{4}/);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Restore…' }).click();
  await expect(dialog.getByRole('group', { name: /Restore version \d+\?/ })).toBeVisible();
  await dialog.getByLabel('Put it in the draft, to look over and publish later').check();
  await dialog.getByRole('button', { name: 'Restore into the draft' }).click();
  await expect(dialog).toBeHidden();
  // The form shows what was restored, without a reload; the public still sees the renamed title.
  await expect(field(page, 'hero.title')).toHaveValue(before);
  const document = await openContent(request, auth, 'about');
  expect(document.draft.hero.title).toBe(before);
  expect(document.published.hero.title).toBe('About the agency, renamed');
});

test('two people on one page see each other, and a conflict offers a choice per field', async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  // The page's clock (clock.ts): the heartbeat and the autosaves are moved to instead of waited for.
  await page.clock.install();
  await loginAdmin(page.request);
  await openDocument(page, 'career', 'Careers');
  const anna = await editorAccount(browser, request);
  try {
    await anna.page.clock.install();
    await openDocument(anna.page, 'career', 'Careers');
    // Anna sees the admin at once; the admin sees Anna by the next heartbeat.
    await expect(anna.page.getByTestId('other-editors')).toContainText(/Site Admin is editing since \d\d:\d\d/);
    await skipToNextHeartbeat(page);
    await expect(page.getByTestId('other-editors')).toContainText(/Anna is editing since \d\d:\d\d/, {
      timeout: 15_000, // the heartbeat's round trip on a busy machine; the heartbeat itself is not waited for
    });
    await expectNoAxeViolations(anna.page);

    // Both change the heading; Anna saves first, the admin's autosave meets her change.
    await field(anna.page, 'intro.heading').fill('Careers by Anna');
    await afterAutosaveShows(anna.page, anna.page.getByTestId('save-status'));
    await field(page, 'intro.heading').fill('Careers by the admin');
    const conflict = page.getByRole('alert').filter({ hasText: 'changed by Anna' });
    await afterAutosaveVisible(page, conflict);
    const choice = conflict.getByRole('group', { name: 'Intro → Heading' });
    await expect(choice).toContainText('Careers by Anna');
    await expect(choice).toContainText('Careers by the admin');
    await expectNoAxeViolations(page);
    await choice.getByRole('radio', { name: /Keep mine/ }).check();
    await conflict.getByRole('button', { name: 'Merge as chosen' }).click();
    await expect(page.getByTestId('save-status')).toContainText('Draft saved at', { timeout: 15_000 });
    const auth = await adminAuth(request);
    expect((await openContent(request, auth, 'career')).draft.intro.heading).toBe('Careers by the admin');
    // The browser logs the refused autosave (409) as a failed request: that one is expected, nothing else.
    const refusedSave = consoleErrors.findIndex((error) => /status of 409 .*\/career\/draft/.test(error));
    expect(refusedSave).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusedSave, 1);
  } finally {
    await anna.context.close();
  }
});

test('the office published in the admin shows on /login, and a preview page says it is a draft', async ({
  page,
  request,
}) => {
  const auth = await adminAuth(request);
  const phone = `+44 20 7946 ${String(1000 + Math.floor(Math.random() * 8999))}`;
  const version = await saveContentDraft(request, auth, 'site', (data) => {
    data.offices[0].phone = phone;
  });
  await publishContent(request, auth, 'site', version);
  await page.goto('/login');
  await expect(page.locator('footer').getByRole('link', { name: phone })).toBeVisible();

  await saveContentDraft(request, auth, 'packages', (data) => {
    data.hero.title = 'Packages, a draft';
  });
  const { url } = (await (await request.post(`${contentUrl('packages')}/preview`, { headers: auth })).json()) as {
    url: string;
  };
  await page.goto(url);
  await expect(page.getByTestId('draft-preview-banner')).toHaveText('Draft preview — not published');
  await page.goto('/packages');
  await expect(page.getByTestId('draft-preview-banner')).toHaveCount(0);
});
