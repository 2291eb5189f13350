// What a signed-in account does to its own security (issue 21; issue 33 point 3): set up, turn on and off
// two-factor sign-in, new recovery codes, a new password, ending one of its sessions. Each first asks again who is
// there (services/reauth.ts: its wrong answers count on the throttle and stay counted), then makes its change as
// ONE transaction with what goes with it (the other sessions ended, the owner's mail, the audit entry): a failure
// in the middle leaves the account as it was, and no entry tells of a change that did not happen.
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  type PasswordChangeInput,
  type ReauthInput,
  type TwoFactorSetup,
} from '@agency/contract';
import { eq, schema, type Db } from '@agency/db';
import { Conflict, Invalid, NotFound, Unauthenticated } from '../lib/domain-errors.ts';
import { queueAccountMail, twoFactorEnabledMail } from './account-mail.ts';
import { recordAudit, type Requester } from './audit.ts';
import { findUserById, hashPassword } from './auth.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { confirmIdentity, type ReauthContext } from './reauth.ts';
import { endAllSessions, endSession } from './sessions.ts';
import type { MailSite } from './site-details.ts';
import { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor, replaceRecoveryCodes } from './two-factor.ts';

/** What these actions need of the app: the database, the 2FA key and the sign-in throttle's limits. */
export type SecurityDeps = Omit<ReauthContext, 'ip'>;

/** The signed-in caller and the session they call from (its own session stays open where others end). */
export interface SignedInCaller extends Requester {
  sessionId: string | null;
}

/** The caller's account as stored now; 401 when it is gone (removed since the token was given). */
async function ownAccount(db: Db, caller: Requester) {
  const user = caller.user ? await findUserById(db, caller.user.id) : undefined;
  if (!user) throw new Unauthenticated(MESSAGES.http.invalidToken);
  return user;
}

/** A new TOTP secret (not in force until turned on), after the current password; `site` names it in the app. */
export async function startTwoFactorSetup(
  deps: SecurityDeps,
  caller: Requester,
  site: Pick<MailSite, 'name'>,
  input: ReauthInput,
): Promise<TwoFactorSetup> {
  const user = await ownAccount(deps.db, caller);
  if (user.totpEnabledAt) throw new Conflict(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
  await confirmIdentity({ ...deps, ip: caller.ip }, user, input);
  return beginTwoFactorSetup(deps.db, deps.key, user.id, site.name);
}

/**
 * Turns 2FA on with a code of the new secret and the current password: in one transaction the code is spent, 2FA
 * is on with ten new recovery codes (answered once), every other session ends, the owner is mailed (`site`: the
 * site as the caller read it) and `auth.2fa_enabled` is recorded. A wrong code is a 400 naming `code`.
 */
export async function turnOnTwoFactor(
  deps: SecurityDeps,
  caller: SignedInCaller,
  site: MailSite,
  input: { code: string; currentPassword?: string | undefined },
): Promise<string[]> {
  const user = await ownAccount(deps.db, caller);
  if (user.totpEnabledAt) throw new Conflict(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
  if (!user.totpSecret) throw new Conflict(ACCOUNT_MESSAGES.twoFactorNotSetUp);
  await confirmIdentity({ ...deps, ip: caller.ip }, user, { currentPassword: input.currentPassword });
  return deps.db.transaction(async (tx) => {
    const recoveryCodes = await enableTwoFactor(tx, deps.key, user.id, input.code);
    // 400, not 401: the code is the new secret's, not a proof of who is asking.
    if (!recoveryCodes) throw new Invalid(ACCOUNT_MESSAGES.codeWrong, { code: ACCOUNT_MESSAGES.codeWrong });
    // Whoever else held a session (a thief with a token) is out, and the owner hears of it.
    const ended = await endAllSessions(tx, user.id, caller.sessionId);
    await queueAccountMail(tx, twoFactorEnabledMail(site, user));
    await recordAudit(tx, caller, {
      action: 'auth.2fa_enabled',
      target: { type: 'user', id: user.id },
      data: { sessionsEnded: ended },
    });
    return recoveryCodes;
  });
}

/** Turns 2FA off with the current password and a code (or a recovery code); one transaction with its audit entry. */
export async function turnOffTwoFactor(deps: SecurityDeps, caller: Requester, input: ReauthInput): Promise<void> {
  const user = await ownAccount(deps.db, caller);
  if (!user.totpEnabledAt) throw new Conflict(ACCOUNT_MESSAGES.twoFactorNotOn);
  const method = await confirmIdentity({ ...deps, ip: caller.ip }, user, input);
  await deps.db.transaction(async (tx) => {
    await disableTwoFactor(tx, user.id);
    await recordAudit(tx, caller, {
      action: 'auth.2fa_disabled',
      target: { type: 'user', id: user.id },
      data: { method },
    });
  });
}

/** Ten new recovery codes in place of the old ones, answered once; one transaction with its audit entry. */
export async function renewRecoveryCodes(deps: SecurityDeps, caller: Requester, input: ReauthInput): Promise<string[]> {
  const user = await ownAccount(deps.db, caller);
  if (!user.totpEnabledAt) throw new Conflict(ACCOUNT_MESSAGES.twoFactorNotOn);
  const method = await confirmIdentity({ ...deps, ip: caller.ip }, user, input);
  return deps.db.transaction(async (tx) => {
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, caller, {
      action: 'auth.recovery_codes_replaced',
      target: { type: 'user', id: user.id },
      data: { method },
    });
    return recoveryCodes;
  });
}

/**
 * A new password, after the current one (and a code when 2FA is on): the password rule first (a refused password
 * does not spend the caller's code), then in one transaction the password, the other sessions ended and
 * `auth.password_changed`.
 */
export async function changePassword(
  deps: SecurityDeps,
  caller: SignedInCaller,
  input: PasswordChangeInput,
  siteWords: readonly string[],
): Promise<void> {
  const user = await ownAccount(deps.db, caller);
  await assertPasswordAllowed(input.newPassword, user, 'newPassword', siteWords);
  await confirmIdentity({ ...deps, ip: caller.ip }, user, input);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(schema.users).set({ passwordHash, updatedAt: new Date() }).where(eq(schema.users.id, user.id));
    const ended = await endAllSessions(tx, user.id, caller.sessionId);
    await recordAudit(tx, caller, {
      action: 'auth.password_changed',
      target: { type: 'user', id: user.id },
      data: { sessionsEnded: ended },
    });
  });
}

/**
 * Ends one of the caller's sessions (its tokens stop working at once): another one than the caller's own asks again
 * who is there; 404 when it is not theirs or has ended. One transaction with `auth.session_ended`.
 */
export async function endOwnSession(
  deps: SecurityDeps,
  caller: SignedInCaller,
  id: string,
  input: ReauthInput,
): Promise<void> {
  const user = await ownAccount(deps.db, caller);
  const current = id === caller.sessionId;
  if (!current) await confirmIdentity({ ...deps, ip: caller.ip }, user, input);
  await deps.db.transaction(async (tx) => {
    if (!(await endSession(tx, user.id, id))) throw new NotFound(ACCOUNT_MESSAGES.sessionNotFound);
    await recordAudit(tx, caller, {
      action: 'auth.session_ended',
      target: { type: 'user', id: user.id },
      data: { current },
    });
  });
}
