// Re-authentication for what could take an account (issue 21, ASVS 5.0 V6.8): setting up, turning on or off
// two-factor sign-in, new recovery codes, changing the password and ending other sessions ask again for the
// current password, and for a current code or a recovery code when 2FA is on. An access token alone (15
// minutes, perhaps stolen) is not enough. Wrong answers count on the sign-in throttle like wrong passwords.
import { ACCOUNT_MESSAGES, MESSAGES, type ReauthInput } from '@agency/contract';
import type { schema } from '@agency/db';
import type { Db } from '@agency/db';
import { TooMany, Unauthenticated } from '../lib/domain-errors.ts';
import { checkPassword, loginBlockedFor, recordLoginFailure, type LoginLimits } from './auth.ts';
import { type SecretKey, spendRecoveryCode, spendTotpCode } from './two-factor.ts';

type UserRow = typeof schema.users.$inferSelect;

export interface ReauthContext {
  db: Db;
  key: SecretKey;
  limits: LoginLimits;
  /** The client's address (the throttle keys it by its /64 for IPv6). */
  ip: string;
}

/** How the account owner proved it again, for the audit log. */
export type ReauthMethod = 'password' | 'password+code' | 'password+recovery-code';

/**
 * Throws 429 while the throttle refuses this account from this address, 401 naming `currentPassword` when the
 * password is missing or wrong, and 401 naming `code` (or `recoveryCode`) when 2FA is on and the second factor is
 * missing or wrong. A right code is spent (it cannot be replayed). 401 with `fields` is not an expired token: the
 * web client does not refresh on it (lib/api.ts).
 */
export async function confirmIdentity(
  { db, key, limits, ip }: ReauthContext,
  user: UserRow,
  input: ReauthInput,
): Promise<ReauthMethod> {
  const wait = await loginBlockedFor(db, user.email, ip, limits);
  if (wait > 0) throw new TooMany(MESSAGES.auth.tooManyAttempts, wait);
  if (!input.currentPassword) {
    throw new Unauthenticated(ACCOUNT_MESSAGES.currentPasswordRequired, {
      currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired,
    });
  }
  if (!(await checkPassword(user.passwordHash, input.currentPassword))) {
    await recordLoginFailure(db, user.email, ip, limits);
    throw new Unauthenticated(ACCOUNT_MESSAGES.currentPasswordWrong, {
      currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong,
    });
  }
  if (!user.totpEnabledAt) return 'password';
  const recoveryCode = input.recoveryCode?.trim();
  const code = input.code?.replace(/\s+/g, '');
  if (!recoveryCode && !code) {
    throw new Unauthenticated(ACCOUNT_MESSAGES.reauthCodeRequired, { code: ACCOUNT_MESSAGES.reauthCodeRequired });
  }
  const right = recoveryCode
    ? await spendRecoveryCode(db, user.id, recoveryCode)
    : await spendTotpCode(db, key, user.id, code ?? '');
  if (!right) {
    await recordLoginFailure(db, user.email, ip, limits);
    const message = recoveryCode ? ACCOUNT_MESSAGES.recoveryCodeWrong : ACCOUNT_MESSAGES.codeWrong;
    throw new Unauthenticated(message, { [recoveryCode ? 'recoveryCode' : 'code']: message });
  }
  return recoveryCode ? 'password+recovery-code' : 'password+code';
}
