// Mails to account owners (password reset link, "someone tried to register with your address", 2FA turned on),
// queued in the outbox like lead mail so a mail server that is down only delays them.
import {
  ACCOUNT_PATHS,
  BRAND_NAME,
  INVITE_TTL_DAYS,
  LEAD_KIND_LABELS,
  leadAdminPath,
  type LeadKind,
  PASSWORD_RESET_TTL_MINUTES,
} from '@agency/contract';
import { schema, type Db } from '@agency/db';
import { mailSignature, publishedSiteDetails, type SiteDetails } from './site-details.ts';

/** Outbox rows of account mail carry this kind; their body is blanked once sent (it may hold a secret link). */
export const ACCOUNT_MAIL_KIND = 'account';

/** Outbox purposes of account mail; the worker sends them like lead mail. */
export const ACCOUNT_MAIL_PURPOSES = [
  'password-reset',
  'registration-attempt',
  'two-factor-enabled',
  'backup-failed',
  'registration-pending',
  'account-approved',
  'lead-assigned',
  'digest',
  'invite',
  'invite-existing',
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

const link = (siteUrl: string, path: string) => new URL(path, siteUrl).toString();

/**
 * To the owner of an address that already has an account, when someone tried to make another for it: `why` says
 * what happened; the mail gives the login and forgotten-password links, and says nothing about the account.
 */
function accountExistsMail(
  siteUrl: string,
  user: { id: string; email: string; name: string },
  purpose: AccountMailPurpose,
  why: string[],
  forgotLine: string,
  after: string[] = [],
): AccountMail {
  return {
    userId: user.id,
    to: user.email,
    purpose,
    subject: `You already have a ${BRAND_NAME} account`,
    body: [
      `Hello ${user.name},`,
      '',
      ...why,
      '',
      link(siteUrl, ACCOUNT_PATHS.login),
      '',
      `${forgotLine} ${link(siteUrl, ACCOUNT_PATHS.forgotPassword)}`,
      ...after,
    ].join('\n'),
  };
}

export const registrationAttemptMail = (siteUrl: string, user: { id: string; email: string; name: string }) =>
  accountExistsMail(
    siteUrl,
    user,
    'registration-attempt',
    [
      `Someone tried to register a new ${BRAND_NAME} account with this address, which already has one.`,
      'Nothing was changed. If it was you, log in instead:',
    ],
    'Forgot your password? Choose a new one here:',
    ['', 'If it was not you, you can ignore this mail.'],
  );

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

export const queueAccountMail = (db: Pick<Db, 'insert' | 'execute'>, mail: AccountMail) =>
  queueAccountMails(db, [mail]);

const TEAM_PATH = '/admin/team';
const INVITE_PATH = '/accept-invite';

/** To each admin when an account registers and waits for approval. */
export function registrationPendingMail(
  siteUrl: string,
  adminUser: { id: string; email: string; name: string },
  newcomer: { name: string; email: string },
): AccountMail {
  return {
    userId: adminUser.id,
    to: adminUser.email,
    purpose: 'registration-pending',
    subject: `${newcomer.name.replace(/\s+/g, ' ').slice(0, 80)} registered and waits for approval`,
    body: [
      `Hello ${adminUser.name},`,
      '',
      `${newcomer.name} (${newcomer.email}) registered a ${BRAND_NAME} account and waits for approval.`,
      'Give them a role, or remove the account, on the Team page:',
      '',
      link(siteUrl, TEAM_PATH),
    ].join('\n'),
  };
}

/** To the person once an admin gives their pending account a role. */
export function accountApprovedMail(siteUrl: string, user: { id: string; email: string; name: string }, role: string) {
  return {
    userId: user.id,
    to: user.email,
    purpose: 'account-approved',
    subject: `Your ${BRAND_NAME} account is approved`,
    body: [
      `Hello ${user.name},`,
      '',
      `Your ${BRAND_NAME} account was approved as ${role}. You can sign in now:`,
      '',
      link(siteUrl, ACCOUNT_PATHS.login),
    ].join('\n'),
  } satisfies AccountMail;
}

/** To a lead's new owner when someone else assigned it to them. */
export function leadAssignedMail(
  siteUrl: string,
  owner: { id: string; email: string; name: string },
  by: string,
  lead: { kind: LeadKind; id: string; from: string },
): AccountMail {
  return {
    userId: owner.id,
    to: owner.email,
    purpose: 'lead-assigned',
    subject: `${by.slice(0, 60)} assigned you a lead`,
    body: [
      `Hello ${owner.name},`,
      '',
      `${by} assigned you a lead (${LEAD_KIND_LABELS[lead.kind].toLowerCase()}) from ${lead.from}.`,
      '',
      link(siteUrl, leadAdminPath(lead.kind, lead.id)),
    ].join('\n'),
  };
}

/** Links a bulk assignment's mail lists; the rest are counted (the inbox shows them all). */
const ASSIGNED_LINKS_MAX = 20;

/**
 * To a lead's new owner when someone else assigned them several at once (a bulk action): one mail for all of them.
 * A single lead gets leadAssignedMail.
 */
export function leadsAssignedMail(
  siteUrl: string,
  owner: { id: string; email: string; name: string },
  by: string,
  kind: LeadKind,
  leads: { id: string; from: string }[],
): AccountMail {
  const [only] = leads;
  if (leads.length === 1 && only) return leadAssignedMail(siteUrl, owner, by, { kind, ...only });
  const shown = leads.slice(0, ASSIGNED_LINKS_MAX);
  const more = leads.length - shown.length;
  return {
    userId: owner.id,
    to: owner.email,
    purpose: 'lead-assigned',
    subject: `${by.slice(0, 60)} assigned you ${leads.length} leads`,
    body: [
      `Hello ${owner.name},`,
      '',
      `${by} assigned you ${leads.length} leads (${LEAD_KIND_LABELS[kind].toLowerCase()}):`,
      '',
      ...shown.map((lead) => `- from ${lead.from}: ${link(siteUrl, leadAdminPath(kind, lead.id))}`),
      ...(more > 0 ? ['', `and ${more} more, in the inbox: ${link(siteUrl, '/admin/leads')}`] : []),
    ].join('\n'),
  };
}

/** The single-use link of an invitation. */
export function inviteMail(
  siteUrl: string,
  invite: { id: string; email: string; role: string },
  by: string,
  token: string,
): AccountMail {
  return {
    userId: invite.id,
    to: invite.email,
    purpose: 'invite',
    subject: `${by.slice(0, 60)} invited you to the ${BRAND_NAME} admin`,
    body: [
      'Hello,',
      '',
      `${by} invited you to the ${BRAND_NAME} admin area as ${invite.role}.`,
      `Choose your name and password here within ${INVITE_TTL_DAYS} days; the link works once:`,
      '',
      link(siteUrl, `${INVITE_PATH}?token=${encodeURIComponent(token)}`),
      '',
      'If you did not expect this, ignore this mail.',
    ].join('\n'),
  };
}

/** An invitation to an address that already has an account: its owner is told, nothing is created. */
export const inviteExistingMail = (siteUrl: string, user: { id: string; email: string; name: string }, by: string) =>
  accountExistsMail(
    siteUrl,
    user,
    'invite-existing',
    [`${by} invited this address to the ${BRAND_NAME} admin area, which already has an account. Sign in here:`],
    'Forgot your password?',
  );

/** Queues `mails` in one insert (the worker sends them). */
/**
 * Queues account mails signed with the site's details as published (issue 31, item 6): the mails above name the
 * installation's BRAND_NAME, which becomes the published `site` document's name here, and each ends with its
 * offices, e-mail, phone and social links (services/site-details.ts).
 */
export async function queueAccountMails(db: Pick<Db, 'insert' | 'execute'>, mails: AccountMail[]): Promise<void> {
  if (mails.length === 0) return;
  const site = await publishedSiteDetails(db);
  await db.insert(schema.outbox).values(mails.map((mail) => signedMail(mail, site)));
}

/** An account mail's outbox row with the site's published name and its signature. */
export function signedMail(mail: AccountMail, site: SiteDetails) {
  const named = (text: string) => text.replaceAll(BRAND_NAME, site.name);
  // The site's address as the mail's own links give it (their origin), if it has any.
  const siteUrl = /https?:\/\/[^/\s]+/.exec(mail.body)?.[0] ?? '';
  return {
    leadKind: ACCOUNT_MAIL_KIND,
    leadId: mail.userId,
    purpose: mail.purpose,
    to: mail.to,
    subject: named(mail.subject),
    body: `${named(mail.body).trimEnd()}\n\n-- \n${mailSignature(site, siteUrl)}\n`,
  };
}
