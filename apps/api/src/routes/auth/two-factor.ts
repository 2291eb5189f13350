// /api/auth/2fa/* (status, setup, enable, disable, recovery codes) and /api/auth/login/2fa, the second step of a
// sign-in. Everything that changes the account's second factor asks again for the current password (and, when 2FA
// is on, a code or a recovery code): services/reauth.ts.
import {
  LoginResponseSchema,
  LoginTwoFactorSchema,
  RecoveryCodesSchema,
  SessionHeadersSchema,
  TwoFactorCodeSchema,
  TwoFactorDisableSchema,
  TwoFactorSetupRequestSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { answerNewSession } from '../../lib/session-cookie.ts';
import { accountDeps, callerOf, completeTwoFactorSignIn } from '../../services/account.ts';
import {
  renewRecoveryCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
  turnOnTwoFactor,
} from '../../services/account-security.ts';
import type { LoginLimits } from '../../services/auth.ts';
import { currentMailSite } from '../../services/site-details.ts';
import { secretKeyFrom, twoFactorStatus } from '../../services/two-factor.ts';

export interface TwoFactorRoutesOptions {
  login: LoginLimits;
  jwtSecret: string;
  /** Origin of the links in account mail. */
  siteUrl: string;
}

export default async function twoFactorRoutes(
  fastify: FastifyInstance,
  { login: limits, jwtSecret, siteUrl }: TwoFactorRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const key = secretKeyFrom(jwtSecret);
  const deps = accountDeps(app, { limits, siteUrl, key });
  // The work of each route below is one service action (services/account-security.ts).
  const security = { db: app.db, key, limits };

  const loginSchema = {
    tags,
    summary: 'Second step of a sign-in with 2FA: the challenge and a code (or a recovery code); 5 wrong codes end it',
    headers: SessionHeadersSchema,
    body: LoginTwoFactorSchema,
    response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 403, 429) },
  };
  app.post('/login/2fa', { schema: loginSchema }, async (request, reply) =>
    answerNewSession(request, reply, siteUrl, await completeTwoFactorSignIn(deps, callerOf(request), request.body)),
  );

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
    summary: 'A new TOTP secret and its otpauth:// link (not in force until enabled); needs the current password',
    security: BEARER,
    body: TwoFactorSetupRequestSchema,
    response: { 200: TwoFactorSetupSchema, ...errorResponses(400, 401, 409, 429) },
  };
  app.post('/2fa/setup', { ...setupRoute, schema: setupSchema }, async (request) =>
    startTwoFactorSetup(security, request, await currentMailSite(app.siteContent, siteUrl), request.body),
  );

  const enableSchema = {
    tags,
    summary:
      'Turn 2FA on with a code from the app and the current password; answers ten recovery codes, once; ends the other sessions and mails the owner',
    security: BEARER,
    body: TwoFactorCodeSchema,
    response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
  };
  app.post('/2fa/enable', { ...setupRoute, schema: enableSchema }, async (request) => {
    const site = await currentMailSite(app.siteContent, siteUrl);
    const recoveryCodes = await turnOnTwoFactor(security, request, site, request.body);
    app.outbox.kick();
    return { recoveryCodes };
  });

  const disableSchema = {
    tags,
    summary: 'Turn 2FA off with the current password and a code (or a recovery code)',
    security: BEARER,
    body: TwoFactorDisableSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 401, 403, 409, 429) },
  };
  app.post('/2fa/disable', { onRequest: app.requireRole(), schema: disableSchema }, async (request, reply) => {
    await turnOffTwoFactor(security, request, request.body);
    return reply.status(204).send();
  });

  const recoverySchema = {
    tags,
    summary:
      'Ten new recovery codes in place of the old ones, with the current password and a code (or a recovery code)',
    security: BEARER,
    body: TwoFactorDisableSchema,
    response: { 200: RecoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429) },
  };
  app.post('/2fa/recovery-codes', { onRequest: app.requireRole(), schema: recoverySchema }, async (request) => ({
    recoveryCodes: await renewRecoveryCodes(security, request, request.body),
  }));
}
