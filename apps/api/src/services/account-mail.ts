// Mails to account owners (password reset link, "someone tried to register with your address", 2FA turned on),
// queued in the outbox like lead mail so a mail server that is down only delays them.
import { ACCOUNT_PATHS, BRAND_NAME, PASSWORD_RESET_TTL_MINUTES } from '@agency/contract';
import { schema, type Db } from '@agency/db';

/** Outbox rows of account mail carry this kind; their body is blanked once sent (it may hold a secret link). */
export const ACCOUNT_MAIL_KIND = 'account';

/** Outbox purposes of account mail; the worker sends them like lead mail. */
export const ACCOUNT_MAIL_PURPOSES = [
  'password-reset',
  'registration-attempt',
  'two-factor-enabled',
  'backup-failed',
] as const;
export type AccountMailPurpose = (typeof ACCOUNT_MAIL_PURPOSES)[number];

export interface AccountMail {
  userId: string;
  to: string;
  purpose: AccountMailPurpose;
  subject: string;
  body: string;
}

export function passwordResetMail(
  siteUrl: string,
  user: { id: string; email: string; name: string },
  token: string,
): AccountMail {
  const link = new URL(`${ACCOUNT_PATHS.resetPassword}?token=${encodeURIComponent(token)}`, siteUrl).toString();
  return {
    userId: user.id,
    to: user.email,
    purpose: 'password-reset',
    subject: `Reset your ${BRAND_NAME} password`,
    body: [
      `Hello ${user.name},`,
      '',
      `Someone (we hope you) asked to reset the password of your ${BRAND_NAME} account.`,
      `Choose a new password here within ${PASSWORD_RESET_TTL_MINUTES} minutes; the link works once:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function registrationAttemptMail(
  siteUrl: string,
  user: { id: string; email: string; name: string },
): AccountMail {
  const login = new URL(ACCOUNT_PATHS.login, siteUrl).toString();
  const forgot = new URL(ACCOUNT_PATHS.forgotPassword, siteUrl).toString();
  return {
    userId: user.id,
    to: user.email,
    purpose: 'registration-attempt',
    subject: `You already have a ${BRAND_NAME} account`,
    body: [
      `Hello ${user.name},`,
      '',
      `Someone tried to register a new ${BRAND_NAME} account with this address, which already has one.`,
      'Nothing was changed. If it was you, log in instead:',
      '',
      login,
      '',
      `Forgot your password? Choose a new one here: ${forgot}`,
      '',
      'If it was not you, you can ignore this mail.',
    ].join('\n'),
  };
}

/** Two-factor sign-in was turned on: if it was not the owner, they learn it at once (and how to get back in). */
export function twoFactorEnabledMail(siteUrl: string, user: { id: string; email: string; name: string }): AccountMail {
  const forgot = new URL(ACCOUNT_PATHS.forgotPassword, siteUrl).toString();
  return {
    userId: user.id,
    to: user.email,
    purpose: 'two-factor-enabled',
    subject: `Two-factor sign-in is now on for your ${BRAND_NAME} account`,
    body: [
      `Hello ${user.name},`,
      '',
      `Two-factor sign-in was just turned on for your ${BRAND_NAME} account, and its other sessions were signed out.`,
      'If it was you, there is nothing to do: keep your recovery codes somewhere safe.',
      '',
      `If it was not you, choose a new password now (${forgot}) and tell an administrator at once.`,
    ].join('\n'),
  };
}

export async function queueAccountMail(db: Db, mail: AccountMail): Promise<void> {
  await db.insert(schema.outbox).values({
    leadKind: ACCOUNT_MAIL_KIND,
    leadId: mail.userId,
    purpose: mail.purpose,
    to: mail.to,
    subject: mail.subject,
    body: mail.body,
  });
}
