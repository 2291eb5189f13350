// The account actions a visitor takes before being signed in (register, sign in with a password, the second
// step, ask for and use a reset link), called by the JSON routes (routes/auth/) and by the native form posts
// (routes/forms/account.ts) alike: one set of checks, limits, audit entries and mails, whichever way they come.
import {
  ACCOUNT_MESSAGES,
  type LoginResponse,
  type LoginTwoFactorInput,
  MESSAGES,
  type RegisterInput,
  type TwoFactorChallenge,
} from '@agency/contract';
import { and, eq, gt, schema, sql, type Db } from '@agency/db';
import { Invalid, TooMany, Unauthenticated } from '../lib/domain-errors.ts';
import {
  queueAccountMail,
  queueAccountMails,
  registrationAttemptMail,
  registrationPendingMail,
} from './account-mail.ts';
import { ANONYMOUS_ACTOR, type AuditContext, recordAudit, signInAudit } from './audit.ts';
import {
  EmailTakenError,
  checkPassword,
  findUserByEmail,
  findUserById,
  loginBlockedFor,
  recordLoginFailure,
  recordLoginSuccess,
  registerUser,
  toUser,
  type LoginLimits,
} from './auth.ts';
import { acceptInvite } from './invites.ts';
import { assertPasswordAllowed, sitePasswordWords } from './password-policy.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
import { shortUserAgent, startSession } from './sessions.ts';
import type { PublicDocument } from './site-content.ts';
import { currentMailSite, type MailSite } from './site-details.ts';
import {
  createLoginChallenge,
  readLoginChallenge,
  recordChallengeFailure,
  type SecretKey,
  spendLoginChallenge,
  spendRecoveryCode,
  spendTotpCode,
} from './two-factor.ts';

type UserRow = typeof schema.users.$inferSelect;

/** What the account actions need of the app; built once per route plugin (accountDeps below). */
export interface AccountDeps {
  db: Db;
  limits: LoginLimits;
  /** Origin of the links in account mail. */
  siteUrl: string;
  key: SecretKey;
  signAccessToken(user: { id: string; role: string }, sessionId: string): Promise<string>;
  /** Sends queued mail now rather than at the outbox's next pass. */
  kickOutbox(): void;
  /** Runs `work` after the answer has gone (password reset: same time for any address); errors are logged. */
  afterAnswer(work: () => Promise<unknown>): void;
  /** The site's name, short name and domain, which no password may hold (services/password-policy.ts). */
  siteWords(): Promise<string[]>;
  /** The site as published now, for the mails (read once per action, before its transaction). */
  mailSite(): Promise<MailSite>;
}

/** Who asks: the address (hashed into the limits, kept in the audit log) and the browser, for the sessions list. */
export interface Caller extends NonNullable<AuditContext> {
  userAgent: string | null;
}

/** "You already have an account" mails go to one address at most this often (no mailbox flooding). */
const REGISTRATION_ATTEMPT_MAIL_HOURS = 24;

/**
 * Creates an account, or, when the address is taken, mails its owner (at most once a day) and answers the same
 * (docs/product.md D8: no enumeration). A password the policy refuses is a 400 naming `password`. Answers
 * `admin` when this was the site's first account (its admin), `pending` otherwise (a taken address included).
 */
export async function registerAccount(
  deps: AccountDeps,
  input: RegisterInput & { password: string },
): Promise<'admin' | 'pending'> {
  const owner = { email: input.email, name: input.name };
  await assertPasswordAllowed(input.password, owner, 'password', await deps.siteWords());
  const site = await deps.mailSite();
  try {
    // A later account waits for approval, and every admin is told (issue 22), in the account's transaction; the
    // first is the admin.
    const user = await registerUser(deps.db, input, async (tx, created) => {
      if (created.role === 'admin') return;
      const admins = await tx
        .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email })
        .from(schema.users)
        .where(eq(schema.users.role, 'admin'));
      await queueAccountMails(
        tx,
        admins.map((admin) => registrationPendingMail(site, admin, created)),
      );
    });
    deps.kickOutbox();
    return user.role === 'admin' ? 'admin' : 'pending';
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    const owner = await findUserByEmail(deps.db, input.email);
    if (owner && !(await registrationAttemptMailedRecently(deps.db, owner.id))) {
      await queueAccountMail(deps.db, registrationAttemptMail(site, owner));
      deps.kickOutbox();
    }
    return 'pending';
  }
}

