// A staff member forgets the password, resets it through the mail the site sends (received by a real
// SMTP server started here), turns two-factor sign-in on and signs in with a code computed here.
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { collectMail } from './mailbox.ts';
import { ADMIN, currentStep, loginAdmin, totp } from './support.ts';

const inbox = collectMail();

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('reset the password from a mail, turn on two-factor sign-in, sign in with a code', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  // A team member (an editor), created through the API after the admin (the first account is the admin).
  const { accessToken } = await loginAdmin(request);
  const email = `member-${Date.now().toString(36)}@example.test`;
  expect(
    (
      await request.post('/api/auth/register', { data: { name: 'Mira Member', email, password: 'first password 1' } })
    ).status(),
  ).toBe(201);
  const admin = { authorization: `Bearer ${accessToken}` };
  const users = (await (await request.get('/api/users', { headers: admin })).json()) as { id: string; email: string }[];
  const member = users.find((user) => user.email === email)!;
  expect((await request.patch(`/api/users/${member.id}`, { headers: admin, data: { role: 'editor' } })).status()).toBe(
    200,
  );

  // Forgot password? → the form → the same answer as for any address.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this address');
  await expectNoAxeViolations(page);

  // The mail arrives at the SMTP server with a single-use link (beside it, the approval mail of issue 22).
  const resetMails = () => inbox.filter((mail) => mail.to.includes(email) && mail.text.includes('Reset your'));
  await expect.poll(() => resetMails().length, { timeout: 20_000 }).toBe(1);
  await expect
    .poll(() => inbox.filter((mail) => mail.to.includes(email) && mail.text.includes('account is approved')).length)
    .toBe(1);
  const mail = resetMails()[0]!;
  expect(mail.text).toContain('Reset your');
  const link = /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel('New password').fill('second password 2');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to login' }).click();

  // The old password no longer works (an API check, so the page logs no 401); the new one does.
  const old = await request.post('/api/auth/login', { data: { email, password: 'first password 1' } });
  expect(old.status()).toBe(401);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second password 2');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // The account page: set up two-factor sign-in with the QR code drawn in the page.
  await page.goto('/admin/account');
  // Setting it up asks for the password again (a stolen session alone cannot turn it on).
  const twoFactorCard = page.getByRole('region', { name: 'Two-factor sign-in' });
  await twoFactorCard.getByLabel('Current password').fill('second password 2');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await page.locator('code').first().textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);
  const enabledAt = currentStep();
  await page.getByLabel('Code from your authenticator app').fill(totp(secret, enabledAt));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectNoAxeViolations(page);
  const recoveryCode = (await codes.first().textContent()) ?? '';
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/Recovery codes left: 10/)).toBeVisible();

  // Another browser signs in: password, then the code of the next step (the enabling one is spent).
  const other = await browser.newContext();
  await other.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  const phone = await other.newPage();
  await phone.goto('/login');
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Password').fill('second password 2');
  await phone.getByRole('button', { name: 'Login' }).click();
  await expect(phone.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.getByLabel('Code from your authenticator app').fill(totp(secret, enabledAt + 1));
  // The phone's access token lives in its page's memory only: read from the sign-in's answer.
  const phoneSignIn = phone.waitForResponse((response) => response.url().endsWith('/api/auth/login/2fa'));
  await phone.getByRole('button', { name: 'Verify' }).click();
  const phoneToken = ((await (await phoneSignIn).json()) as { accessToken: string }).accessToken;
  await expect(phone).toHaveURL(/\/admin$/);
  await expect(phone.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

  // Back in the first browser, the new session is listed and can be signed out.
  await page.reload();
  const sessions = page.getByRole('listitem').filter({ hasText: 'Signed in' });
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: '(this session)' })).toHaveCount(1);
  // Signing another session out asks for the password and, with 2FA on, a code or a recovery code.
  const sessionsCard = page.getByRole('region', { name: 'Sessions' });
  await sessionsCard.getByLabel('Your password').fill('second password 2');
  await sessionsCard.getByLabel(/recovery code/).fill(recoveryCode);
  await sessions.getByRole('button', { name: /Sign out/ }).click();
  await expect(sessions).toHaveCount(1);
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${phoneToken}` } })).status()).toBe(
    401,
  );
  // Its session cookie is dead too: the phone's browser cannot renew the session.
  expect((await phone.request.post('/api/auth/refresh-token')).status()).toBe(401);
  await other.close();
});

test('when an admin requires 2FA, a member without it is sent to set it up right after login', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { accessToken } = await loginAdmin(request);
  const admin = { authorization: `Bearer ${accessToken}` };
  const email = `enrol-${Date.now().toString(36)}@example.test`;
  const password = 'enrol password 1';
  expect((await request.post('/api/auth/register', { data: { name: 'Enid Enrol', email, password } })).status()).toBe(
    201,
  );
  const users = (await (await request.get('/api/users', { headers: admin })).json()) as { id: string; email: string }[];
  const member = users.find((user) => user.email === email)!;
  expect((await request.patch(`/api/users/${member.id}`, { headers: admin, data: { role: 'editor' } })).status()).toBe(
    200,
  );
  const policy = (required: boolean) =>
    request.put('/api/users/two-factor-policy', { headers: admin, data: { required } });
  expect((await policy(true)).status()).toBe(200);
  try {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByText(/requires two-factor sign-in for every staff account/)).toBeVisible();
    // Nothing else is offered until it is set up; another admin page sends the member back.
    await expect(page.getByRole('heading', { name: 'Password' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto('/admin/blog');
    await expect(page).toHaveURL(/\/admin\/account$/);

    await page.getByRole('region', { name: 'Two-factor sign-in' }).getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = ((await page.locator('code').first().textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('Code from your authenticator app').fill(totp(secret, currentStep()));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    // Now the rest of the account page, and the admin area, are open.
    await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
    await page.getByRole('link', { name: 'Manage Blogs' }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
  } finally {
    // The shared admin is held too while the requirement is on: it sets 2FA up, lifts the requirement,
    // and turns its 2FA off again, so the other specs sign in with the password alone.
    const currentPassword = ADMIN.password;
    const setup = await request.post('/api/auth/2fa/setup', { headers: admin, data: { currentPassword } });
    const { secret } = (await setup.json()) as { secret: string };
    const step = currentStep();
    await request.post('/api/auth/2fa/enable', { headers: admin, data: { code: totp(secret, step), currentPassword } });
    expect((await policy(false)).status()).toBe(200);
    const off = await request.post('/api/auth/2fa/disable', {
      headers: admin,
      data: { currentPassword, code: totp(secret, step + 1) },
    });
    expect(off.status()).toBe(204);
  }
});
