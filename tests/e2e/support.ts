// Helpers every spec shares. The first account registered on a fresh server is the admin, so all
// specs use these same credentials and whichever runs first creates the account.
import { createHash, createHmac } from 'node:crypto';
import { type APIRequestContext, type Browser, type Locator, type Page, expect } from '@playwright/test';

// Not a famous passphrase (the server refuses those, issue 30 item 11).
export const ADMIN = { name: 'Site Admin', email: 'admin@example.test', password: 'violet tractor hums 42 fjords' };

/**
 * Registers the admin (once per server) and logs in as an API client does; returns the login response body. Given
 * a page's `page.request`, the login's session cookie lands in that page's browser context: the page is signed in.
 */
export async function loginAdmin(request: APIRequestContext) {
  const registered = await request.post('/api/auth/register', { data: ADMIN });
  if (![201, 409].includes(registered.status())) {
    throw new Error(`register answered ${registered.status()}: ${await registered.text()}`);
  }
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  if (login.status() !== 200) throw new Error(`login answered ${login.status()}: ${await login.text()}`);
  return (await login.json()) as { accessToken: string; refreshToken: string; user: { role: string } };
}

/** Opens a job opening through the API as `accessToken`'s account (open for a week unless `fields` say
 *  otherwise); returns the created opening. */
export async function createOpening(
  request: APIRequestContext,
  accessToken: string,
  fields: { title: string } & Record<string, unknown>,
) {
  const response = await request.post('/api/jobs', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      location: 'remote',
      employmentType: 'FULL_TIME',
      salaryMin: 40_000,
      salaryMax: 50_000,
      salaryCurrency: 'GBP',
      salaryUnit: 'YEAR',
      description: 'Keep the platform running.',
      validThrough: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
      status: 'open',
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; slug: string; title: string };
}

/** Finds one lead through the admins' inbox, searching by the visitor's email. */
export async function findLead(
  request: APIRequestContext,
  kind: 'quotes' | 'contacts' | 'applications',
  email: string,
  /** Looks among the leads of this status (the inbox lists every lead but spam by default). */
  status?: string,
) {
  const { accessToken } = await loginAdmin(request);
  const filter = status ? `&status=${encodeURIComponent(status)}` : '';
  const response = await request.get(`/api/admin/${kind}?q=${encodeURIComponent(email)}${filter}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status(), `GET /api/admin/${kind}`).toBe(200);
  const body = (await response.json()) as { items: Record<string, unknown>[] };
  const matches = body.items.filter((item) => item.email === email);
  expect(matches).toHaveLength(1);
  return matches[0]!;
}

/** Fills every field of the job application except the CV. */
export async function fillApplication(form: Locator, email: string) {
  await form.getByLabel('Full Name').fill('Maya Shrestha');
  await form.getByLabel('Contact Number').fill('9812345678');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Town').fill('Lalitpur');
  await form.getByLabel('Country').fill('Nepal');
  await form.getByLabel('Position').selectOption('DevOps Engineer');
  await form.getByLabel('Expected Salary').fill('80,000 per month');
  await form.getByLabel('Currency').selectOption('NPR');
  await form.getByLabel(/Additional Information/).fill('Kubernetes, Terraform.');
}

/**
 * The `altcha` field an API client sends: a challenge from the server, solved here the way the forms' Web
 * Worker does it. Without it the server files the lead as spam (SPAM_CHALLENGE=score).
 */
export async function solvedAltcha(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/challenge');
  expect(response.status(), 'GET /api/challenge').toBe(200);
  const challenge = (await response.json()) as { challenge: string; salt: string; maxnumber: number };
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') === challenge.challenge) {
      return Buffer.from(JSON.stringify({ ...challenge, algorithm: 'SHA-256', number, maxnumber: undefined })).toString(
        'base64',
      );
    }
  }
  throw new Error('challenge without a solution');
}

/** The script that hydrates a page: a public page's own entry (apps/web/app/public-runtime), or React Router's. */
export const HYDRATING_SCRIPT = /\/assets\/(?:entry\.client|page-[\w-]+)-[\w-]+\.js$/;

/**
 * Opens `path` and waits until its scripts have run (`<html data-hydrated="true">`: on a public page the
 * enhancements are attached, its islands hydrate on first use; on React Router's pages React has hydrated), for
 * tests of what only the scripts do (highlights, roving focus). The page is complete and usable before that.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return response;
}

/** Signs in on the login page as a person does (the admin by default) and waits for the admin area. */
export async function loginThroughUi(page: Page, account: { email: string; password: string } = ADMIN) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
}

/** RFC 6238 with SHA-1, 30-second steps, 6 digits: what an authenticator app shows for `secret` (base32). */
export function totp(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s+/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
export const currentStep = () => Math.floor(Date.now() / 30_000);

/**
 * A second member of staff, Anna (an editor), registered, approved by the admin and signed in in a browser
 * context of her own: two people working at once. Close `context` when done.
 */
export async function editorAccount(browser: Browser, request: APIRequestContext) {
  const admin = { authorization: `Bearer ${(await loginAdmin(request)).accessToken}` };
  const email = `anna-${Date.now().toString(36)}@example.test`;
  const password = 'orbit lamp staple 47 quietly';
  expect((await request.post('/api/auth/register', { data: { name: 'Anna', email, password } })).status()).toBe(201);
  const users = (await (await request.get('/api/users', { headers: admin })).json()) as { id: string; email: string }[];
  const anna = users.find((user) => user.email === email)!;
  expect((await request.patch(`/api/users/${anna.id}`, { headers: admin, data: { role: 'editor' } })).status()).toBe(
    200,
  );
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  const page = await context.newPage();
  await loginThroughUi(page, { email, password });
  return { context, page };
}
