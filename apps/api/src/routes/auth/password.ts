// /api/auth/password (change, signed in) and /api/auth/password-reset[/confirm] (by mail link).
import {
  ACCOUNT_MESSAGES,
  MessageSchema,
  PasswordChangeSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { accountDeps, askPasswordReset, callerOf, resetPassword } from '../../services/account.ts';
import { changePassword } from '../../services/account-security.ts';
import type { LoginLimits } from '../../services/auth.ts';
import { secretKeyFrom } from '../../services/two-factor.ts';

export interface PasswordRoutesOptions {
  login: LoginLimits;
  siteUrl: string;
  jwtSecret: string;
}

export default async function passwordRoutes(
  fastify: FastifyInstance,
  { login: limits, siteUrl, jwtSecret }: PasswordRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const key = secretKeyFrom(jwtSecret);
  const deps = accountDeps(app, { limits, siteUrl, key });

  // The same answer in the same time for every address (docs/product.md D8): the lookup and the mail happen after
  // the answer. The per-address limit keeps anyone from mailing many.
  const requestSchema = {
    tags,
    summary: 'Mail a password reset link to the address if it has an account (the answer never says)',
    body: PasswordResetRequestSchema,
    response: { 202: MessageSchema, ...errorResponses(400, 429) },
  };
  const limited = { onRequest: app.rateLimit('password-reset') };
  app.post('/password-reset', { ...limited, schema: requestSchema }, async (request, reply) => {
    askPasswordReset(deps, callerOf(request), request.body.email);
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetRequested });
  });

  const confirmSchema = {
    tags,
    summary: 'Choose a new password with the link’s token; ends every session of the account',
    body: PasswordResetConfirmSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 429) },
  };
  app.post('/password-reset/confirm', { ...limited, schema: confirmSchema }, async (request, reply) => {
    await resetPassword(deps, callerOf(request), request.body);
    return reply.status(204).send();
  });

  const changeSchema = {
    tags,
    summary:
      'Change the password (the current one, and a code when 2FA is on, are needed); the account’s other sessions end',
    security: BEARER,
    body: PasswordChangeSchema,
    response: { 204: NO_CONTENT, ...errorResponses(400, 401, 403, 429) },
  };
  app.post('/password', { onRequest: app.requireRole(), schema: changeSchema }, async (request, reply) => {
    await changePassword({ db: app.db, key, limits }, request, request.body, await deps.siteWords());
    return reply.status(204).send();
  });
}
