// Account mail over a real SMTP server: the reset link is delivered, and the outbox keeps no copy of it.
import { eq, schema } from '@agency/db';
import { afterAll, expect, it } from 'vitest';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { createTestApp } from '../../../test/app.ts';
import { plain, startSmtp } from '../../../test/smtp.ts';

const smtp = await startSmtp();
const t = await createTestApp({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  SITE_URL: 'https://agency.test',
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it('delivers the reset link and blanks the outbox copy once sent; the link then works', async () => {
  const member = await createAccount(t.app, 'editor', 'Mailed Member');
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: member.email } });
  expect(res.statusCode).toBe(202);
  // The link is made after the answer (the same time for any address).
  await t.app.drainAfterAnswer();
  await t.app.outbox.process();

  const mail = smtp.received.find((m) => m.to.includes(member.email));
  const token = /https:\/\/agency\.test\/reset-password\?token=([\w-]+)/.exec(plain(mail?.data ?? ''))?.[1];
  expect(token).toBeTruthy();

  const [row] = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, member.email));
  expect(row?.sentAt).not.toBeNull();
  expect(row?.purpose).toBe('password-reset');
  expect(row?.body).toBe('');

  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password: 'mailed new password' },
  });
  expect(confirm.statusCode).toBe(204);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: member.email, password: 'mailed new password' },
  });
  expect(login.statusCode).toBe(200);
});
