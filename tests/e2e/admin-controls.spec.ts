// Admin controls driven as an admin drives them, through roles and labels: Team's "Sign out everywhere"
// and two-factor policy switch, turning two-factor sign-in off on the account page, the Privacy downloads
// (consent log CSV, access-request ZIP) and the Audit page's filter by person. Every test makes its own
// accounts (unique addresses) and leaves the shared admin and the 2FA policy as it found them.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { ACCOUNT_MESSAGES, CONSENT_BANNER_VERSION } from '@agency/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, currentStep, loginAdmin, loginThroughUi, totp } from './support.ts';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An authenticator for `secret`: each call gives a code the server has not seen yet (each code works once,
 *  and the server accepts one step either side of now), waiting for the next step when it must. */
function authenticator(secret: string) {
  let last = -Infinity;
  return async () => {
    let step = Math.max(last + 1, currentStep() - 1);
    while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
    step = Math.max(step, currentStep() - 1);
    last = step;
    return totp(secret, step);
  };
}

/** A new account with `role`, registered and promoted through the API; returns it with its login. */
async function staffMember(request: APIRequestContext, role: 'editor' | 'admin', prefix: string) {
  const { accessToken } = await loginAdmin(request);
  const admin = { authorization: `Bearer ${accessToken}` };
  const id = unique();
  const account = {
    name: `${prefix} ${id}`,
    email: `${prefix.toLowerCase()}-${id}@example.test`,
    password: `pw ${id}`,
  };
  const registered = await request.post('/api/auth/register', { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const users = (await (await request.get('/api/users', { headers: admin })).json()) as { id: string; email: string }[];
  const user = users.find((candidate) => candidate.email === account.email)!;
  expect((await request.patch(`/api/users/${user.id}`, { headers: admin, data: { role } })).status()).toBe(200);
  const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(200);
  const tokens = (await login.json()) as { accessToken: string; refreshToken: string };
  return { ...account, id: user.id, ...tokens, auth: { authorization: `Bearer ${tokens.accessToken}` } };
}

/** Turns two-factor sign-in on for the signed-in `account` through the API (with its password); returns its code source. */
async function enableTwoFactor(
  request: APIRequestContext,
  { auth, password: currentPassword }: { auth: Record<string, string>; password: string },
) {
  const setup = await request.post('/api/auth/2fa/setup', { headers: auth, data: { currentPassword } });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = authenticator(secret);
  const enabled = await request.post('/api/auth/2fa/enable', {
    headers: auth,
    data: { code: await code(), currentPassword },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return code;
}

/** Signs in on the login page with the password and then a code, as a person with an authenticator does. */
async function loginWithCode(page: Page, account: { email: string; password: string }, code: () => Promise<string>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(await code());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

const adminSection = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true });

/** The entries of a ZIP (local file headers, stored or deflated): enough to look inside an export. */
function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const entries: { name: string; data: Buffer }[] = [];
  let offset = 0;
  while (zip.readUInt32LE(offset) === 0x04034b50) {
    const method = zip.readUInt16LE(offset + 8);
    const size = zip.readUInt32LE(offset + 18);
    const nameLength = zip.readUInt16LE(offset + 26);
    const extraLength = zip.readUInt16LE(offset + 28);
    const name = zip.toString('utf8', offset + 30, offset + 30 + nameLength);
    const start = offset + 30 + nameLength + extraLength;
    const raw = zip.subarray(start, start + size);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : raw });
    offset = start + size;
  }
  return entries;
}

test('Team: "Sign out everywhere" ends every session of the member', async ({ page, request, browser }) => {
  const member = await staffMember(request, 'editor', 'Sven');
  // The member is also signed in in a browser of their own.
  const memberContext = await browser.newContext();
  await memberContext.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  const memberPage = await memberContext.newPage();
  await loginThroughUi(memberPage, member);

  await loginThroughUi(page);
  await adminSection(page, 'Team').click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  // Its name starts with the words it shows (WCAG 2.5.3), then says whose sessions end.
  await page.getByRole('button', { name: `Sign out everywhere: ${member.name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Sign ${member.name} out on every device?`);
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.signedOutEverywhere(member.name))).toBeVisible();

  // Their refresh token no longer works, and neither does their access token.
  const refreshed = await request.post('/api/auth/refresh-token', { data: { refreshToken: member.refreshToken } });
  expect(refreshed.status()).toBe(401);
  expect((await request.get('/api/auth/sessions', { headers: member.auth })).status()).toBe(401);
  // Their browser, on its next page, is sent to the login page.
  await memberPage.goto('/admin/account');
  await expect(memberPage).toHaveURL(/\/login/);
  await memberContext.close();
});

