// The site's details in the mails (issue 31, item 6): an office's new address and phone and a new name, once
// published in the `site` document, sign the very next visitor confirmation and account mail.
import { eq, schema } from '@agency/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callers, createAccount } from '../../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { CONTACT } from '../../../../test/lead-fixtures.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://agency.test', LEADS_TO: 'leads@agency.test' });
  admin = (await callers(t.app)).headers.admin;
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function publishSite(change: (site: Json) => void) {
  const opened = await t.app.inject({ method: 'GET', url: '/api/admin/content/site', headers: admin });
  const document = opened.json() as Json;
  const data = structuredClone(document.draft ?? document.published) as Json;
  change(data);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/content/site/draft',
    headers: admin,
    payload: { version: document.version, data },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await t.app.inject({
    method: 'POST',
    url: '/api/admin/content/site/publish',
    headers: admin,
    payload: { version: saved.json().version },
  });
  expect(published.statusCode, published.body).toBe(200);
}

const outboxTo = (to: string) => t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, to));

it('signs the confirmation and the account mails with the office published a moment ago', async () => {
  await publishSite((site) => {
    site.name = 'Nexora Renamed Ltd';
    site.offices[0].street = '9 Moved Street';
    site.offices[0].phone = '+44 20 7946 0999';
    site.socialLinks = [{ name: 'Mastodon', href: 'https://social.example/@agency' }];
  });

  const lead = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
  expect(lead.statusCode, lead.body).toBe(201);
  const [confirmation] = (await outboxTo(CONTACT.email)).filter((row) => row.purpose === 'confirmation');
  expect(confirmation?.body).toContain('Nexora Renamed Ltd');
  expect(confirmation?.body).toContain('9 Moved Street');
  expect(confirmation?.body).toContain('+44 20 7946 0999');
  expect(confirmation?.body).toContain('Mastodon: https://social.example/@agency');

  const member = await createAccount(t.app, 'editor', 'Mailed Member');
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email: member.email },
  });
  expect(reset.statusCode).toBe(202);
  await t.app.drainAfterAnswer();
  const [mail] = await outboxTo(member.email);
  expect(mail?.subject).toBe('Reset your Nexora Renamed Ltd password');
  expect(mail?.body).toContain('9 Moved Street');
  expect(mail?.body).toContain('+44 20 7946 0999');
  expect(mail?.body).not.toContain('Nexora IT Solutions');

  // The authenticator app lists the site under its published name too.
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/setup',
    headers: { authorization: `Bearer ${member.accessToken}` },
    payload: { currentPassword: member.password },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  expect(new URL(setup.json<{ otpauthUrl: string }>().otpauthUrl).searchParams.get('issuer')).toBe(
    'Nexora Renamed Ltd',
  );
});
