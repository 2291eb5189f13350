// Invitations (issue 22): an admin invites a colleague from the Team page, the colleague opens the link from the
// mail (read at a real SMTP server), chooses a name and password and lands signed in; an open invitation can be
// revoked, after a confirmation.
import { MESSAGES } from '@agency/contract';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { collectMail } from './mailbox.ts';
import { loginAdmin, loginThroughUi } from './support.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const mails = collectMail();

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

/** The link of the newest invitation mail to `email`, once it has arrived. */
async function invitationLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = mails.filter((entry) => entry.to.includes(email)).at(-1);
        link = /(http:\/\/[^\s]+\/accept-invite\?token=[\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return link;
}

test('an admin invites a colleague, who opens the mailed link, chooses a name and password and lands signed in', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await loginAdmin(request);
  const email = `invitee-${unique()}@example.test`;
  const name = `Ivy Invited ${unique()}`;

  await loginThroughUi(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Team' }).click();
  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Role').selectOption('editor');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const open = page
    .getByRole('region', { name: 'Invite a colleague' })
    .getByRole('listitem')
    .filter({ hasText: email });
  await expect(open).toContainText('Editor');
  await expect(open).toContainText('invited by Site Admin');

  // The invited person, in a browser of their own, opens the link from the mail.
  const link = await invitationLink(email);
  const invitee = await browser.newContext();
  await invitee.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  const theirs = await invitee.newPage();
  await theirs.goto(link);
  await expect(theirs.getByRole('heading', { name: 'Join the team' })).toBeVisible();
  await expect(theirs.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expectNoAxeViolations(theirs);
  const accept = theirs.getByRole('form', { name: 'Accept the invitation' });
  await accept.getByLabel('Name').fill(name);
  // A guessable password is refused next to its field, and the link stays usable.
  await accept.getByLabel('Password').fill('password123');
  await accept.getByRole('button', { name: 'Create my account' }).click();
  await expect(accept.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(theirs).toHaveURL(/\/accept-invite\?token=/);
  await accept.getByLabel('Password').fill('violet harbour lantern 42');
  await accept.getByRole('button', { name: 'Create my account' }).click();
  await expect(theirs).toHaveURL(/\/admin(\/|$)/);
  await expect(theirs.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  // Signed in as the new account with the invited role: an editor's sections, not the admin's.
  const sections = theirs.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections.getByRole('link', { name: 'Manage Blogs' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Team' })).toHaveCount(0);

  // The link worked once: opened again, it is refused.
  const again = await invitee.newPage();
  await again.goto(link);
  await expect(again.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const second = again.getByRole('form', { name: 'Accept the invitation' });
  await second.getByLabel('Name').fill('Someone Else');
  await second.getByLabel('Password').fill('another fine passphrase 7');
  await second.getByRole('button', { name: 'Create my account' }).click();
  await expect(again.getByRole('alert')).toContainText('not valid, was already used or has expired');
  await invitee.close();

  // On the admin's Team page the invitation is gone and the colleague is an editor.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Invite a colleague' })).toContainText('No invitation is open.');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(email);

  // The audit log names the invitation and the new account, and links to the Team page, not ids.
  await page.goto('/admin/audit');
  const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
  const invitedRow = table.getByRole('row').filter({ hasText: 'user.invited' }).first();
  await expect(invitedRow.getByRole('link', { name: `Invitation of ${email}` })).toHaveAttribute('href', '/admin/team');
  const acceptedRow = table.getByRole('row').filter({ hasText: 'user.invite_accepted' }).first();
  await expect(acceptedRow.getByRole('link', { name })).toHaveAttribute('href', '/admin/team');
});

test('an open invitation is revoked after a confirmation', async ({ page, request }) => {
  await loginAdmin(request);
  const email = `revoked-${unique()}@example.test`;
  await loginThroughUi(page);
  await page.goto('/admin/team');
  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const region = page.getByRole('region', { name: 'Invite a colleague' });
  await region.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Revoke the invitation of ${email}?`);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(region.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  await expect(region).toContainText('No invitation is open.');
});

test('without JavaScript the invitation form posts itself and the person is signed in', async ({
  browser,
  request,
}) => {
  const { accessToken } = await loginAdmin(request);
  const email = `nojs-invitee-${unique()}@example.test`;
  const invited = await request.post('/api/users/invites', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { email, role: 'editor' },
  });
  expect(invited.status()).toBe(201);
  const link = await invitationLink(email);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Accept the invitation' });
  await form.getByLabel('Name').fill('No Script Colleague');
  // Refused by the server: the same page again, the message next to the field, the name kept.
  await form.getByLabel('Password').fill('password123');
  await form.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/accept-invite$/);
  await expect(form.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Name')).toHaveValue('No Script Colleague');
  await form.getByLabel('Password').fill('violet harbour lantern 42');
  await form.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(MESSAGES.auth.signedInNeedsScript);
  await context.close();
  // The account exists with the invited role: it signs in.
  const login = await request.post('/api/auth/login', { data: { email, password: 'violet harbour lantern 42' } });
  expect(login.status()).toBe(200);
  expect(((await login.json()) as { user: { role: string } }).user.role).toBe('editor');
});