test('Team: the two-factor policy switch turns the requirement on and off', async ({ page, request }) => {
  test.setTimeout(90_000);
  // An admin with two-factor sign-in of their own, so the requirement does not hold them.
  const admin = await staffMember(request, 'admin', 'Tara');
  const code = await enableTwoFactor(request, admin);
  const policy = async () =>
    (
      (await (await request.get('/api/users/two-factor-policy', { headers: admin.auth })).json()) as {
        required: boolean;
      }
    ).required;
  try {
    await loginWithCode(page, admin, code);
    await adminSection(page, 'Team').click();
    const toggle = page.getByRole('checkbox', { name: 'Require two-factor sign-in for all staff' });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();

    await toggle.click();
    await expect(page.getByText('Two-factor sign-in is now required of every staff account.')).toBeVisible();
    await expect(toggle).toBeChecked();
    expect(await policy()).toBe(true);
    // What the page shows is what the server holds, after a reload too.
    await page.reload();
    await expect(toggle).toBeChecked();

    await toggle.click();
    await expect(page.getByText('Two-factor sign-in is no longer required.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    expect(await policy()).toBe(false);
  } finally {
    const off = await request.put('/api/users/two-factor-policy', { headers: admin.auth, data: { required: false } });
    expect(off.status()).toBe(200);
  }
});

test('Account: turning two-factor sign-in off through the form makes login answer tokens again', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await staffMember(request, 'editor', 'Otto');
  const code = await enableTwoFactor(request, member);
  const before = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  expect(await before.json()).toMatchObject({ twoFactorRequired: true });

  await loginWithCode(page, member, code);
  await adminSection(page, 'Account').click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card).toContainText('On. Signing in asks for a code');
  await card.getByLabel('Password').fill(member.password);
  await card.getByLabel('Code from your authenticator app').fill(await code());
  await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(card.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(card).toContainText('Off.');

  const after = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  expect(after.status()).toBe(200);
  const body = (await after.json()) as Record<string, unknown>;
  expect(body).not.toHaveProperty('twoFactorRequired');
  expect(body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
});

test.describe('Privacy downloads', () => {
  test.beforeEach(async ({ page }) => {
    await loginThroughUi(page);
    await adminSection(page, 'Privacy').click();
    await expect(page).toHaveURL(/\/admin\/privacy$/);
  });

  test('the consent log downloads as CSV with a choice recorded just now', async ({ page, request }) => {
    const consentId = randomUUID();
    const recorded = await request.post('/api/consent', {
      data: {
        consentId,
        choice: 'custom',
        settings: { analytics: true, marketing: false },
        bannerVersion: CONSENT_BANNER_VERSION,
      },
    });
    expect(recorded.status(), await recorded.text()).toBe(201);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download consent log (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^consents-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Recorded,Consent ID,Choice,Analytics,Marketing,Banner version,GPC,User agent');
    const row = lines.find((line) => line.includes(consentId));
    expect(row).toContain(`${consentId},custom,true,false,${CONSENT_BANNER_VERSION},`);
  });

  test('an access request downloads a ZIP of the records of an address that wrote in', async ({ page, request }) => {
    const email = `access-${unique()}@example.test`;
    const contact = await request.post('/api/contact', {
      data: { name: 'Ada Access', email, phone: '07700900001', subject: 'Hello', message: 'What do you hold on me?' },
    });
    expect(contact.status()).toBe(201);

    await page.getByRole('textbox', { name: 'Email address' }).fill(email.toUpperCase());
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export data (ZIP)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    const entries = readZip(zip);
    expect(entries.map((entry) => entry.name)).toEqual(['records.json']);
    const records = JSON.parse(entries[0]!.data.toString('utf8')) as Record<string, Record<string, unknown>[]>;
    expect(records.contacts).toHaveLength(1);
    expect(records.contacts![0]).toMatchObject({ email, message: 'What do you hold on me?' });
    expect(records.quotes).toEqual([]);
    expect(records.applications).toEqual([]);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('Audit: filtering by a person shows only their entries', async ({ page, request }) => {
  // A member whose sign-in (auth.login_succeeded) is in the log under their own name.
  const member = await staffMember(request, 'editor', 'Ada');
  await loginThroughUi(page);
  await adminSection(page, 'Audit').click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
  await expect(table.getByRole('row').filter({ hasText: ADMIN.name }).first()).toBeVisible();

  await page.getByLabel('Who').selectOption({ label: member.name });
  await expect(table.getByRole('row').filter({ hasText: ADMIN.name })).toHaveCount(0);
  const rows = table.locator('tbody').getByRole('row');
  await expect(rows.first()).toContainText('auth.login_succeeded');
  const whoColumn = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[1]?.textContent));
  expect(whoColumn.length).toBeGreaterThan(0);
  expect(new Set(whoColumn)).toEqual(new Set([member.name]));
  await expect(page.getByText(new RegExp(`^${whoColumn.length} entr(y|ies)`))).toBeVisible();

  // Back to everyone: the admin's entries return.
  await page.getByLabel('Who').selectOption({ label: 'Everyone' });
  await expect(table.getByRole('row').filter({ hasText: ADMIN.name }).first()).toBeVisible();
});
