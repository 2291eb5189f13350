// Helpers every spec shares. The first account registered on a fresh server is the admin, so all
// specs use these same credentials and whichever runs first creates the account.
import type { APIRequestContext } from '@playwright/test';

export const ADMIN = { name: 'Site Admin', email: 'admin@example.test', password: 'correct horse battery staple' };

/** Registers the admin (once per server) and logs in; returns the login response body. */
export async function loginAdmin(request: APIRequestContext) {
  const registered = await request.post('/api/auth/register', { data: ADMIN });
  if (![201, 409].includes(registered.status())) {
    throw new Error(`register answered ${registered.status()}: ${await registered.text()}`);
  }
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  if (login.status() !== 200) throw new Error(`login answered ${login.status()}: ${await login.text()}`);
  return (await login.json()) as { accessToken: string; refreshToken: string; user: { role: string } };
}
