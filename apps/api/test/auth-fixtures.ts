// Test helpers: accounts of each role and every kind of bad token, for the authorization matrices.
import type { Role } from '@agency/contract';
import { eq, schema } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { totpCode, totpStep } from '../src/services/totp.ts';

/** The JWT secret createTestApp() configures. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface Account {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

let counter = 0;

/** Registers an account through the API, gives it `role` directly in the database, and logs it in. */
export async function createAccount(app: FastifyInstance, role: Role, name = `${role} person`): Promise<Account> {
  counter += 1;
  const email = `${role}-${counter}-${Date.now()}@example.com`;
  const password = `pass-${role}-${counter}-long`;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  // The answer names no account (no enumeration), so the id comes from the database.
  const [row] = await app.db
    .update(schema.users)
    .set({ role })
    .where(eq(schema.users.email, email))
    .returning({ id: schema.users.id });
  if (!row) throw new Error(`no account for ${email}`);
  const id = row.id;
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { accessToken, refreshToken } = login.json<{ accessToken: string; refreshToken: string }>();
  return { id, email, password, accessToken, refreshToken };
}

/** Lets the account use a code again, as if the next 30-second step had come (codes are single-use). */
export const forgetLastCode = (app: FastifyInstance, id: string) =>
  app.db.update(schema.users).set({ totpLastStep: null }).where(eq(schema.users.id, id));

/** The authenticator app's code for `secret` now. */
export const nowCode = (secret: string) => totpCode(secret, totpStep(Date.now()));

/**
 * 2FA set up and on for `account`, through the API with its password; answers the secret and recovery codes.
 * The code it used is forgotten, so the test's next code may fall in the same 30 seconds.
 */
export async function turnOnTwoFactor(app: FastifyInstance, account: Account) {
  const headers = { authorization: `Bearer ${account.accessToken}` };
  const currentPassword = account.password;
  const setup = await app.inject({ method: 'POST', url: '/api/auth/2fa/setup', payload: { currentPassword }, headers });
  if (setup.statusCode !== 200) throw new Error(`2FA setup failed: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const enable = await app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    payload: { code: nowCode(secret), currentPassword },
    headers,
  });
  if (enable.statusCode !== 200) throw new Error(`2FA enable failed: ${enable.body}`);
  await forgetLastCode(app, account.id);
  return { secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens a server must refuse with 401, each labelled. `userId` is a real account's id. */
export async function badTokens(
  userId: string,
): Promise<Record<'garbage' | 'expired' | 'alg none' | 'other key', string>> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: userId, role: 'admin', iss: 'agency-site' };
  const expired = await new SignJWT({ role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('agency-site')
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
  const otherKey = await new SignJWT({ role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('agency-site')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
  return {
    garbage: 'not-a-jwt',
    expired,
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: now, exp: now + 900 })}.`,
    'other key': otherKey,
  };
}

export type Caller = 'no token' | 'garbage' | 'expired' | 'alg none' | 'other key' | 'pending' | 'editor' | 'admin';

/** Authorization headers for every caller of the matrix (and the admin account, which is also the first). */
export async function callers(app: FastifyInstance): Promise<{
  headers: Record<Caller, Record<string, string>>;
  accounts: Record<'pending' | 'editor' | 'admin', Account>;
}> {
  const admin = await createAccount(app, 'admin');
  const editor = await createAccount(app, 'editor');
  const pending = await createAccount(app, 'pending');
  const bad = await badTokens(admin.id);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    accounts: { admin, editor, pending },
    headers: {
      'no token': {},
      garbage: bearer(bad.garbage),
      expired: bearer(bad.expired),
      'alg none': bearer(bad['alg none']),
      'other key': bearer(bad['other key']),
      pending: bearer(pending.accessToken),
      editor: bearer(editor.accessToken),
      admin: bearer(admin.accessToken),
    },
  };
}
