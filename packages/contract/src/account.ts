// Account security (issue 11): password reset and change, two-factor sign-in, sessions. Schemas,
// limits and the sentences people read, shared by the API, the account pages and the tests.
import { z } from 'zod';
import { requiredMessage } from './errors.ts';
import { LENGTH } from './limits.ts';
import { EmailSchema, LoginResponseSchema, newPassword } from './schemas.ts';
import { boundedString } from './text.ts';

/** A reset link works this long after it was asked for. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** At most this many reset mails per account in PASSWORD_RESET_TTL_MINUTES; more are silently not sent. */
export const PASSWORD_RESET_MAX_PENDING = 3;
/** Between the password and the code of a 2FA sign-in. */
export const LOGIN_CHALLENGE_TTL_MINUTES = 5;
/** Wrong codes one 2FA challenge accepts, from whatever addresses, before it ends (the password is needed again). */
export const LOGIN_CHALLENGE_MAX_FAILURES = 5;
/** RFC 6238 as every authenticator app reads an otpauth:// link without parameters. */
export const TOTP = { periodSeconds: 30, digits: 6, algorithm: 'SHA1', driftSteps: 1 } as const;
export const RECOVERY_CODE_COUNT = 10;
/** User agents are stored this short: enough to tell "Firefox on Windows" from a phone. */
export const USER_AGENT_MAX = 200;

export const ACCOUNT_MESSAGES = {
  /** The site's first account: it is the admin, nothing waits for approval (issue 22). */
  registeredAdmin:
    'Your account has been created. It is the site’s first account, so it is the administrator: log in to open the admin area.',
  registered:
    'Thank you for registering. You can now log in; if this address already had an account, we have emailed its owner.',
  resetRequested:
    'If an account uses this address, we have sent it a link to choose a new password. The link works for 30 minutes.',
  resetInvalid: 'This reset link is not valid. Ask for a new one on the "Forgot password?" page.',
  resetExpired:
    'This reset link has expired (links work for 30 minutes). Ask for a new one on the "Forgot password?" page.',
  resetUsed: 'This reset link has already been used. Ask for a new one if you still need to change your password.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  passwordReset: 'Your password has been changed. Log in with the new one.',
  currentPasswordWrong: 'The current password is not correct',
  currentPasswordRequired: 'Enter your current password to confirm it is you',
  reauthCodeRequired:
    'Two-factor sign-in is on: enter a current code from your authenticator app, or one of your recovery codes',
  twoFactorEnabledMailed: 'Two-factor sign-in is on; your other sessions have been signed out.',
  passwordWrong: 'The password is not correct',
  codeWrong: 'The code is not correct. Enter the 6 digits your authenticator app shows now.',
  codeFormat: 'The code is the 6 digits your authenticator app shows',
  recoveryCodeWrong: 'This recovery code is not correct or has already been used',
  codeOrRecoveryCode: 'Enter the code from your authenticator app or one of your recovery codes',
  challengeInvalid: 'This sign-in step has expired or was already used. Log in again with your password.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  twoFactorNotSetUp: 'Start the two-factor setup first: it gives you the secret your app needs.',
  twoFactorNotOn: 'Two-factor sign-in is not on for this account',
  twoFactorRequired:
    'An administrator requires two-factor sign-in for every staff account. Set it up on your account page before doing anything else.',
  twoFactorEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  sessionNotFound: 'This session does not exist or has already ended',
  signedOutEverywhere: (name: string) => `${name} has been signed out everywhere.`,
} as const;

const code = z
  .string({ error: requiredMessage('code') })
  .trim()
  .min(1, requiredMessage('code'))
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeFormat));

const token = (field: string) =>
  z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, requiredMessage(field))
    .max(200, ACCOUNT_MESSAGES.resetInvalid);

/** POST /api/auth/password-reset */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
export type PasswordResetRequestInput = z.input<typeof PasswordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm */
export const PasswordResetConfirmSchema = z.object({ token: token('token'), password: newPassword('password') });
export type PasswordResetConfirmInput = z.input<typeof PasswordResetConfirmSchema>;

/**
 * What an action that could take the account asks again (ASVS 5.0 V6.8 re-authentication): the current password
 * and, when two-factor sign-in is on, a current code or a recovery code. Optional in the schema so that a request
 * without them gets the API's 401 naming `currentPassword` (or `code`), as a wrong one does.
 */
