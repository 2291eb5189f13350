// The account page of a staff member: the name is saved, and a new password signs the other sessions out,
// which the sessions list shows at once (the change re-reads the list; no reload).
import { ACCOUNT_MESSAGES } from '@agency/contract';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAdmin } from './support.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('a member renames the account and changes the password; the other session ends at once', async ({
  page,
  request,
}) => {
  const { accessToken } = await loginAdmin(request);
  const admin = { authorization: `Bearer ${accessToken}` };
  const email = `account-page-${Date.now().toString(36)}@example.test`;
  const password = 'account page password 1';
  expect((await request.post('/api/auth/register', { data: { name: 'Ada Account', email, password } })).status()).toBe(
    201,
  );
  const users = (await (await request.get('/api/users', { headers: admin })).json()) as { id: string; email: string }[];
  const member = users.find((user) => user.email === email)!;
  expect((await request.patch(`/api/users/${member.id}`, { headers: admin, data: { role: 'editor' } })).status()).toBe(
    200,
  );
  // Another device's session.
  const other = await request.post('/api/auth/login', { data: { email, password } });
  expect(other.status()).toBe(200);
  const { refreshToken } = (await other.json()) as { refreshToken: string };

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  const sessions = page.getByRole('region', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expectNoAxeViolations(page);

  const nameCard = page.getByRole('region', { name: 'Name' });
  await nameCard.getByLabel('Name').fill('Ada Renamed');
  await nameCard.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name has been saved.')).toBeVisible();
  const me = await request.post('/api/auth/login', { data: { email, password } });
  expect(((await me.json()) as { user: { name: string } }).user.name).toBe('Ada Renamed');

  const passwordCard = page.getByRole('region', { name: 'Password' });
  await passwordCard.getByLabel('Current password').fill(password);
  await passwordCard.getByLabel('New password').fill('account page password 2');
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordChanged)).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText('(this session)');
  await expect(passwordCard.getByLabel('Current password')).toHaveValue('');
  expect((await request.post('/api/auth/refresh-token', { data: { refreshToken } })).status()).toBe(401);
});
