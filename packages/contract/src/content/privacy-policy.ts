// Text of the privacy policy, with the date it last changed.
import { RETENTION_DEFAULT_DAYS, SPAM_RETENTION_DAYS } from '../consent.ts';
import { type PolicySection, postalAddress } from './policies.ts';
import { SITE } from './site.ts';

/** Date of the last change to PRIVACY_SECTIONS (docs/product.md D4): update it with the text. */
export const PRIVACY_LAST_UPDATED = '2026-11-23';

export const PRIVACY_INTRO = `${SITE.name} ("we", "us") respects your privacy. This policy explains what personal data we collect when you use our website or services, why we collect it, and the rights you have under UK data protection law, including the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. We are the data controller for the personal data described here.`;

export const PRIVACY_SECTIONS: readonly PolicySection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: [
      'We collect only the information we need to answer you and to provide our services:',
      {
        list: [
          'Contact details you give us in our contact, quote and job application forms: your name, email address, phone number, company name and town or country.',
          'Project information you choose to share, such as your budget, deadlines, requirements and any files you attach.',
          'Job application details: the position you apply for, your expected salary and your CV.',
          'Technical data collected automatically when you visit our website, such as your IP address, browser type, pages visited and, with your consent, analytics cookies (see our Cookie Policy).',
        ],
      },
    ],
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    body: [
      'We use your personal data for these purposes and on these lawful bases:',
      {
        list: [
          'To reply to your enquiry and prepare a quote (steps taken at your request before entering into a contract).',
          'To deliver and support the services we agree with you (performance of a contract).',
          'To assess job applications (steps taken at your request, and our legitimate interest in recruiting).',
          'To keep our website secure, prevent abuse and improve our pages (legitimate interests).',
          'To send you news about our services, only where you have agreed to it; you can withdraw consent at any time.',
        ],
      },
      'We do not sell your personal data and we do not make decisions about you by automated means alone.',
    ],
  },
  {
    id: 'sharing',
    title: 'Sharing Your Information',
    body: [
      'We share personal data only with those who need it to help us run our business, and only under contract:',
      {
        list: [
          'Hosting, email and IT service providers who store or process data on our behalf.',
          'Our own team in the United Kingdom and Nepal, where they work on your project or application.',
          'Professional advisers, such as accountants and lawyers, under a duty of confidentiality.',
          'Authorities, where the law requires us to disclose information.',
        ],
      },
    ],
  },
  {
    id: 'security',
    title: 'Data Security',
    body: [
      'We protect personal data with technical and organisational measures appropriate to the risk, including encryption in transit and at rest, access limited to staff who need it, multi-factor authentication, regular security updates and staff training in data protection.',
      'Files you upload, such as CVs and project documents, are stored privately and are never available from a public web address.',
      `We keep personal data only as long as we need it. Quote requests are deleted ${RETENTION_DEFAULT_DAYS.quotes} days and contact messages ${RETENTION_DEFAULT_DAYS.contacts} days after our last contact about them, job applications and CVs after ${RETENTION_DEFAULT_DAYS.applications} days, and messages we recognise as spam after ${SPAM_RETENTION_DAYS} days, together with any files and e-mails that came with them. Client records are kept for as long as the law requires (usually six years). You can ask us at any time for a copy of the data we hold about you, or for it to be erased.`,
    ],
  },
  {
    id: 'international-transfers',
    title: 'International Data Transfers',
    body: [
      'We have offices in the United Kingdom and Nepal, and some of our service providers operate outside the UK. When your personal data is transferred outside the UK, we make sure it is protected to the standard UK law requires, using adequacy regulations or the UK International Data Transfer Agreement or Addendum, together with the security measures described above.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your Data Rights (UK GDPR)',
    body: [
      'Under UK GDPR you have the right to:',
      {
        list: [
          'Access the personal data we hold about you and receive a copy of it.',
          'Ask us to correct data that is inaccurate or incomplete.',
          'Ask us to erase your data.',
          'Ask us to restrict or object to how we use your data, including for direct marketing.',
          'Receive your data in a portable format.',
          'Withdraw consent at any time, where we rely on consent.',
        ],
      },
      'We reply to requests within one month. If you are unhappy with how we handle your data, you can complain to the Information Commissioner’s Office (ico.org.uk), though we would welcome the chance to put things right first.',
    ],
  },
  {
    id: 'children',
    title: 'Children Under 16',
    body: [
      'Our website and services are not directed to children under 16, and we do not knowingly collect personal data from them. If you believe a child under 16 has given us personal data, please contact us and we will delete it.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: [
      'We may update this policy when our services or the law change. The date at the top of this page shows when it last changed; where a change is significant, we will tell you by email if we hold your address.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: [
      `For any question about this policy or to exercise your rights, email us at ${SITE.email}, call ${SITE.phone}, or write to ${postalAddress}.`,
    ],
  },
];
