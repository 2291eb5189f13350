// Text of the cookie policy, with the date it last changed.
import type { PolicyBlock } from './policies.ts';
import { SITE } from './site.ts';

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
