// The end of a sign-in, shared by the password step and the 2FA step: a session with its tokens, or,
// for an account with 2FA, a challenge that the code must complete.
import type { LoginResponse, TwoFactorChallenge } from '@agency/contract';
import type { schema } from '@agency/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit, signInAudit } from '../../services/audit.ts';
import { recordLoginSuccess, toUser } from '../../services/auth.ts';
import { shortUserAgent, startSession } from '../../services/sessions.ts';
import { createLoginChallenge } from '../../services/two-factor.ts';

type UserRow = typeof schema.users.$inferSelect;

/** A new session: tokens and the account. The account's failed attempts are forgiven only here. */
export async function openSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  method: 'password' | 'totp' | 'recovery-code',
): Promise<LoginResponse> {
  const { sessionId, refreshToken } = await startSession(
    app.db,
    user.id,
    shortUserAgent(request.headers['user-agent']),
  );
  await recordLoginSuccess(app.db, user.email, request.ip);
  await recordAudit(app.db, request, { ...signInAudit('auth.login_succeeded', user.email, user), data: { method } });
  return { accessToken: await app.signAccessToken(user, sessionId), refreshToken, user: toUser(user) };
}

/** After a right password: the session, or the 2FA challenge when the account has 2FA on. */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
): Promise<LoginResponse | TwoFactorChallenge> {
  if (!user.totpEnabledAt) return openSession(app, request, user, 'password');
  const challengeToken = await createLoginChallenge(app.db, user.id, shortUserAgent(request.headers['user-agent']));
  return { twoFactorRequired: true, challengeToken };
}
