// Issue 23: the site's content edited in the admin. An editor changes a package price and an office phone
// number, publishes both, and the public pages and their JSON-LD show them without a rebuild; text typed just
// before Esc or a reload comes back (content documents and blog posts).
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { afterAutosaveShows, savedExactlyAfterDelay } from './clock.ts';
import { adminAuth, keepContent, openContent } from './content-documents.ts';
import { expect, test } from './fixtures.ts';
import { loginAdmin, loginThroughUi } from './support.ts';

// Whole documents are edited, saved and checked with axe on a shared machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

// The documents the first test changes, put back after the spec for the ones that follow.
let kept: Awaited<ReturnType<typeof keepContent>>;
test.beforeAll(async ({ request }) => {
  kept = await keepContent(request, ['packages', 'site', 'about']);
});
test.afterAll(async ({ request }) => kept.restore(request));

async function openDocument(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await page.locator('#main').getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** A field of the open document by its path in the document (`plans.0.price`). */
const field = (page: Page, path: string) => page.locator(`[id$="-${path.replace(/\./g, '-')}"]`);

/** The draft typed is saved: the page's clock (installed before the page loads) is moved past the autosave's delay. */
const saved = (page: Page) => afterAutosaveShows(page, page.getByTestId('save-status'));

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  // The newest toast: an earlier publish's may still be on screen (toasts stay five seconds).
  await expect(page.getByText('Published', { exact: true }).last()).toBeVisible();
  await expect(page.getByText('Nothing to publish')).toBeVisible();
}

