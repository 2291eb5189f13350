// Issue 31 point 6: every account mail names the site as its caller read it (the published `site` document and
// SITE_URL, one MailSite value) and is signed with its offices, e-mail and phone by the builder itself: no
// installation name left behind, no database read of its own.
import { BRAND_NAME } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import {
  type AccountMail,
  accountApprovedMail,
  backupFailedMail,
  digestMail,
  inviteExistingMail,
  inviteMail,
  leadAssignedMail,
  leadsAssignedMail,
  passwordResetMail,
  registrationAttemptMail,
  registrationPendingMail,
  twoFactorEnabledMail,
} from './account-mail.ts';
import { type MailSite, mailSiteOf } from './site-details.ts';

const published = mailSiteOf(undefined, 'https://agency.test');
const site: MailSite = {
  ...published,
  name: 'Renamed Studio',
  email: 'hello@renamed.test',
  phone: '+44 20 7946 0000',
  offices: [{ ...published.offices[0]!, street: '9 Moved Street', phone: '+44 20 7946 0999' }],
  socialLinks: [{ name: 'Mastodon', href: 'https://social.example/@studio' }],
};
const person = { id: '00000000-0000-4000-8000-000000000001', email: 'pat@agency.test', name: 'Pat' };
const lead = { id: '00000000-0000-4000-8000-000000000002', from: 'Ada' };

const mails: Record<string, AccountMail> = {
  passwordReset: passwordResetMail(site, person, 'tok'),
  registrationAttempt: registrationAttemptMail(site, person),
  twoFactorEnabled: twoFactorEnabledMail(site, person),
  registrationPending: registrationPendingMail(site, person, { name: 'Newcomer', email: 'new@agency.test' }),
  accountApproved: accountApprovedMail(site, person, 'editor'),
  leadAssigned: leadAssignedMail(site, person, 'Alice', { kind: 'contacts', ...lead }),
  leadsAssigned: leadsAssignedMail(site, person, 'Alice', 'quotes', [lead, { ...lead, from: 'Grace' }]),
  invite: inviteMail(site, { id: person.id, email: person.email, role: 'editor' }, 'Alice', 'tok'),
  inviteExisting: inviteExistingMail(site, person, 'Alice'),
  backupFailed: backupFailedMail(site, person, 'backup-1.tar', 'disk full'),
  digest: digestMail(site, person, 2, ['Hello Pat,', '', 'Two follow-ups.']),
};

describe('account mails', () => {
  it.each(Object.keys(mails))('%s is signed with the site as published, and its links are the site’s', (key) => {
    const mail = mails[key]!;
    const signature = mail.body.slice(mail.body.lastIndexOf('\n-- \n'));
    expect(signature).toContain('Renamed Studio');
    expect(signature).toContain('9 Moved Street');
    expect(signature).toContain('+44 20 7946 0999');
    expect(signature).toContain('hello@renamed.test · +44 20 7946 0000');
    expect(signature).toContain('Mastodon: https://social.example/@studio');
    expect(`${mail.subject}\n${mail.body}`).not.toContain(BRAND_NAME);
    for (const [url] of mail.body.matchAll(/https?:\/\/[^\s)]+/g)) {
      if (!url.startsWith('https://social.example')) expect(url.startsWith('https://agency.test')).toBe(true);
    }
  });

  it('names the site in the subject and the text where the mail speaks of it', () => {
    expect(mails.passwordReset!.subject).toBe('Reset your Renamed Studio password');
    expect(mails.invite!.body).toContain('Alice invited you to the Renamed Studio admin area as editor.');
    expect(mails.backupFailed!.subject).toBe('Renamed Studio: a backup failed');
    expect(mails.digest!.subject).toBe('Renamed Studio: 2 follow-ups due today');
  });
});
