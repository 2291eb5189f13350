// The account forms posted by a browser without JavaScript (or before the page has hydrated), each to its own
// page's address:
//   POST /register → 303 to /login?registered=1 (=admin after the site's first account);  POST /login → the login page, which opens the admin
//   (the session's refresh token in the session cookie, lib/session-cookie.ts; the page holds the account only)
//   POST /forgot-password → 303 to /forgot-password?sent=1 (whether or not the address has an account)
//   POST /reset-password (the link's token in a hidden field, never in the address) → 303 to /login?reset=1
//   POST /accept-invite (the invitation's token in a hidden field) → the page again, signed in as at /login
// They call the account actions the JSON routes call (services/account.ts), with the same schemas and limits; a
// refusal renders the same page again with its status, the messages next to the fields and what was typed
// (never a password).
import {
  HONEYPOT_FIELD,
  InviteAcceptSchema,
  type LoginResponse,
  LoginSchema,
  MESSAGES,
  NATIVE_AUTH_FORMS,
  type NativeFormAnswer,
  PASSWORD_RESET_PARAM,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  REGISTERED_ADMIN,
  REGISTERED_PARAM,
  RESET_REQUESTED_PARAM,
  RegisterSchema,
} from '@agency/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Invalid } from '../../lib/domain-errors.ts';
import { answerOf } from '../../lib/http-error.ts';
import { setSessionCookie } from '../../lib/session-cookie.ts';
import { parseOr400 } from '../../lib/validate.ts';
import {
  acceptInvitation,
  accountDeps,
  askPasswordReset,
  callerOf,
  registerAccount,
  resetPassword,
  signInWithPassword,
} from '../../services/account.ts';
import type { LoginLimits } from '../../services/auth.ts';
import { secretKeyFrom } from '../../services/two-factor.ts';

export interface AccountFormOptions {
  login: LoginLimits;
  siteUrl: string;
  jwtSecret: string;
  /** Route options shared with the lead forms (body limit, hidden from the OpenAPI document). */
  routeOptions: { bodyLimit: number; schema: { hide: boolean } };
}

/** Fields never shown again: secrets and the bots' field. */
const NOT_ECHOED = new Set(['password', 'currentPassword', 'newPassword', HONEYPOT_FIELD]);

/** The text fields a browser's form sent (anything else, a JSON body's nesting, is dropped). */
function textFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const echo = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => !NOT_ECHOED.has(name)));

export default async function accountFormRoutes(app: FastifyInstance, options: AccountFormOptions) {
  const deps = accountDeps(app, {
    limits: options.login,
    siteUrl: options.siteUrl,
    key: secretKeyFrom(options.jwtSecret),
  });

  /**
   * Runs `act` on the posted fields; a refusal (`answerOf`: bad input, too many requests, a refused password) is the
   * page again with the error. `act` answers the page's answer on success.
   */
  const form =
    (
      page: (request: FastifyRequest) => string,
      act: (request: FastifyRequest, reply: FastifyReply, fields: Record<string, string>) => Promise<unknown>,
      limit?: string,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const fields = textFields(request.body);
      try {
        if (limit) await app.rateLimit(limit).call(app, request, reply);
        return await act(request, reply, fields);
      } catch (error) {
        const refusal = answerOf(error);
        if (!refusal) throw error;
        for (const [name, value] of Object.entries(refusal.headers ?? {})) reply.header(name, value);
        const answer: NativeFormAnswer = { values: echo(fields), error: refusal.toJSON() };
        return app.renderPage(request, reply, { path: page(request), status: refusal.statusCode, form: answer });
      }
    };
  const at = (path: string) => () => path;
  /** A new session: its refresh token in the session cookie, and only the account on the page (no token in HTML). */
  const keepInCookie = (reply: FastifyReply, session: LoginResponse) => {
    if (session.refreshToken) setSessionCookie(reply, options.siteUrl, session.refreshToken);
    return { user: session.user };
  };
  const { routeOptions } = options;

  // Same limit names as the JSON routes: one budget per address whichever way the form is sent.
  app.post(
    NATIVE_AUTH_FORMS.register,
    routeOptions,
    form(
      at(NATIVE_AUTH_FORMS.register),
      async (_request, reply, fields) => {
        const role = await registerAccount(deps, parseOr400(RegisterSchema, fields));
        const registered = role === 'admin' ? REGISTERED_ADMIN : '1';
        return reply.redirect(`${NATIVE_AUTH_FORMS.login}?${REGISTERED_PARAM}=${registered}`, 303);
      },
      'register',
    ),
  );

  app.post(
    NATIVE_AUTH_FORMS.forgotPassword,
    routeOptions,
    form(
      at(NATIVE_AUTH_FORMS.forgotPassword),
      async (request, reply, fields) => {
        askPasswordReset(deps, callerOf(request), parseOr400(PasswordResetRequestSchema, fields).email);
        return reply.redirect(`${NATIVE_AUTH_FORMS.forgotPassword}?${RESET_REQUESTED_PARAM}=1`, 303);
      },
      'password-reset',
    ),
  );

  app.post(
    NATIVE_AUTH_FORMS.resetPassword,
    routeOptions,
    form(
      at(NATIVE_AUTH_FORMS.resetPassword),
      async (request, reply, fields) => {
        await resetPassword(deps, callerOf(request), parseOr400(PasswordResetConfirmSchema, fields));
        return reply.redirect(`${NATIVE_AUTH_FORMS.login}?${PASSWORD_RESET_PARAM}=1`, 303);
      },
      'password-reset',
    ),
  );

  // Signed in as a new account: the page opens the admin, as /login does after a post.
  app.post(
    NATIVE_AUTH_FORMS.acceptInvite,
    routeOptions,
    form(
      at(NATIVE_AUTH_FORMS.acceptInvite),
      async (request, reply, fields) => {
        const session = await acceptInvitation(deps, callerOf(request), parseOr400(InviteAcceptSchema, fields));
        const answer: NativeFormAnswer = { values: {}, session: keepInCookie(reply, session) };
        return app.renderPage(request, reply, { path: NATIVE_AUTH_FORMS.acceptInvite, status: 200, form: answer });
      },
      'invite-accept',
    ),
  );

  // The query (?next=/admin…) stays: the page opens that admin link once signed in.
  app.post(
    NATIVE_AUTH_FORMS.login,
    routeOptions,
    form(
      (request) => request.url,
      async (request, reply, fields) => {
        const result = await signInWithPassword(deps, callerOf(request), parseOr400(LoginSchema, fields));
        // A second step (two-factor code) is a screen of the script version.
        if ('twoFactorRequired' in result) throw new Invalid(MESSAGES.auth.signedInNeedsScript);
        const answer: NativeFormAnswer = { values: {}, session: keepInCookie(reply, result) };
        return app.renderPage(request, reply, { path: request.url, status: 200, form: answer });
      },
    ),
  );
}
