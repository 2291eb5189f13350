// The admin's lead desk (issue 22) as staff use it: on a phone (390 px) a lead is opened from the inbox
// of every kind, answered, given a follow-up and moved on, and no page scrolls sideways; bulk actions on
// the lists, with delete asking first; and the pages touched are axe-clean at desktop and phone width.
// Invitations from Team: team-invites.spec.ts.
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { collectMail } from './mailbox.ts';
import { ADMIN, loginAdmin, solvedAltcha } from './support.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PHONE = { width: 390, height: 844 };

// A mail server for the replies, so they are sent rather than retried.
collectMail();

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

/** A contact message from a visitor, through the public API; returns its id. */
async function sendMessage(request: APIRequestContext, fields: { name: string; email: string; subject: string }) {
  const sent = await request.post('/api/contact', {
    data: {
      altcha: await solvedAltcha(request),
      phone: '+44 20 7946 0958',
      message: 'Please call me back.',
      ...fields,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
}

test('on a phone: a lead opened from the inbox is answered, followed up and moved on, without sideways scrolling', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await loginAdmin(request);
  const email = `phone-${unique()}@example.test`;
  const name = `Mobile Visitor ${unique()}`;
  await sendMessage(request, { name, email, subject: 'Network audit' });

  await page.setViewportSize(PHONE);
  // Signed in through the API in the page's own context (the login page is admin.spec.ts's), on the dashboard.
  await loginAdmin(page.request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The Leads tab says how many leads are new and nobody's; the inbox of every kind opens.
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link', { name: /^Leads \d+ new and unassigned$/ })).toBeVisible();
  await nav.getByRole('link', { name: /^Leads/ }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(
    page.getByRole('navigation', { name: 'Lead kinds' }).getByRole('link', { name: 'All leads' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // A card: name, kind, status, owner, age, and the address opening the person's page (issue 32).
  const card = page
    .getByRole('list', { name: 'All leads, newest first' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Message · Nobody ·');
  await expect(card).toContainText('New');
  await expect(card.getByRole('link', { name: email })).toHaveAttribute(
    'href',
    `/admin/leads/person?email=${encodeURIComponent(email)}`,
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/contacts\/[0-9a-f-]{36}$/);
  const lead = page.getByRole('article', { name: `Message from ${name}` });
  await expect(lead.getByLabel('Status')).toHaveValue('new');
  // Email and phone are links; the controls come before the timeline.
  const details = lead.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('link', { name: email, exact: true })).toHaveAttribute('href', `mailto:${email}`);
  await expect(details.getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
  const order = await lead.evaluate((article) => {
    const top = (element: Element | null) => element?.getBoundingClientRect().top ?? Number.NaN;
    const byLabel = (text: string) =>
      Array.from(article.querySelectorAll('label')).find((label) => label.textContent?.trim() === text)?.control ??
      null;
    const timeline = Array.from(article.querySelectorAll('h3')).find((heading) => heading.textContent === 'Timeline');
    return {
      controls: ['Status', 'Owner', 'Follow up on', 'Reply', 'Note'].map((text) => top(byLabel(text))),
      timeline: top(timeline ?? null),
    };
  });
  for (const control of order.controls) expect(control).toBeLessThan(order.timeline);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // A reply: a plain mail to the visitor, on the timeline with its text and author.
  const timeline = lead.getByRole('list').filter({ hasText: 'Received' });
  const replyText = `Thanks for writing, we can call you on Monday. ${unique()}`;
  await lead.getByLabel('Subject').fill('Your network audit');
  await lead.getByLabel('Reply', { exact: true }).fill(replyText);
  await lead.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Reply to ${email} queued` })).toBeVisible();
  const reply = timeline.getByRole('listitem').filter({ hasText: `Reply “Your network audit” queued for ${email}` });
  await expect(reply).toContainText(`by ${ADMIN.name}`);
  await expect(reply).toContainText(replyText);

  // A follow-up for tomorrow at 10:00, on the timeline.
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await lead.getByLabel('Follow up on').fill(`${day}T10:00`);
  await lead.getByLabel('What to do then').fill('Call about the audit');
  await lead.getByRole('button', { name: 'Save follow-up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Follow-up set for' })).toBeVisible();
  await expect(timeline.getByRole('listitem').filter({ hasText: /Follow-up set/ })).toContainText(`by ${ADMIN.name}`);
  await expect(lead.getByRole('button', { name: 'Clear follow-up' })).toBeVisible();

  // The status moves on.
  await lead.getByLabel('Status').selectOption('contacted');
  await expect(
    timeline.getByRole('listitem').filter({ hasText: 'Status changed from New to Contacted' }),
  ).toContainText(`by ${ADMIN.name}`);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // The person's page: what they sent and the reply.
  await lead.getByRole('link', { name: `Everything from ${email}` }).click();
  const person = page.getByRole('article', { name: `Everything from ${email}` });
  await expect(person.getByRole('link', { name: `Message from ${name}` })).toBeVisible();
  await expect(person.getByRole('region', { name: /Replies sent to them/ })).toContainText(replyText);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // No other admin page scrolls sideways on a phone either.
  for (const path of [
    '/admin',
    '/admin/leads?kind=quotes',
    '/admin/leads?kind=applications',
    '/admin/leads/follow-ups?owner=all',
    '/admin/leads/templates',
    '/admin/blog',
    '/admin/jobs',
    '/admin/privacy',
    '/admin/audit',
    '/admin/account',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  }
});

test('bulk actions: choose leads on the page, change their status, and delete them after confirming', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await loginAdmin(request);
  const subject = `Bulk ${unique()}`;
  const names = [`Bulk One ${unique()}`, `Bulk Two ${unique()}`];
  for (const name of names) await sendMessage(request, { name, email: `${unique()}@example.test`, subject });

  await loginAdmin(page.request);
  await page.goto(`/admin/leads?kind=contacts&q=${encodeURIComponent(subject)}`);
  const rows = page.getByRole('row').filter({ hasText: subject });
  await expect(rows).toHaveCount(2);

  // Select-all for the page, then a status for both.
  await page.getByRole('checkbox', { name: 'Choose every lead on this page' }).check();
  for (const name of names) {
    await expect(page.getByRole('checkbox', { name: `Choose the message from ${name}` })).toBeChecked();
  }
  const bulk = page.getByRole('group', { name: '2 leads chosen' });
  await bulk.getByLabel('Bulk action').selectOption('status');
  await bulk.getByLabel('New status').selectOption('qualified');
  await bulk.getByRole('button', { name: 'Apply to 2 leads' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Status changed to Qualified on 2 leads' })).toBeVisible();
  for (const row of await rows.all()) await expect(row.getByRole('cell').nth(3)).toHaveText('Qualified');
  await expectNoAxeViolations(page);

  // Delete asks first: cancelled, nothing goes; confirmed, both go.
  await page.getByRole('checkbox', { name: `Choose the message from ${names[0]}` }).check();
  await page.getByRole('checkbox', { name: `Choose the message from ${names[1]}` }).check();
  await bulk.getByLabel('Bulk action').selectOption('delete');
  await bulk.getByRole('button', { name: 'Apply to 2 leads' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete 2 leads');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  await bulk.getByRole('button', { name: 'Apply to 2 leads' }).click();
  await dialog.getByRole('button', { name: 'Delete 2 leads' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted 2 leads' })).toBeVisible();
  await expect(rows).toHaveCount(0);
});

test('the desk’s pages are axe-clean at desktop and phone width', async ({ page, request }) => {
  test.setTimeout(120_000);
  await loginAdmin(request);
  const email = `axe-${unique()}@example.test`;
  const id = await sendMessage(request, { name: 'Axe Visitor', email, subject: 'Accessibility' });
  // Signed in through the API in the page's own context: the login page is admin.spec.ts's.
  await loginAdmin(page.request);
  const paths = [
    '/admin/leads',
    `/admin/leads/contacts/${id}`,
    `/admin/leads/person?email=${encodeURIComponent(email)}`,
    '/admin/leads/follow-ups',
    '/admin/leads/templates',
    '/admin/audit',
    '/admin/account',
  ];
  // Each page is opened once and checked at a desktop's width, then redrawn at a phone's.
  for (const path of paths) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    for (const size of [{ width: 1280, height: 800 }, PHONE]) {
      await page.setViewportSize(size);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    // The scroll regions a keyboard reaches on a phone.
    if (path === `/admin/leads/contacts/${id}`) {
      await expect(page.getByRole('region', { name: 'Notifications (scrolls sideways)' })).toHaveAttribute(
        'tabindex',
        '0',
      );
    }
    if (path === '/admin/audit') {
      await expect(page.getByRole('region', { name: 'Audit log entries (scrolls sideways)' })).toHaveAttribute(
        'tabindex',
        '0',
      );
    }
  }
});
