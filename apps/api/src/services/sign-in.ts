// Register and log in as the API answers them; the JSON routes (routes/auth) and the forms posted
// without JavaScript (routes/forms) both call these, so both check, limit and answer alike.
import { type LoginInput, type LoginResponse, MESSAGES, type RegisterInput, type User } from '@agency/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { recordAudit, signInAudit } from './audit.ts';
import {
  EmailTakenError,
  checkPassword,
  findUserByEmail,
  issueRefreshToken,
  loginBlockedFor,
  type LoginLimits,
  recordLoginFailure,
  recordLoginSuccess,
  registerUser,
  toUser,
} from './auth.ts';

/** Creates the account (the first one is admin, later ones pending); 409 naming `email` when it is taken. */
export async function signUp(app: FastifyInstance, input: RegisterInput): Promise<User> {
  try {
    return await registerUser(app.db, input);
  } catch (error) {
    if (error instanceof EmailTakenError) {
      throw new HttpError(409, MESSAGES.auth.emailTaken, { email: MESSAGES.auth.emailTaken });
    }
    throw error;
  }
}

/** Checks the password within the failure limits; the session on success, else 401 (or 429 when blocked). */
export async function logIn(
  app: FastifyInstance,
  request: FastifyRequest,
  input: LoginInput,
  limits: LoginLimits,
): Promise<LoginResponse> {
  const wait = await loginBlockedFor(app.db, input.email, request.ip, limits);
  if (wait > 0) {
    throw new HttpError(429, MESSAGES.auth.tooManyAttempts, undefined, { 'retry-after': String(wait) });
  }
  const user = await findUserByEmail(app.db, input.email);
  // Same time and same answer whether or not the account exists.
  const valid = await checkPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    await recordLoginFailure(app.db, input.email, request.ip, limits);
    await recordAudit(app.db, request, signInAudit('auth.login_failed', input.email, user));
    throw new HttpError(401, MESSAGES.auth.invalidCredentials);
  }
  await recordLoginSuccess(app.db, input.email, request.ip);
  await recordAudit(app.db, request, signInAudit('auth.login_succeeded', input.email, user));
  return {
    accessToken: await app.signAccessToken(user),
    refreshToken: await issueRefreshToken(app.db, user.id),
    user: toUser(user),
  };
}