export const ReauthSchema = z.object({
  currentPassword: boundedString('currentPassword', LENGTH.password.max).optional(),
  code: boundedString('code', 32).trim().optional(),
  recoveryCode: boundedString('recoveryCode', 64).trim().optional(),
});
export type ReauthInput = z.input<typeof ReauthSchema>;

/** POST /api/auth/password */
export const PasswordChangeSchema = ReauthSchema.extend({ newPassword: newPassword('newPassword') });
export type PasswordChangeInput = z.input<typeof PasswordChangeSchema>;

/** POST /api/auth/2fa/setup (2FA is off, so the password alone). */
export const TwoFactorSetupRequestSchema = ReauthSchema.pick({ currentPassword: true });

/** DELETE /api/auth/sessions/:id of another session (ending the caller's own needs no body). */
export const SessionEndSchema = ReauthSchema.optional();

/** POST /api/auth/2fa/enable: the first code of the new secret, and the current password. */
export const TwoFactorCodeSchema = z.object({
  code,
  currentPassword: ReauthSchema.shape.currentPassword,
});

/** POST /api/auth/2fa/disable and /api/auth/2fa/recovery-codes: the password and a code or a recovery code. */
export const TwoFactorDisableSchema = ReauthSchema;

/** POST /api/auth/login/2fa: the challenge and either a code or a recovery code. */
export const LoginTwoFactorSchema = z
  .object({
    challengeToken: token('challengeToken'),
    code: z.string().trim().optional(),
    recoveryCode: z.string().trim().max(64).optional(),
  })
  .superRefine((value, context) => {
    if (value.recoveryCode) return;
    if (!value.code) {
      context.addIssue({ code: 'custom', path: ['code'], message: ACCOUNT_MESSAGES.codeOrRecoveryCode });
    } else if (!/^\d{6}$/.test(value.code.replace(/\s+/g, ''))) {
      context.addIssue({ code: 'custom', path: ['code'], message: ACCOUNT_MESSAGES.codeFormat });
    }
  });
export type LoginTwoFactorInput = z.input<typeof LoginTwoFactorSchema>;

/** POST /api/auth/login for an account with 2FA: no tokens yet. */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** Everything POST /api/auth/login can answer with 200. */
export const LoginResultSchema = z.union([TwoFactorChallengeSchema, LoginResponseSchema]);

/** POST /api/auth/2fa/setup */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** POST /api/auth/2fa/enable */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** GET /api/auth/2fa: what the account page shows. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** An admin requires 2FA of every staff account. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** GET /api/auth/sessions: one entry per sign-in (refresh-token family) that has not ended. */
export const SessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListSchema = z.array(SessionSchema);
export const SessionIdParamsSchema = z.object({
  id: z.uuid(ACCOUNT_MESSAGES.sessionNotFound).toLowerCase().describe('The session id (UUID)'),
});

/** GET/PUT /api/users/settings/two-factor */
export const TwoFactorPolicySchema = z.object({
  required: z.boolean({ error: 'Required must be true or false' }),
});
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicySchema>;

/** PATCH /api/auth/me: what an account may change about itself. */
export const ProfileSchema = z.object({
  name: boundedString('name', LENGTH.name).trim().min(1, requiredMessage('name')),
});

/** Answers that carry only a sentence (register, password reset request). */
export const MessageSchema = z.object({ message: z.string() });

/**
 * The browser's session (issue 33 item 1): its refresh token lives in this cookie, httpOnly, SameSite=Strict, Secure
 * on an https:// site and sent only to /api/auth; the access token lives in the page's memory. API clients keep
 * both tokens themselves and send `Authorization: Bearer`.
 */
export const SESSION_COOKIE = { name: 'refreshToken', path: '/api/auth' } as const;

/** Sent by a browser's sign-in (and refresh): the refresh token goes into SESSION_COOKIE only, never the body. */
export const SESSION_HEADER = { name: 'x-session', cookieOnly: 'cookie' } as const;

/** The request headers of the routes that open or renew a session. */
export const SessionHeadersSchema = z.looseObject({
  [SESSION_HEADER.name]: z
    .enum([SESSION_HEADER.cookieOnly])
    .optional()
    .describe(
      '`cookie`: keep the refresh token in the session cookie only (a browser); left out, it is also in the body',
    ),
});
