// The first version of every content document: the site's texts as the original design wrote them. The API
// seeds them into the database on start (a document already there is kept), and the pages fall back to them
// when they are rendered without the database (the build's prerender).
import type { ContentDocumentEntry } from '../site-content.ts';
import { ABOUT_HERO, ABOUT_SECTIONS } from './about.ts';
import { CAREER_APPLY, CAREER_INTRO, CAREER_LOCATIONS_NOTE, CAREER_REASONS, POSITION_SUMMARIES } from './career.ts';
import { COOKIE_TABLE, COOKIE_TABS, COOKIES_INTRO, COOKIES_LAST_UPDATED } from './cookie-policy.ts';
import { EXPERTISE_INTRO, HOME_HERO, MISSION, TABLE_ORDER, TECH_STACK, WHY_CHOOSE_US } from './home.ts';
import { PACKAGE_CATEGORIES, PACKAGE_PLANS, PACKAGES_HERO, SHARED_INCLUSIONS } from './packages.ts';
import { PRIVACY_INTRO, PRIVACY_LAST_UPDATED, PRIVACY_SECTIONS } from './privacy-policy.ts';
import { QUOTE_HERO, QUOTE_REGIONS } from './quote.ts';
import { SERVICE_PAGES } from './service-pages.ts';
import { SERVICES_CATALOGUE } from './services.ts';
import { SITE_DOCUMENT } from './site.ts';
import { TERMS_INTRO, TERMS_SECTIONS } from './terms.ts';

/** Date the terms last changed (their page does not show it). */
const TERMS_LAST_UPDATED = '2026-11-23';

/** The home page's expertise cards, by service path (home.ts). */
const EXPERTISE_PATHS = [
  '/network-design',
  '/server-setup',
  '/cloud-services',
  '/cloud-storage-backup',
  '/custom-development',
  '/it-support',
];

const TABLE_ORDER_ALT = "A phone showing a table's QR code and the menu of a restaurant";

/** Copies a value into plain JSON (no readonly arrays, no undefined members). */
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const servicePages = Object.fromEntries(
  SERVICE_PAGES.map(({ slug, ...page }) => [`service/${slug}`, json(page)] as const),
);

/** key → the document's first version. */
export const CONTENT_DEFAULTS: Record<string, Record<string, unknown>> = {
  site: json(SITE_DOCUMENT),
  home: json({
    hero: HOME_HERO,
    expertise: { ...EXPERTISE_INTRO, paths: EXPERTISE_PATHS },
    tableOrder: { ...TABLE_ORDER, image: { ...TABLE_ORDER.image, alt: TABLE_ORDER_ALT } },
    mission: MISSION,
    whyChooseUs: WHY_CHOOSE_US,
    techStack: TECH_STACK,
  }),
  about: json({ hero: ABOUT_HERO, sections: ABOUT_SECTIONS }),
  services: json({
    hero: {
      title: 'Our Services',
      lead: 'Cloud computing, website development and managed IT, planned and delivered by one team. Choose a service to see what it covers.',
    },
    services: SERVICES_CATALOGUE.map(({ slug, description }) => ({ slug, description })),
  }),
  packages: json({
    hero: PACKAGES_HERO,
    categories: PACKAGE_CATEGORIES,
    plans: PACKAGE_PLANS.map((plan) => ({ ...plan, currency: 'GBP' })),
    inclusions: SHARED_INCLUSIONS,
  }),
  career: json({
    intro: CAREER_INTRO,
    reasons: CAREER_REASONS,
    positionSummaries: POSITION_SUMMARIES,
    locationsNote: CAREER_LOCATIONS_NOTE,
    apply: CAREER_APPLY,
  }),
  quote: json({ hero: QUOTE_HERO, regions: QUOTE_REGIONS }),
  ...servicePages,
  privacy: json({ lastUpdated: PRIVACY_LAST_UPDATED, intro: PRIVACY_INTRO, sections: PRIVACY_SECTIONS }),
  terms: json({ lastUpdated: TERMS_LAST_UPDATED, intro: TERMS_INTRO, sections: TERMS_SECTIONS }),
  cookies: json({ lastUpdated: COOKIES_LAST_UPDATED, intro: COOKIES_INTRO, tabs: COOKIE_TABS, table: COOKIE_TABLE }),
};

/** The default of a registered document (every key has one: content/defaults.test.ts). */
export const defaultOf = (entry: Pick<ContentDocumentEntry, 'key'>): Record<string, unknown> => {
  const value = CONTENT_DEFAULTS[entry.key];
  if (!value) throw new Error(`No default for content document ${entry.key}`);
  return value;
};
