// Issue 32 in the browser: a sales account sees the lead desk and not the site; the deal board moves a card by
// keyboard (the same status change, on the lead's timeline); the lead page opens with the customer's request,
// then the conversation in order (their message, the reply sent with its delivery state), then the reply box,
// in the same order on a phone.
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { collectMail } from './mailbox.ts';
import { loginAdmin, loginThroughUi, solvedAltcha } from './support.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A mail server, so a reply is delivered and the conversation says so.
collectMail();

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

/** A sales account: registered, then given the role by the admin. */
async function salesAccount(request: APIRequestContext) {
  const { accessToken } = await loginAdmin(request);
  const account = {
    name: `Sam Sales ${unique()}`,
    email: `sales-${unique()}@example.test`,
    password: 'sales person pass 1',
  };
  expect((await request.post('/api/auth/register', { data: account })).status()).toBe(201);
  const headers = { authorization: `Bearer ${accessToken}` };
  const users = (await (await request.get('/api/users', { headers })).json()) as { id: string; email: string }[];
  const id = users.find((user) => user.email === account.email)?.id;
  const promoted = await request.patch(`/api/users/${id}`, { headers, data: { role: 'sales' } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return { ...account, adminHeaders: headers };
}

/** A contact message from a visitor (not spam: the proof of work solved); returns its id. */
async function sendMessage(request: APIRequestContext, name: string, subject: string) {
  const sent = await request.post('/api/contact', {
    data: {
      altcha: await solvedAltcha(request),
      name,
      email: `${unique()}@example.test`,
      phone: '+44 20 7946 0958',
      subject,
      message: `Hello from ${name}: we need a new office network.`,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

/** Top of each of these, in page order; NaN for one that is missing. */
const tops = (page: Page, selectors: string[]) =>
  page.evaluate(
    (list) => list.map((selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN),
    selectors,
  );

test('a sales account works the desk by keyboard: the navigation, and a card moved across the deal board', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const sales = await salesAccount(request);
  const name = `Board Visitor ${unique()}`;
  const id = await sendMessage(request, name, 'Office network');

  await loginThroughUi(page, sales);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  for (const section of ['Leads', 'Board', 'Account'])
    await expect(nav.getByRole('link', { name: section, exact: true })).toBeVisible();
  for (const section of ['Content', 'Media', 'Jobs', 'Team', 'Privacy', 'Audit', 'Manage Blogs']) {
    await expect(nav.getByRole('link', { name: section, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'Held as possible spam' })).toBeVisible();

  await nav.getByRole('link', { name: 'Board', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/board$/);
  const column = (stage: string) => page.getByRole('list', { name: `${stage} cards` });
  const card = (stage: string) => column(stage).getByRole('listitem', { name: `message from ${name}, ${stage}` });
  await expect(card('New')).toBeVisible();
  await expectNoAxeViolations(page);

  // Focused, the right arrow moves it a stage on and it keeps the focus; again, and once back.
  await card('New').focus();
  await page.keyboard.press('ArrowRight');
  await expect(card('Contacted')).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: `Moved the message from ${name} to Contacted` }),
  ).toBeAttached();
  const said = page.getByRole('status').filter({ hasText: `Moved the message from ${name}` });
  await page.keyboard.press('ArrowRight');
  await expect(card('Qualified')).toBeFocused();
  await expect(said).toHaveText(`Moved the message from ${name} to Qualified`, { timeout: 15_000 });
  await page.keyboard.press('ArrowLeft');
  await expect(card('Contacted')).toBeFocused();
  await expect(said).toHaveText(`Moved the message from ${name} to Contacted`, { timeout: 15_000 });
  await expect(column('New').getByRole('listitem', { name: new RegExp(name) })).toHaveCount(0);

  // The board read again shows it where it went; each move is the lead's status change, by the sales account.
  await page.reload();
  await expect(card('Contacted')).toBeVisible({ timeout: 15_000 });
  const lead = await request.get(`/api/admin/contacts/${id}`, { headers: sales.adminHeaders });
  const moves = (
    (await lead.json()) as { timeline: { type: string; actor: { name: string } | null; data: { to?: string } }[] }
  ).timeline.filter((event) => event.type === 'status_changed');
  expect(moves.map((event) => [event.data.to, event.actor?.name])).toEqual([
    ['contacted', sales.name],
    ['qualified', sales.name],
    ['contacted', sales.name],
  ]);
});

test('the lead page: the request, then the conversation with the reply’s delivery, then the reply box, on a phone too', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await loginAdmin(request);
  const name = `Conversation Visitor ${unique()}`;
  const id = await sendMessage(request, name, 'Network audit');
  await loginThroughUi(page);
  await page.goto(`/admin/leads/contacts/${id}`);
  const article = page.getByRole('article', { name: `Message from ${name}` });
  const conversation = article.getByRole('list', { name: 'Conversation, oldest first' });
  await expect(conversation.getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
  await expect(conversation.getByRole('listitem').first()).toContainText(`Hello from ${name}`);

  const replyText = `We can audit it on Monday. ${unique()}`;
  await article.getByLabel('Subject').fill('Your network audit');
  await article.getByLabel('Reply', { exact: true }).fill(replyText);
  await article.getByRole('button', { name: 'Send reply' }).click();
  const sent = conversation.getByRole('listitem').nth(1);
  await expect(sent).toContainText(replyText);
  // Delivered to the mail server: the page read again says so.
  await expect(async () => {
    await page.reload();
    await expect(conversation.getByRole('listitem').nth(1)).toContainText('Delivered to their mail server', {
      timeout: 5000,
    });
  }).toPass({ timeout: 60_000 });

  const order = [
    '[aria-labelledby$="-details"] h3',
    'ol[aria-label="Conversation, oldest first"]',
    'textarea[id$="-text"]',
    '[aria-labelledby$="-work"] h3',
    '[aria-labelledby$="-timeline"] h3',
  ];
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const [request_, talk, replyBox, work, timeline] = await tops(page, order);
    expect(request_).toBeLessThan(talk!);
    expect(talk).toBeLessThan(replyBox!);
    expect(replyBox).toBeLessThan(work!);
    expect(work).toBeLessThan(timeline!);
  }
  await expectNoAxeViolations(page);
});
