// Mails to account owners (password reset link, "someone tried to register with your address", 2FA turned on),
// queued in the outbox like lead mail so a mail server that is down only delays them. Each builder takes the site
// as its caller read it once (a MailSite, services/site-details.ts: the published `site` document and SITE_URL)
// and writes the site's name, its links and its signature (offices, e-mail, phone, networks) itself (issue 31,
// item 6).
import {
  ACCOUNT_PATHS,
  INVITE_TTL_DAYS,
  LEAD_KIND_LABELS,
  leadAdminPath,
  type LeadKind,
  PASSWORD_RESET_TTL_MINUTES,
} from '@agency/contract';
import { schema, type Db } from '@agency/db';
import { type MailSite, mailSignature } from './site-details.ts';

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
  /** The whole text, signed. */
  body: string;
}

type Person = { id: string; email: string; name: string };

/** The mail with its body's `lines`, signed with the site's details. */
function signed(site: MailSite, mail: Omit<AccountMail, 'body'>, lines: string[]): AccountMail {
  return { ...mail, body: `${lines.join('\n').trimEnd()}\n\n-- \n${mailSignature(site, site.url)}\n` };
}

const link = (site: MailSite, path: string) => new URL(path, site.url).toString();

export function passwordResetMail(site: MailSite, user: Person, token: string): AccountMail {
  return signed(
    site,
    { userId: user.id, to: user.email, purpose: 'password-reset', subject: `Reset your ${site.name} password` },
    [
      `Hello ${user.name},`,
      '',
      `Someone (we hope you) asked to reset the password of your ${site.name} account.`,
      `Choose a new password here within ${PASSWORD_RESET_TTL_MINUTES} minutes; the link works once:`,
      '',
      link(site, `${ACCOUNT_PATHS.resetPassword}?token=${encodeURIComponent(token)}`),
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  );
}

/**
 * To the owner of an address that already has an account, when someone tried to make another for it: `why` says
 * what happened; the mail gives the login and forgotten-password links, and says nothing about the account.
 */
function accountExistsMail(
  site: MailSite,
  user: Person,
  purpose: AccountMailPurpose,
  why: string[],
  forgotLine: string,
  after: string[] = [],
): AccountMail {
  return signed(
    site,
    { userId: user.id, to: user.email, purpose, subject: `You already have a ${site.name} account` },
    [
      `Hello ${user.name},`,
      '',
      ...why,
      '',
      link(site, ACCOUNT_PATHS.login),
      '',
      `${forgotLine} ${link(site, ACCOUNT_PATHS.forgotPassword)}`,
      ...after,
    ],
  );
}

export const registrationAttemptMail = (site: MailSite, user: Person) =>
  accountExistsMail(
    site,
    user,
    'registration-attempt',
    [
      `Someone tried to register a new ${site.name} account with this address, which already has one.`,
      'Nothing was changed. If it was you, log in instead:',
    ],
    'Forgot your password? Choose a new one here:',
    ['', 'If it was not you, you can ignore this mail.'],
  );

/** Two-factor sign-in was turned on: if it was not the owner, they learn it at once (and how to get back in). */
export function twoFactorEnabledMail(site: MailSite, user: Person): AccountMail {
  return signed(
    site,
    {
      userId: user.id,
      to: user.email,
      purpose: 'two-factor-enabled',
      subject: `Two-factor sign-in is now on for your ${site.name} account`,
    },
    [
      `Hello ${user.name},`,
      '',
      `Two-factor sign-in was just turned on for your ${site.name} account, and its other sessions were signed out.`,
      'If it was you, there is nothing to do: keep your recovery codes somewhere safe.',
      '',
      `If it was not you, choose a new password now (${link(site, ACCOUNT_PATHS.forgotPassword)}) and tell an administrator at once.`,
    ],
  );
}

const TEAM_PATH = '/admin/team';
const INVITE_PATH = '/accept-invite';

/** To each admin when an account registers and waits for approval. */
export function registrationPendingMail(
  site: MailSite,
  adminUser: Person,
  newcomer: { name: string; email: string },
): AccountMail {
  return signed(
    site,
    {
      userId: adminUser.id,
      to: adminUser.email,
      purpose: 'registration-pending',
      subject: `${newcomer.name.replace(/\s+/g, ' ').slice(0, 80)} registered and waits for approval`,
    },
    [
      `Hello ${adminUser.name},`,
      '',
      `${newcomer.name} (${newcomer.email}) registered a ${site.name} account and waits for approval.`,
      'Give them a role, or remove the account, on the Team page:',
      '',
      link(site, TEAM_PATH),
    ],
  );
}

/** To the person once an admin gives their pending account a role. */
export function accountApprovedMail(site: MailSite, user: Person, role: string): AccountMail {
  return signed(
    site,
    { userId: user.id, to: user.email, purpose: 'account-approved', subject: `Your ${site.name} account is approved` },
    [
      `Hello ${user.name},`,
      '',
      `Your ${site.name} account was approved as ${role}. You can sign in now:`,
      '',
      link(site, ACCOUNT_PATHS.login),
    ],
  );
}

/** To a lead's new owner when someone else assigned it to them. */
export function leadAssignedMail(
  site: MailSite,
  owner: Person,
  by: string,
  lead: { kind: LeadKind; id: string; from: string },
): AccountMail {
  return signed(
    site,
    { userId: owner.id, to: owner.email, purpose: 'lead-assigned', subject: `${by.slice(0, 60)} assigned you a lead` },
    [
      `Hello ${owner.name},`,
      '',
      `${by} assigned you a lead (${LEAD_KIND_LABELS[lead.kind].toLowerCase()}) from ${lead.from}.`,
      '',
      link(site, leadAdminPath(lead.kind, lead.id)),
    ],
  );
}

/** Links a bulk assignment's mail lists; the rest are counted (the inbox shows them all). */
const ASSIGNED_LINKS_MAX = 20;

/**
 * To a lead's new owner when someone else assigned them several at once (a bulk action): one mail for all of them.
 * A single lead gets leadAssignedMail.
 */
export function leadsAssignedMail(
  site: MailSite,
  owner: Person,
  by: string,
  kind: LeadKind,
  leads: { id: string; from: string }[],
): AccountMail {
  const [only] = leads;
  if (leads.length === 1 && only) return leadAssignedMail(site, owner, by, { kind, ...only });
  const shown = leads.slice(0, ASSIGNED_LINKS_MAX);
  const more = leads.length - shown.length;
  return signed(
    site,
    {
      userId: owner.id,
      to: owner.email,
      purpose: 'lead-assigned',
      subject: `${by.slice(0, 60)} assigned you ${leads.length} leads`,
    },
    [
      `Hello ${owner.name},`,
      '',
      `${by} assigned you ${leads.length} leads (${LEAD_KIND_LABELS[kind].toLowerCase()}):`,
      '',
      ...shown.map((lead) => `- from ${lead.from}: ${link(site, leadAdminPath(kind, lead.id))}`),
      ...(more > 0 ? ['', `and ${more} more, in the inbox: ${link(site, '/admin/leads')}`] : []),
    ],
  );
}

/** The single-use link of an invitation. */
export function inviteMail(
  site: MailSite,
  invite: { id: string; email: string; role: string },
  by: string,
  token: string,
): AccountMail {
  return signed(
    site,
    {
      userId: invite.id,
      to: invite.email,
      purpose: 'invite',
      subject: `${by.slice(0, 60)} invited you to the ${site.name} admin`,
    },
    [
      'Hello,',
      '',
      `${by} invited you to the ${site.name} admin area as ${invite.role}.`,
      `Choose your name and password here within ${INVITE_TTL_DAYS} days; the link works once:`,
      '',
      link(site, `${INVITE_PATH}?token=${encodeURIComponent(token)}`),
      '',
      'If you did not expect this, ignore this mail.',
    ],
  );
}

/** An invitation to an address that already has an account: its owner is told, nothing is created. */
export const inviteExistingMail = (site: MailSite, user: Person, by: string) =>
  accountExistsMail(
    site,
    user,
    'invite-existing',
    [`${by} invited this address to the ${site.name} admin area, which already has an account. Sign in here:`],
    'Forgot your password?',
  );

/** To an admin when a backup fails after one that did not (a failing streak mails once). */
export function backupFailedMail(site: MailSite, adminUser: Person, name: string, message: string): AccountMail {
  return signed(
    site,
    { userId: adminUser.id, to: adminUser.email, purpose: 'backup-failed', subject: `${site.name}: a backup failed` },
    [
      `Hello ${adminUser.name},`,
      '',
      `The backup ${name} failed: ${message}`,
      '',
      'The dashboard shows the state of the backups. Until one succeeds, the data has no fresh copy.',
      'You get this mail once; the next failures are not mailed until a backup succeeds again.',
    ],
  );
}

/** The staff digest of one person (services/digest.ts writes its `lines`). */
export function digestMail(site: MailSite, person: Person, dueCount: number, lines: string[]): AccountMail {
  return signed(
    site,
    {
      userId: person.id,
      to: person.email,
      purpose: 'digest',
      subject: `${site.name}: ${dueCount} follow-up${dueCount === 1 ? '' : 's'} due today`,
    },
    lines,
  );
}

/** An account mail's outbox row. */
const outboxRow = (mail: AccountMail) => ({
  leadKind: ACCOUNT_MAIL_KIND,
  leadId: mail.userId,
  purpose: mail.purpose,
  to: mail.to,
  subject: mail.subject,
  body: mail.body,
});

/** Queues `mails` in one insert (the worker sends them); pass a transaction to queue them with its change. */
export async function queueAccountMails(db: Pick<Db, 'insert'>, mails: AccountMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(schema.outbox).values(mails.map(outboxRow));
}

export const queueAccountMail = (db: Pick<Db, 'insert'>, mail: AccountMail) => queueAccountMails(db, [mail]);