async function registrationAttemptMailedRecently(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.outbox.id })
    .from(schema.outbox)
    .where(
      and(
        eq(schema.outbox.leadId, userId),
        eq(schema.outbox.purpose, 'registration-attempt'),
        gt(schema.outbox.createdAt, sql`now() - ${REGISTRATION_ATTEMPT_MAIL_HOURS}::int * interval '1 hour'`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * In the sign-in's transaction `tx`: the new session, the address's failures for the account forgiven (only here)
 * and `auth.login_succeeded`. → the session; the caller signs its access token once committed.
 */
async function startSignedInSession(
  tx: Tx,
  caller: Caller,
  user: UserRow,
  method: 'password' | 'totp' | 'recovery-code',
) {
  const session = await startSession(tx, user.id, caller.userAgent);
  await recordLoginSuccess(tx, user.email, caller.ip);
  await recordAudit(tx, caller, { ...signInAudit('auth.login_succeeded', user.email, user), data: { method } });
  return session;
}

/** The answer of a sign-in: tokens of `session` and the account. */
async function loginAnswer(
  deps: AccountDeps,
  user: UserRow,
  { sessionId, refreshToken }: { sessionId: string; refreshToken: string },
): Promise<LoginResponse> {
  return { accessToken: await deps.signAccessToken(user, sessionId), refreshToken, user: toUser(user) };
}

/** A new session (one transaction with what goes with it, startSignedInSession): tokens and the account. */
export async function openSession(
  deps: AccountDeps,
  caller: Caller,
  user: UserRow,
  method: 'password' | 'totp' | 'recovery-code',
): Promise<LoginResponse> {
  const session = await deps.db.transaction((tx) => startSignedInSession(tx, caller, user, method));
  return loginAnswer(deps, user, session);
}

/**
 * The password step: the session, or for an account with 2FA a challenge for the second step. 429 while the
 * throttle (decision 0007) refuses this account from this address; 401 for a wrong address or password, in the
 * same time and with the same answer whether or not the account exists.
 */
export async function signInWithPassword(
  deps: AccountDeps,
  caller: Caller,
  input: { email: string; password: string },
): Promise<LoginResponse | TwoFactorChallenge> {
  const wait = await loginBlockedFor(deps.db, input.email, caller.ip, deps.limits);
  if (wait > 0) throw new TooMany(MESSAGES.auth.tooManyAttempts, wait);
  const user = await findUserByEmail(deps.db, input.email);
  const valid = await checkPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    await deps.db.transaction(async (tx) => {
      await recordLoginFailure(tx, input.email, caller.ip, deps.limits);
      await recordAudit(tx, caller, {
        ...signInAudit('auth.login_failed', input.email, user),
        data: { step: 'password' },
      });
    });
    throw new Unauthenticated(MESSAGES.auth.invalidCredentials);
  }
  if (!user.totpEnabledAt) return openSession(deps, caller, user, 'password');
  const challengeToken = await createLoginChallenge(deps.db, user.id, caller.userAgent);
  return { twoFactorRequired: true, challengeToken };
}

const challengeInvalid = () =>
  new Invalid(ACCOUNT_MESSAGES.challengeInvalid, { challengeToken: ACCOUNT_MESSAGES.challengeInvalid });

/**
 * The second step: the challenge and a code (or a recovery code). A wrong code counts on the throttle like a
 * wrong password, and on the challenge itself: after LOGIN_CHALLENGE_MAX_FAILURES wrong codes, from whatever
 * addresses, the challenge ends and the password is needed again.
 */
export async function completeTwoFactorSignIn(
  deps: AccountDeps,
  caller: Caller,
  input: LoginTwoFactorInput,
): Promise<LoginResponse> {
  const challenge = await readLoginChallenge(deps.db, input.challengeToken);
  const user = challenge ? await findUserById(deps.db, challenge.userId) : undefined;
  if (!challenge || !user?.totpEnabledAt) throw challengeInvalid();
  const wait = await loginBlockedFor(deps.db, user.email, caller.ip, deps.limits);
  if (wait > 0) throw new TooMany(MESSAGES.auth.tooManyAttempts, wait);
  const byRecoveryCode = Boolean(input.recoveryCode);
  // One transaction: the code spent, the challenge spent, the session and its entries; or, for a wrong code, the
  // failure counted on the challenge and on the throttle with its entry (committed, then refused).
  const session = await deps.db.transaction(async (tx) => {
    const right = input.recoveryCode
      ? await spendRecoveryCode(tx, user.id, input.recoveryCode)
      : await spendTotpCode(tx, deps.key, user.id, (input.code ?? '').replace(/\s+/g, ''));
    if (!right) {
      await recordChallengeFailure(tx, challenge.id);
      await recordLoginFailure(tx, user.email, caller.ip, deps.limits);
      await recordAudit(tx, caller, {
        action: 'auth.2fa_failed',
        actor: ANONYMOUS_ACTOR,
        target: { type: 'user', id: user.id },
        data: { step: byRecoveryCode ? 'recovery-code' : 'code' },
      });
      return null;
    }
    // Spent meanwhile by a request with another code: this one's code is not spent either (rolled back).
    if (!(await spendLoginChallenge(tx, challenge.id))) throw challengeInvalid();
    if (byRecoveryCode) {
      await recordAudit(tx, caller, {
        action: 'auth.recovery_code_used',
        actor: { id: user.id, name: user.name },
        target: { type: 'user', id: user.id },
      });
    }
    return startSignedInSession(tx, caller, user, byRecoveryCode ? 'recovery-code' : 'totp');
  });
  if (!session) {
    const message = byRecoveryCode ? ACCOUNT_MESSAGES.recoveryCodeWrong : ACCOUNT_MESSAGES.codeWrong;
    throw new Unauthenticated(message, { [byRecoveryCode ? 'recoveryCode' : 'code']: message });
  }
  return loginAnswer(deps, user, session);
}

/**
 * Accepts an invitation (services/invites.ts) and signs the new account in, in one transaction: the answer is a
 * login's.
 */
export async function acceptInvitation(
  deps: AccountDeps,
  caller: Caller,
  input: { token: string; name: string; password: string },
): Promise<LoginResponse> {
  const accepted = await acceptInvite(deps.db, caller, input, await deps.siteWords(), (tx, user) =>
    startSignedInSession(tx, caller, user, 'password'),
  );
  return loginAnswer(deps, accepted.user, accepted.then);
}

/**
 * Asks for a reset link. Answers at once, the same for every address; the lookup, the link and the mail are made
 * after the answer has gone, so its time says nothing about whether the address has an account.
 */
export function askPasswordReset(deps: AccountDeps, caller: Caller, email: string): void {
  deps.afterAnswer(async () => {
    if (await requestPasswordReset(deps.db, caller, await deps.mailSite(), email)) deps.kickOutbox();
  });
}

/** Uses a reset link: 400 naming `token` for a dead link, `password` for a password the policy refuses. */
export async function resetPassword(
  deps: AccountDeps,
  caller: Caller,
  input: { token: string; password: string },
): Promise<void> {
  const result = await confirmPasswordReset(deps.db, caller, input.token, input.password, await deps.siteWords());
  if (!result.ok) {
    if (result.field === 'password') throw new Invalid(result.error, { password: result.error });
    throw new Invalid(result.error, { token: result.error });
  }
}

/** The deps of the account actions from the app (its database, token signer, outbox and after-answer queue). */
export function accountDeps(
  app: Pick<AccountDeps, 'db' | 'signAccessToken' | 'afterAnswer'> & {
    outbox: { kick(): void };
    siteContent: { current(): Promise<Map<string, PublicDocument>> };
  },
  options: { limits: LoginLimits; siteUrl: string; key: SecretKey },
): AccountDeps {
  return {
    db: app.db,
    ...options,
    signAccessToken: (user, sessionId) => app.signAccessToken(user, sessionId),
    kickOutbox: () => app.outbox.kick(),
    afterAnswer: (work) => app.afterAnswer(work),
    mailSite: () => currentMailSite(app.siteContent, options.siteUrl),
    siteWords: async () => {
      const site = (await app.siteContent.current()).get('site')?.data;
      return sitePasswordWords(
        site && typeof site === 'object' && !Array.isArray(site) ? site : undefined,
        options.siteUrl,
      );
    },
  };
}

/** The caller of a request: its address, browser and (signed in) account. */
export const callerOf = (
  request: NonNullable<AuditContext> & { headers: { 'user-agent'?: string | string[] } },
): Caller => ({
  ip: request.ip,
  user: request.user,
  userAgent: shortUserAgent(request.headers['user-agent']),
});