test('an editor changes a package price and an office phone, publishes, and the public pages show both', async ({
  page,
  request,
}) => {
  await loginAdmin(request);
  await page.clock.install();
  await loginThroughUi(page);
  const price = 1000 + Math.floor(Math.random() * 8000);
  const phone = `+44 20 7946 ${String(1000 + Math.floor(Math.random() * 8999))}`;

  await openDocument(page, 'Packages and prices');
  await expectNoAxeViolations(page);
  const planName = await field(page, 'plans.0.name').inputValue();
  // Saved by itself AUTOSAVE_DELAY_MS after the typing, not a millisecond before (the page's clock held, then run on).
  const status = page.getByTestId('save-status');
  await savedExactlyAfterDelay(
    page,
    () => field(page, 'plans.0.price').fill(String(price)),
    async () => expect(await status.textContent()).toMatch(/^Kept in this browser at \d\d:\d\d; not saved yet$/),
  );
  await expect(status).toContainText('Draft saved at', { timeout: 15_000 });
  await expect(page.getByText('All publish checks pass.')).toBeVisible();
  await publish(page);

  await openDocument(page, 'Site: name, contact, offices, social links');
  await field(page, 'offices.0.phone').fill(phone);
  await saved(page);
  await publish(page);

  // What the public sees, within a second and without a rebuild: the pages, and their structured data.
  await expect
    .poll(async () => (await (await request.get('/api/content/packages')).json()).data.plans[0].price, {
      timeout: 5000,
    })
    .toBe(price);
  await expect
    .poll(async () => (await (await request.get('/api/content/site')).json()).data.offices[0].phone, { timeout: 5000 })
    .toBe(phone);
  await page.goto('/packages');
  await expect(page.getByRole('heading', { level: 3, name: planName }).first()).toBeVisible();
  await expect(page.getByTestId('plan-price').first()).toHaveText(`£${price}`);
  /** The structured data of the page on screen. */
  const jsonLd = async () => (await page.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
  expect(await jsonLd()).toContain(`"price":${price}`);
  await page.goto('/connect');
  await expect(page.getByRole('link', { name: phone }).first()).toBeVisible();
  await page.goto('/');
  await expect(page.locator('footer').getByRole('link', { name: phone })).toBeVisible();
  expect(await jsonLd()).toContain(`"telephone":"${phone}"`);
});

test('text typed just before Esc or a reload comes back', async ({ page, request }) => {
  await loginAdmin(request);
  await page.clock.install();
  await loginThroughUi(page);
  // The leave-page question of a reload is answered "leave" (the text must come back all the same).
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));

  // A content document: reloaded in the middle of typing, before the draft was saved.
  await openDocument(page, 'Careers');
  const heading = `We are hiring ${Date.now().toString(36)}`;
  await field(page, 'intro.heading').fill(heading);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Careers' })).toBeVisible();
  await expect(field(page, 'intro.heading')).toHaveValue(heading);
  await expect(page.getByText('Your unsaved changes from this browser were put back.')).toBeVisible();
  await saved(page);
  // Saved on the server as the draft: another browser opening it sees the text too.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('agency.editor.')) localStorage.removeItem(key);
  });
  await page.reload();
  await expect(field(page, 'intro.heading')).toHaveValue(heading);

  // A new blog post: Esc asks first, and the text is there when the editor opens again, and after a reload.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Manage Blogs' }).click();
  await page.getByRole('button', { name: 'Create Blog' }).click();
  let drawer = page.getByRole('dialog', { name: 'Create Blog' });
  const title = `Half-written ${Date.now().toString(36)}`;
  await drawer.getByLabel('Title').fill(title);
  await drawer.getByLabel('Content').fill('The first paragraph, not finished');
  await expect(drawer.getByRole('switch', { name: 'Published' })).not.toBeChecked();
  await page.keyboard.press('Escape');
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Close the editor?');
  await question.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Create Blog' }).click();
  drawer = page.getByRole('dialog', { name: 'Create Blog' });
  await expect(drawer.getByLabel('Title')).toHaveValue(title);
  await drawer.getByLabel('Content').fill('The first paragraph, now longer');
  await page.reload();
  await page.getByRole('button', { name: 'Create Blog' }).click();
  drawer = page.getByRole('dialog', { name: 'Create Blog' });
  await expect(drawer.getByLabel('Content')).toHaveValue('The first paragraph, now longer');
  await expect(drawer.getByText('Your unsaved changes from this browser were put back.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a page's search and sharing fields show the title and description the page has now", async ({
  page,
  request,
}) => {
  await loginAdmin(request);
  await page.clock.install();
  await loginThroughUi(page);
  // What the public page says today (its document leaves `seo` empty).
  const html = await (await request.get('/about')).text();
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  expect(html).toContain('<title>About Us | ');
  expect(description).toBeTruthy();

  await openDocument(page, 'About Us');
  await expect(field(page, 'seo.title')).toHaveValue('About Us');
  await expect(field(page, 'seo.description')).toHaveValue(description!.replace(/&#x27;|&#39;/g, "'"));
  // Opening the form changes nothing: no draft is saved.
  await expect(page.getByText('Nothing to publish')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('');

  // The editor changes the title: the draft holds that text only (the description keeps following the page).
  await field(page, 'seo.title').fill('Who we are');
  // Emptied, a field shows greyed the page's text it now stands for.
  await field(page, 'seo.description').fill('');
  await expect(field(page, 'seo.description')).toHaveAttribute(
    'placeholder',
    description!.replace(/&#x27;|&#39;/g, "'"),
  );
  await saved(page);
  const document = await openContent(request, await adminAuth(request), 'about');
  expect(document.draft.seo).toEqual({ title: 'Who we are' });
  expect(document.published.seo).toBeUndefined();
});

test('the Content section is keyboard-operable and axe-clean on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAdmin(request);
  await loginThroughUi(page);
  await openDocument(page, 'Privacy Policy');
  await expectNoAxeViolations(page);
  // A list item moved with the keyboard alone.
  const first = await field(page, 'sections.0.title').inputValue();
  await page.getByRole('button', { name: 'Move Section 1 down' }).focus();
  await page.keyboard.press('Enter');
  await expect(field(page, 'sections.1.title')).toHaveValue(first);
});
