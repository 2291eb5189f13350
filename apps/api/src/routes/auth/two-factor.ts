// /api/auth/2fa/* (status, setup, enable, disable) and /api/auth/login/2fa, the second step of a sign-in.
import {
  ACCOUNT_MESSAGES,
  LoginResponseSchema,
  LoginTwoFactorSchema,
  MESSAGES,
  RecoveryCodesSchema,
  TwoFactorCodeSchema,
  TwoFactorDisableSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { ANONYMOUS_ACTOR, recordAudit } from '../../services/audit.ts';
import {
  checkPassword,
  findUserById,
  loginBlockedFor,
  recordLoginFailure,
  type LoginLimits,
} from '../../services/auth.ts';
import {
  beginTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  readLoginChallenge,
  secretKeyFrom,
  spendLoginChallenge,
  spendRecoveryCode,
  spendTotpCode,
  twoFactorStatus,
} from '../../services/two-factor.ts';
import { openSession } from './sign-in.ts';

export interface TwoFactorRoutesOptions {
  login: LoginLimits;
  jwtSecret: string;
}

export default async function twoFactorRoutes(
  fastify: FastifyInstance,
  { login: limits, jwtSecret }: TwoFactorRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const key = secretKeyFrom(jwtSecret);

  /** Wrong codes count like wrong passwords, on the same per-account and per-address counters. */
  async function refuseWhileBlocked(email: string, ip: string) {
    const wait = await loginBlockedFor(app.db, email, ip, limits);
    if (wait > 0) throw new HttpError(429, MESSAGES.auth.tooManyAttempts, undefined, { 'retry-after': String(wait) });
  }

  const loginSchema = {
    tags,
    summary: 'Second step of a sign-in with 2FA: the challenge and a code (or a recovery code)',
    body: LoginTwoFactorSchema,
    response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 429) },
  };
  app.post('/login/2fa', { schema: loginSchema }, async (request) => {
    const input = request.body;
    const challenge = await readLoginChallenge(app.db, input.challengeToken);
    const user = challenge ? await findUserById(app.db, challenge.userId) : undefined;
    if (!challenge || !user?.totpEnabledAt) {
      throw new HttpError(400, ACCOUNT_MESSAGES.challengeInvalid, {
        challengeToken: ACCOUNT_MESSAGES.challengeInvalid,
      });
    }
    await refuseWhileBlocked(user.email, request.ip);
    const byRecoveryCode = Boolean(input.recoveryCode);
    const right = input.recoveryCode
      ? await spendRecoveryCode(app.db, user.id, input.recoveryCode)
      : await spendTotpCode(app.db, key, user.id, input.code ?? '');
    if (!right) {
      await recordLoginFailure(app.db, user.email, request.ip, limits);
      await recordAudit(app.db, request, {
        action: 'auth.2fa_failed',
        actor: ANONYMOUS_ACTOR,
        target: { type: 'user', id: user.id },
        data: { step: byRecoveryCode ? 'recovery-code' : 'code' },
      });
      const message = byRecoveryCode ? ACCOUNT_MESSAGES.recoveryCodeWrong : ACCOUNT_MESSAGES.codeWrong;
      throw new HttpError(401, message, { [byRecoveryCode ? 'recoveryCode' : 'code']: message });
    }
    if (!(await spendLoginChallenge(app.db, challenge.id))) {
      throw new HttpError(400, ACCOUNT_MESSAGES.challengeInvalid, {
        challengeToken: ACCOUNT_MESSAGES.challengeInvalid,
      });
    }
    if (byRecoveryCode) {
      await recordAudit(app.db, request, {
        action: 'auth.recovery_code_used',
        actor: { id: user.id, name: user.name },
        target: { type: 'user', id: user.id },
      });
    }
    return openSession(app, request, user, byRecoveryCode ? 'recovery-code' : 'totp');
  });

  // What an account needs to set 2FA up stays open while an admin requires 2FA (plugins/auth.ts).
  const setupRoute = { onRequest: app.requireRole(), config: { allowWithoutTwoFactor: true } };

  const statusSchema = {
    tags,
    summary: 'Whether the account has 2FA on, whether it is required, recovery codes left',
    security: BEARER,
    response: { 200: TwoFactorStatusSchema, ...errorResponses(401) },
  };
  app.get('/2fa', { ...setupRoute, schema: statusSchema }, async (request) =>
    twoFactorStatus(app.db, request.user!.id),
  );

  const setupSchema = {
    tags,
    summary: 'A new TOTP secret and its otpauth:// link (not in force until enabled)',
    security: BEARER,
    response: { 200: TwoFactorSetupSchema, ...errorResponses(401, 409) },
  };
  app.post('/2fa/setup', { ...setupRoute, schema: setupSchema }, async (request) =>
    beginTwoFactorSetup(app.db, key, request.user!.id),
  );

  const enableSchema = {
    tags,
    summary: 'Turn 2FA on with a code from the app; answers ten single-use recovery codes, once',
    security: BEARER,
    body: TwoFactorCodeSchema,
    response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 409) },
  };
  app.post('/2fa/enable', { ...setupRoute, schema: enableSchema }, async (request) => {
    const { code } = request.body;
    const recoveryCodes = await enableTwoFactor(app.db, key, request.user!.id, code);
    // 400, not 401: the client would take a 401 for an expired token and sign in again.
    if (!recoveryCodes) throw new HttpError(400, ACCOUNT_MESSAGES.codeWrong, { code: ACCOUNT_MESSAGES.codeWrong });
    await recordAudit(app.db, request, { action: 'auth.2fa_enabled', target: { type: 'user', id: request.user!.id } });
    return { recoveryCodes };
  });

  const disableSchema = {
    tags,
    summary: 'Turn 2FA off with the password and a code',
    security: BEARER,
    body: TwoFactorDisableSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 401, 403, 409, 429) },
  };
  app.post('/2fa/disable', { onRequest: app.requireRole(), schema: disableSchema }, async (request, reply) => {
    const input = request.body;
    const user = await findUserById(app.db, request.user!.id);
    if (!user) throw new HttpError(401, MESSAGES.http.invalidToken);
    if (!user.totpEnabledAt) throw new HttpError(409, ACCOUNT_MESSAGES.twoFactorNotOn);
    await refuseWhileBlocked(user.email, request.ip);
    if (!(await checkPassword(user.passwordHash, input.password))) {
      await recordLoginFailure(app.db, user.email, request.ip, limits);
      throw new HttpError(400, ACCOUNT_MESSAGES.passwordWrong, { password: ACCOUNT_MESSAGES.passwordWrong });
    }
    if (!(await spendTotpCode(app.db, key, user.id, input.code))) {
      await recordLoginFailure(app.db, user.email, request.ip, limits);
      throw new HttpError(400, ACCOUNT_MESSAGES.codeWrong, { code: ACCOUNT_MESSAGES.codeWrong });
    }
    await disableTwoFactor(app.db, user.id);
    await recordAudit(app.db, request, { action: 'auth.2fa_disabled', target: { type: 'user', id: user.id } });
    return reply.status(204).send();
  });
}
