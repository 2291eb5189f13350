// Text of the privacy policy, terms and conditions and cookie policy, with the dates they last changed.
// No `~/` imports here: the browser tests import this module directly.
import { RETENTION_DEFAULT_DAYS, SPAM_RETENTION_DAYS } from '@agency/contract';
import { OFFICES, SITE } from './site.ts';

/** A paragraph, or a bulleted list. */
export type PolicyBlock = string | { list: readonly string[] };

export interface PolicySection {
  /** Anchor id, stable: other pages and e-mails may link to it. */
  id: string;
  title: string;
  body: readonly PolicyBlock[];
}

const london = OFFICES.find((office) => office.id === 'london') ?? OFFICES[0];
const postalAddress = london
  ? `${SITE.name}, ${london.street}, ${london.city} ${london.postalCode}, ${london.country}`
  : SITE.name;

// ---------------------------------------------------------------------------------------------
// Privacy policy
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Terms and conditions
// ---------------------------------------------------------------------------------------------

export const TERMS_INTRO = `Please read these terms carefully before using our website or services. By using the website you accept them.`;

export const TERMS_SECTIONS: readonly PolicySection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: [
      `These terms and conditions govern your use of the ${SITE.name} website and the information, quotes and services offered through it. If you do not agree with them, please do not use the website.`,
    ],
  },
  {
    id: 'services',
    title: 'Our Services',
    body: [
      'We provide IT and web services, including cloud computing, website development, managed IT, networking and security. The descriptions and packages on this website are an overview; the exact scope, price and timeline of any work are set out in a written proposal or contract, which takes precedence over these terms.',
    ],
  },
  {
    id: 'use-license',
    title: 'Use License',
    body: [
      'You may view and print pages of this website for your own information. You may not:',
      {
        list: [
          'Copy, modify or republish its content or design for commercial purposes without our written permission.',
          'Attempt to decompile, reverse engineer or gain unauthorised access to any part of the website.',
          'Remove any copyright or other proprietary notices.',
          'Use the website to send spam or to submit false or harmful information through its forms.',
        ],
      },
      'This licence ends automatically if you breach these restrictions.',
    ],
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    body: [
      'The content of this website is provided for general information. It is not professional advice for your particular situation, and we make no warranties, expressed or implied, about its completeness or fitness for a particular purpose.',
    ],
  },
  {
    id: 'limitations',
    title: 'Limitations of Liability',
    body: [
      'We are not liable for any indirect or consequential loss, or for loss of data, profit or business, arising from the use of, or inability to use, this website. Nothing in these terms limits our liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited under the law of England and Wales.',
    ],
  },
  {
    id: 'accuracy',
    title: 'Accuracy of Materials',
    body: [
      'We work to keep the information on this website correct and up to date, but it may contain technical, typographical or photographic errors, and prices or features may change. We may correct the content at any time without notice.',
    ],
  },
  {
    id: 'links',
    title: 'Links to Other Websites',
    body: [
      'This website may link to websites run by others. We do not control them and are not responsible for their content or privacy practices; a link does not mean we endorse the site.',
    ],
  },
  {
    id: 'modifications',
    title: 'Modifications',
    body: [
      'We may revise these terms at any time by publishing a new version on this page. By continuing to use the website after a change, you agree to the revised terms.',
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: [
      'These terms are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction over any dispute arising from them. If you are a consumer living elsewhere in the United Kingdom, you may also bring proceedings in your local courts.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact Information',
    body: [`Questions about these terms? Email us at ${SITE.email}, call ${SITE.phone}, or write to ${postalAddress}.`],
  },
];

// ---------------------------------------------------------------------------------------------
// Cookie policy
// ---------------------------------------------------------------------------------------------

export type CookieType = 'Essential' | 'Analytics' | 'Advertising';

export interface CookieRow {
  name: string;
  purpose: string;
  type: CookieType;
  duration: string;
}

export const COOKIE_TABLE: readonly CookieRow[] = [
  {
    name: 'cookieConsent',
    purpose: 'Remembers your cookie choices so we do not ask again on every visit.',
    type: 'Essential',
    duration: '1 year',
  },
  {
    name: '_ga',
    purpose: 'Google Analytics: distinguishes visitors so we can count visits and see which pages are useful.',
    type: 'Analytics',
    duration: '2 years',
  },
  {
    name: '_gid',
    purpose: 'Google Analytics: distinguishes visitors within a single day.',
    type: 'Analytics',
    duration: '24 hours',
  },
  {
    name: '_fbp',
    purpose: 'Meta (Facebook): measures and improves the relevance of our adverts.',
    type: 'Advertising',
    duration: '3 months',
  },
  {
    name: 'session',
    purpose:
      'Keeps your visit working securely, for example while staff are signed in to our admin area. Deleted when you close your browser.',
    type: 'Essential',
    duration: 'Session',
  },
];

export interface CookieTab {
  id: 'what' | 'types' | 'controls' | 'table';
  label: string;
  /** Blocks shown above the table (the table tab) or as the whole panel. */
  body: readonly PolicyBlock[];
}

export const COOKIE_TABS: readonly CookieTab[] = [
  {
    id: 'what',
    label: 'What Are Cookies',
    body: [
      'Cookies are small text files that a website stores on your device when you visit it. Similar technologies, such as local storage, work the same way, and this policy covers them too.',
      'Cookies let a website remember your choices, keep you signed in and understand how it is used. Some are essential for the website to work; others are optional and are set only with your consent, which you give or refuse in our cookie banner.',
    ],
  },
  {
    id: 'types',
    label: 'Types of Cookies',
    body: [
      'We group the cookies on our website into these categories:',
      {
        list: [
          'Essential: needed for the website to work, for example to remember your cookie choices or keep you signed in. They cannot be switched off.',
          'Analytics: help us understand which pages are visited and how, so we can improve the website. Set only with your consent.',
          'Marketing and advertising: help us measure our adverts and show them to people likely to find them useful. Set only with your consent.',
          'Preferences: remember settings you choose so the website works the way you like. Set only with your consent.',
        ],
      },
    ],
  },
  {
    id: 'controls',
    label: 'Cookie Controls',
    body: [
      'You decide which optional cookies we use. When you first visit, our cookie banner lets you accept all cookies, allow only the necessary ones, or customise your choice by category.',
      'To change your mind later, choose “Cookie settings” at the bottom of any page: the banner opens with your current choices, and a change applies at once. If your browser sends a Global Privacy Control signal, analytics and marketing cookies start off. We keep a record of each choice, with its date and a random identifier, so that we can show what you agreed to; it does not identify you. You can also block or delete cookies in your browser settings, though some parts of the website may then not work as intended.',
      'To opt out of Google Analytics on every website, you can install Google’s opt-out browser add-on.',
    ],
  },
  {
    id: 'table',
    label: 'Cookie Table',
    body: ['These are the cookies and similar items our website may set:'],
  },
];

/** Date of the last change to the cookie policy, shown under its heading. */
export const COOKIES_LAST_UPDATED = '2026-11-23';

export const COOKIES_INTRO = `This policy explains how ${SITE.name} uses cookies and similar technologies on this website, and how you can control them.`;

/** The other policies the cookie policy points to. */
export const RELATED_POLICIES = [
  { path: '/privacy', label: 'Privacy Policy', description: 'How we collect, use and protect your personal data.' },
  {
    path: '/terms-conditions',
    label: 'Terms and Conditions',
    description: 'The rules for using our website and services.',
  },
] as const;
