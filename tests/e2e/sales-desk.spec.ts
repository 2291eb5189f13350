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
    // From the start of the name: "Dashboard" ends in "board", and Leads carries its count.
    await expect(nav.getByRole('link', { name: new RegExp(`^${section}\\b`) })).toBeVisible();
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
  await page.keyboard.press('ArrowRight');
  await expect(card('Qualified')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(card('Contacted')).toBeFocused();
  await expect(column('New').getByRole('listitem', { name: new RegExp(name) })).toHaveCount(0);

  // The moves are stored in the order made (quick moves sent at once were once stored in another order), and the
  // board read again shows it where it went; each move is the lead's status change, by the sales account.
  await expect
    .poll(async () => {
      const stored = await request.get(`/api/admin/contacts/${id}`, { headers: sales.adminHeaders });
      const { timeline } = (await stored.json()) as { timeline: { type: string }[] };
      return timeline.filter((event) => event.type === 'status_changed').length;
    })
    .toBe(3);
  await page.reload();
  await expect(card('Contacted')).toBeVisible();
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
  await loginAdmin(page.request);
  await page.goto(`/admin/leads/contacts/${id}`);
  const article = page.getByRole('article', { name: `Message from ${name}` });
  const conversation = article.getByRole('list', { name: 'Conversation, oldest first' });
  await expect(conversation.getByRole('listitem')).toHaveCount(1);
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
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });

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

test('the template check: a token that is unknown or has no value for this lead is shown before sending, and the API refuses it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { accessToken } = await loginAdmin(request);
  const headers = { authorization: `Bearer ${accessToken}` };
  const before = await (await request.get('/api/admin/reply-templates', { headers })).json();
  const saved = await request.put('/api/admin/reply-templates', {
    headers,
    data: {
      templates: [
        {
          kind: 'contacts',
          name: 'Welcome',
          subject: 'Hello {firstName}',
          text: 'Thank you for writing to {agencyName}.',
        },
        { kind: 'contacts', name: 'Unfinished', subject: 'About {company}', text: 'Dear {nickname}, we can help.' },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    const name = `Template Visitor ${unique()}`;
    const id = await sendMessage(request, name, 'Network check');
    await loginAdmin(page.request);
    await page.goto(`/admin/leads/contacts/${id}`);
    const article = page.getByRole('article', { name: `Message from ${name}` });
    const template = article.getByLabel('Start from a template');
    const subject = article.getByLabel('Subject');
    const text = article.getByLabel('Reply', { exact: true });
    const send = article.getByRole('button', { name: 'Send reply' });
    const problems = article.getByTestId('merge-problems');

    // A template whose tokens all fill: inserted filled, nothing to fix.
    await template.selectOption({ label: 'Welcome' });
    await expect(subject).toHaveValue('Hello Template');
    await expect(text).toHaveValue(/^Thank you for writing to \S/);
    await expect(text).not.toHaveValue(/\{/);
    await expect(problems).toHaveCount(0);
    await expect(send).toBeEnabled();

    // A contact message has no company, and {nickname} is no merge field: both shown, sending held back.
    await template.selectOption({ label: 'Unfinished' });
    await expect(subject).toHaveValue('About {company}');
    await expect(problems).toContainText('{company} has no value for this lead');
    await expect(problems).toContainText('{nickname} is not a merge field');
    await expect(send).toBeDisabled();
    await expectNoAxeViolations(page, 'form');

    // The API refuses the same reply, naming each token in its field.
    const refused = await request.post(`/api/admin/contacts/${id}/reply`, {
      headers,
      data: { subject: 'About {company}', text: 'Dear {nickname}, we can help.' },
    });
    expect(refused.status()).toBe(400);
    const body = (await refused.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields.subject).toContain('{company}');
    expect(body.fields.text).toContain('{nickname}');
    expect(body.error).toContain('{company}');

    // Written out by hand, the reply goes.
    await subject.fill('About your company');
    await text.fill('Dear visitor, we can help.');
    await expect(problems).toHaveCount(0);
    await send.click();
    await expect(article.getByRole('list', { name: 'Conversation, oldest first' }).getByRole('listitem')).toHaveCount(
      2,
    );
  } finally {
    await request.put('/api/admin/reply-templates', { headers, data: before });
  }
});
