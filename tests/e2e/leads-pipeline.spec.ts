// A lead worked to the end, as staff see it: a message sent from /connect shows on the dashboard, opens
// at its own address, gets a note, a status, an owner and a resent notification (received by a real
// SMTP server started here), each visible in its timeline; the inbox filters by status, owner and the
// spam folder; delete asks first; an application's CV downloads from its page, and the timeline says so.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CAREER_POSITIONS, HONEYPOT_FIELD } from '@agency/contract';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { collectMail } from './mailbox.ts';
import { ADMIN, findLead, loginAdmin, loginThroughUi, solvedAltcha } from './support.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** LEADS_TO of the browser tests' server (playwright.config.ts). */
const AGENCY_INBOX = 'leads@example.test';

/** Mail the server sent while this file runs: the agency's inbox and the visitors'. */
const mailbox = collectMail();

/** Agency notifications that reached the SMTP server with a link to `leadPath`. */
const agencyMailsFor = (leadPath: string) =>
  mailbox.filter((mail) => mail.to.includes(AGENCY_INBOX) && mail.text.includes(leadPath)).length;

/** The outbox sends in the background: read the lead page again until every row of `rows` says Sent. */
async function untilSent(page: Page, rows: Locator, count: number) {
  await expect(async () => {
    await page.reload();
    await expect(rows).toHaveCount(count, { timeout: 2_000 });
    for (const row of await rows.all()) await expect(row).toContainText('Sent', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

async function adminHeaders(request: APIRequestContext) {
  const { accessToken } = await loginAdmin(request);
  return { authorization: `Bearer ${accessToken}` };
}

/** A second admin to hand leads to; removed again by the caller. */
async function createSecondAdmin(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const email = `second-admin-${unique()}@example.test`;
  const name = `Second Admin ${unique()}`;
  const registered = await request.post('/api/auth/register', {
    data: { name, email, password: 'another long password' },
  });
  expect(registered.ok()).toBe(true);
  const users = (await (await request.get('/api/users', { headers })).json()) as { id: string; email: string }[];
  const id = users.find((user) => user.email === email)?.id;
  expect(id).toBeTruthy();
  const promoted = await request.patch(`/api/users/${id}`, { headers, data: { role: 'admin' } });
  expect(promoted.status()).toBe(200);
  return { id: id!, name };
}

/** This week's figure for contact messages in the dashboard's "New leads, by kind" table. */
async function contactsThisWeek(page: Page): Promise<number> {
  const row = page.getByRole('table', { name: 'By kind' }).getByRole('row', { name: /^Contact messages/ });
  return Number(await row.getByRole('cell').first().textContent());
}

test('a message from /connect is worked to the end: dashboard, note, status, owner, resend', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const second = await createSecondAdmin(request);
  const email = `pipeline-${unique()}@example.test`;

  await loginThroughUi(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Dashboard' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table', { name: 'By kind' })).toBeVisible();
  const before = await contactsThisWeek(page);
  await expectNoAxeViolations(page);

  // A visitor sends a message from the public form.
  const visitor = await browser.newPage();
  const campaign = `pipeline-${unique()}`;
  await visitor.goto(`/connect?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
  const form = visitor.getByRole('form', { name: 'Send us a message' });
  await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await form.getByLabel('Full Name').fill('Sita Gurung');
  await form.getByLabel('Subject').fill('Firewall for two offices');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('We have offices in Kent and Kathmandu.');
  await form.getByRole('button', { name: 'Submit' }).click();
  // The proof of work is solved in the visitor's browser first: seconds on a busy machine.
  await expect(visitor.getByText('Thank you for submitting!. We will get to you as soon as possible')).toBeVisible({
    timeout: 15_000,
  });
  await visitor.close();

  // The dashboard counts it.
  await page.reload();
  await expect.poll(() => contactsThisWeek(page)).toBe(before + 1);

  // The inbox lists it as new and nobody's; its name opens its page.
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await nav.getByRole('link', { name: 'Leads' }).click();
  await page.getByRole('navigation', { name: 'Lead kinds' }).getByRole('link', { name: 'Contact messages' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('New');
  await expect(row.getByRole('cell').nth(4)).toHaveText('—');
  await row.getByRole('link', { name: 'Sita Gurung' }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/contacts\/[0-9a-f-]{36}$/);
  const leadUrl = page.url();

  const lead = page.getByRole('article', { name: 'Message from Sita Gurung' });
  await expect(lead).toContainText('We have offices in Kent and Kathmandu.');
  const source = lead.getByRole('region', { name: 'Where it came from' });
  await expect(source.getByRole('definition').nth(0)).toHaveText('/connect');
  await expect(source.getByRole('definition').nth(4)).toHaveText(campaign);
  // A spam check solved in the browser: the lead arrived as new, not in the spam folder.
  await expect(lead.getByLabel('Status')).toHaveValue('new');
  const leadPath = new URL(leadUrl).pathname;
  const notifications = lead.getByRole('table', { name: /Notifications of this lead/ });
  const agencyMails = notifications.getByRole('row', { name: /Agency notification/ });
  await untilSent(page, agencyMails, 1);
  await expect(agencyMails).toContainText(AGENCY_INBOX);
  // The mail reached the agency's inbox and links to this page.
  expect(agencyMailsFor(leadPath)).toBe(1);
  const timeline = lead.getByRole('list').filter({ hasText: 'Received' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Received from /connect');
  await expect(timeline).toContainText(`Agency notification queued for ${AGENCY_INBOX}`);
  await expect(timeline).toContainText(`Agency notification sent to ${AGENCY_INBOX}`);
  await expectNoAxeViolations(page);

  // A note, with who wrote it.
  const noteText = `Called back, they want a quote by Friday ${unique()}`;
  await lead.getByLabel('Note').fill(noteText);
  await lead.getByRole('button', { name: 'Add note' }).click();
  const note = timeline.getByRole('listitem').filter({ hasText: noteText });
  await expect(note).toContainText(`Note added by ${ADMIN.name}`);
  await expect(lead.getByLabel('Note')).toHaveValue('');

  // A status change.
  await lead.getByLabel('Status').selectOption('qualified');
  await expect(
    timeline.getByRole('listitem').filter({ hasText: 'Status changed from New to Qualified' }),
  ).toContainText(`by ${ADMIN.name}`);
  await expect(lead.getByLabel('Status')).toHaveValue('qualified');

  // Owner: to me in one click, then to the other admin.
  await lead.getByRole('button', { name: 'Assign to me' }).click();
  await expect(timeline.getByRole('listitem').filter({ hasText: `Assigned to ${ADMIN.name}` })).toContainText(
    `by ${ADMIN.name}`,
  );
  await expect(lead.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await lead.getByLabel('Owner').selectOption({ label: second.name });
  await expect(timeline.getByRole('listitem').filter({ hasText: `Assigned to ${second.name}` })).toContainText(
    `by ${ADMIN.name}`,
  );
  await expect(lead).toContainText(`Owner: ${second.name}`);

  // Resend: a second agency notification is queued, and the timeline says who asked for it.
  await lead.getByRole('button', { name: 'Resend the agency notification' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The agency notification is queued again' })).toBeVisible();
  await expect(agencyMails).toHaveCount(2);
  await expect(
    timeline
      .getByRole('listitem')
      .filter({ hasText: `Agency notification queued for ${AGENCY_INBOX}` })
      .last(),
  ).toContainText(`by ${ADMIN.name}`);
  await untilSent(page, agencyMails, 2);
  expect(agencyMailsFor(leadPath)).toBe(2);
  await expectNoAxeViolations(page);

  // The page reads the same from its address (e.g. the mail's link).
  await page.goto(leadUrl);
  await expect(lead.getByLabel('Status')).toHaveValue('qualified');
  await expect(lead.getByLabel('Owner')).toHaveValue(second.id);
  await expect(note).toBeVisible();

  // Back in the inbox (by keyboard): status and owner show; "Assigned to me" hides it, its owner finds it.
  await page.getByRole('link', { name: 'Back to the contact messages' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/leads\?kind=contacts$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Qualified');
  await expect(row.getByRole('cell').nth(4)).toHaveText(second.name);
  const mine = page.getByRole('button', { name: 'Assigned to me' });
  await mine.click();
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/owner=me/);
  await expect(row).toHaveCount(0);
  await page.getByLabel('Owner').selectOption({ label: second.name });
  await expect(mine).toHaveAttribute('aria-pressed', 'false');
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The dashboard's status counts and median time to a first answer include it.
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText(/Median time from a lead’s arrival to its first status change/)).not.toContainText(
    'no lead answered yet',
  );
  const qualified = page
    .getByRole('heading', { name: 'Contact messages' })
    .locator('..')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Qualified' }) });
  await expect(qualified).not.toContainText(/\b0$/);
  await expect(page.getByRole('region', { name: 'Top campaigns' })).toContainText(`${campaign} (newsletter / email)`);

  // Delete asks first; Escape keeps the lead and gives focus back to the button.
  await page.goto(leadUrl);
  const remove = lead.getByRole('button', { name: 'Delete this message' });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('Delete the message from Sita Gurung');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
  await remove.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?kind=contacts$/);
  await expect(page.getByRole('status').filter({ hasText: 'Deleted the message from Sita Gurung' })).toBeVisible();

  const headers = await adminHeaders(request);
  expect((await request.delete(`/api/users/${second.id}`, { headers })).status()).toBe(204);
});

test('the spam folder holds what the honeypot caught, and "Not spam" puts it back in the inbox', async ({
  page,
  request,
}) => {
  const email = `spam-${unique()}@example.test`;
  const sent = await request.post('/api/contact', {
    data: { name: 'Caught Bot', email, subject: 'Cheap pills', message: 'Buy now', [HONEYPOT_FIELD]: 'https://x.test' },
  });
  expect(sent.status()).toBe(201);
  await loginAdmin(request);

  await loginAdmin(page.request);
  await page.goto(`/admin/leads?kind=contacts&q=${encodeURIComponent(email)}`);
  const row = page.getByRole('row').filter({ hasText: email });
  // Not in the default view (every status but spam)…
  await expect(page.getByText('No contact messages found.')).toBeVisible();
  // …but in the spam folder.
  const folder = page.getByRole('button', { name: 'Spam folder' });
  await folder.click();
  await expect(folder).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Status')).toHaveValue('spam');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Spam');
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: 'Not spam: the message from Caught Bot' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved the message from Caught Bot back' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await folder.click();
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('New');

  // Leaving spam does what a new lead gets: the agency notification (not a late visitor confirmation).
  await row.getByRole('link', { name: 'Caught Bot' }).click();
  const lead = page.getByRole('article', { name: 'Message from Caught Bot' });
  await expect(lead.getByRole('listitem').filter({ hasText: 'put in spam: the hidden bot field' })).toHaveCount(1);
  const notifications = lead.getByRole('table', { name: /Notifications of this lead/ });
  await expect(notifications.getByRole('row', { name: /Agency notification/ })).toHaveCount(1);
  await expect(notifications.getByRole('row', { name: /Confirmation to the visitor/ })).toHaveCount(0);
});

test('the CV of an application downloads from its page, and the timeline records who downloaded it', async ({
  page,
  request,
}) => {
  const id = unique();
  const email = `cv-${id}@example.test`;
  const fileName = `cv-${id}.pdf`;
  // Bytes of this run only, so the download cannot be another lead's file.
  const cv = Buffer.from(`%PDF-1.7\n% ${id}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
  const sent = await request.post('/api/jobs/apply', {
    multipart: {
      name: 'Maya Shrestha',
      contact: '9800000000',
      email,
      town: 'Lalitpur',
      country: 'Nepal',
      position: CAREER_POSITIONS[0],
      salary: '60000',
      currency: 'GBP',
      info: 'Happy to talk.',
      altcha: await solvedAltcha(request),
      resume: { name: fileName, mimeType: 'application/pdf', buffer: cv },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id: leadId } = await findLead(request, 'applications', email);

  await loginAdmin(page.request);
  await page.goto(`/admin/leads/applications/${String(leadId)}`);
  const lead = page.getByRole('article', { name: /Maya Shrestha/ });
  const timeline = lead.getByRole('list').filter({ hasText: 'Received' });
  await expect(timeline).toBeVisible();
  await expect(timeline).not.toContainText('Downloaded');

  const button = lead.getByRole('button', { name: `Download ${fileName}` });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  expect((await readFile(await download.path())).equals(cv)).toBe(true);

  const downloaded = timeline.getByRole('listitem').filter({ hasText: `Downloaded ${fileName}` });
  await expect(downloaded).toHaveCount(1);
  await expect(downloaded).toContainText(`by ${ADMIN.name}`);
  await expectNoAxeViolations(page);
});
