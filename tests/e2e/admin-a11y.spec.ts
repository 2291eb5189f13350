// Axe on this round's new admin screens, at desktop and phone width: the deal board, the lead conversation page,
// the leads inbox (table on a desktop, cards on a phone), the dashboard's cards, and the content editor's preview
// pane (the real page in its frame, at a desktop's and a phone's width), publish box with problems, revision comparison and conflict merge. Each screen is brought to its state
// once, then checked at both widths.
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { afterAutosaveVisible } from './clock.ts';
import { adminAuth, keepContent, publishContent, saveContentDraft } from './content-documents.ts';
import { expect, test } from './fixtures.ts';
import { collectMail } from './mailbox.ts';
import { loginAdmin, solvedAltcha } from './support.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A mail server, so the reply on the conversation page is delivered.
collectMail();

// Axe runs twice per test on a shared machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

/** Axe at a desktop's width, then a phone's; `ready` waits for what the screen must show at each. */
async function atBothWidths(page: Page, ready: () => Promise<void>, { preview = false } = {}) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await ready();
    await expectNoAxeViolations(page, undefined, { preview });
  }
}

async function sendMessage(request: APIRequestContext, name: string) {
  const sent = await request.post('/api/contact', {
    data: {
      altcha: await solvedAltcha(request),
      name,
      email: `${unique()}@example.test`,
      phone: '+44 20 7946 0958',
      subject: 'Accessibility check',
      message: `Hello from ${name}: please call.`,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

test.describe('the lead desk', () => {
  const name = `Axe Desk ${unique()}`;
  let id: string;
  test.beforeAll(async ({ request }) => {
    const headers = await adminAuth(request);
    id = await sendMessage(request, name);
    const replied = await request.post(`/api/admin/contacts/${id}/reply`, {
      headers,
      data: { subject: 'Your call', text: 'We will call you on Monday.' },
    });
    expect(replied.status(), await replied.text()).toBe(202);
  });
  // Signed in through the API in the page's own context (the session cookie is the browser's): the login page is
  // admin.spec.ts's.
  test.beforeEach(async ({ page }) => void (await loginAdmin(page.request)));

  test('the deal board', async ({ page }) => {
    await page.goto('/admin/board');
    const card = page.getByRole('list', { name: 'New cards' }).getByRole('listitem', { name: new RegExp(name) });
    await atBothWidths(page, () => expect(card).toBeVisible());
  });

  test('the lead conversation page', async ({ page }) => {
    await page.goto(`/admin/leads/contacts/${id}`);
    const conversation = page.getByRole('list', { name: 'Conversation, oldest first' });
    await atBothWidths(page, async () => {
      await expect(conversation.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByLabel('Reply', { exact: true })).toBeVisible();
    });
  });

  test('the leads inbox: its table, and its cards on a phone', async ({ page }) => {
    await page.goto('/admin/leads');
    await atBothWidths(page, async () => {
      const list =
        page.viewportSize()!.width < 768
          ? page.getByRole('list', { name: 'All leads, newest first' })
          : page.getByRole('table');
      await expect(list.getByRole('link', { name })).toBeVisible();
    });
  });

  test("the dashboard's cards", async ({ page }) => {
    await page.goto('/admin');
    await atBothWidths(page, async () => {
      await expect(page.getByRole('heading', { name: 'Held as possible spam' })).toBeVisible();
      await expect(page.getByText('Loading...')).toHaveCount(0);
    });
  });
});

test.describe('the content editor', () => {
  let kept: Awaited<ReturnType<typeof keepContent>>;
  test.beforeAll(async ({ request }) => {
    kept = await keepContent(request, ['packages', 'about', 'career']);
  });
  test.afterAll(async ({ request }) => kept.restore(request));

  const field = (page: Page, path: string) => page.locator(`[data-field="${path}"]`);
  async function openDocument(page: Page, key: string, title: string) {
    await page.goto(`/admin/content/${key}`);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible({ timeout: 15_000 });
  }

  test('the preview pane and the publish box with a problem', async ({ page, request }) => {
    await loginAdmin(request);
    await loginAdmin(page.request);
    await openDocument(page, 'packages', 'Packages and prices');
    await field(page, 'plans.1.name').fill('');
    const problems = page.getByTestId('publish-problems');
    const frame = page.getByTestId('page-preview-frame');
    await atBothWidths(
      page,
      async () => {
        await expect(problems.getByRole('link', { name: /Plan name$/ })).toBeVisible();
        if (page.viewportSize()!.width < 768 && (await frame.isHidden())) {
          await page.getByRole('button', { name: 'Show the page preview' }).click();
        }
        await expect(frame.contentFrame().getByRole('heading', { level: 1 })).toBeVisible();
      },
      { preview: true },
    );
    // The page drawn at a phone's width in the preview, too (the check reads the frame's page as well).
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }).click();
    await expect(frame.contentFrame().getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expectNoAxeViolations(page, undefined, { preview: true });
  });

  test('the revision comparison', async ({ page, request }) => {
    const auth = await adminAuth(request);
    const version = await saveContentDraft(request, auth, 'about', (data) => {
      data.hero.title = `About the agency ${unique()}`;
    });
    await publishContent(request, auth, 'about', version);
    await loginAdmin(page.request);
    await openDocument(page, 'about', 'About Us');
    await page.getByRole('button', { name: 'Show published versions' }).click();
    await page
      .getByRole('button', { name: /^Compare version \d+ with the published one$/ })
      .nth(1)
      .click();
    const dialog = page.getByRole('dialog', { name: /beside the published one/ });
    await atBothWidths(page, async () => {
      await expect(dialog.getByTestId('changed-field').first()).toBeVisible();
    });
  });

  test('the conflict merge', async ({ page, request, consoleErrors }) => {
    const auth = await adminAuth(request);
    await loginAdmin(page.request);
    await page.clock.install();
    await openDocument(page, 'career', 'Careers');
    // Someone else saves first; this editor's autosave (the page's clock moved past its delay) then meets their change.
    await saveContentDraft(request, auth, 'career', (data) => {
      data.intro.heading = 'Careers, saved elsewhere';
    });
    await field(page, 'intro.heading').fill('Careers, typed here');
    const conflict = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Merge as chosen' }) });
    await afterAutosaveVisible(page, conflict);
    await atBothWidths(page, async () => {
      await expect(conflict.getByRole('group', { name: 'Intro → Heading' })).toBeVisible();
    });
    // The browser logs the refused autosave (409) as a failed request: that one is expected, nothing else.
    const refusedSave = consoleErrors.findIndex((error) => /status of 409 .*\/career\/draft/.test(error));
    expect(refusedSave).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusedSave, 1);
  });
});
