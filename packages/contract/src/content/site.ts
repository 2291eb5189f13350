// Brand, contact details, offices and social links: written once, used by header, footer, pages and JSON-LD.
import { BRAND_NAME } from '../brand.ts';

export const SITE = {
  name: BRAND_NAME,
  shortName: 'Nexora',
  tagline: 'IT and web services from London, Kent and Kathmandu',
  email: 'info@nexorait.co.uk',
  phone: '+44 20 3890 4471',
  /** Subject of every "talk to our experts" mail draft. */
  inquirySubject: 'Inquiry',
} as const;

/** The picture a shared link shows for a page without one of its own (1200×630 PNG: name, tagline, services). */
export const SOCIAL_CARD = {
  path: '/images/social-card.png',
  alt: `${SITE.name}: ${SITE.tagline}`,
  width: 1200,
  height: 630,
} as const;

export interface Office {
  id: 'london' | 'kent' | 'kathmandu';
  city: string;
  country: 'United Kingdom' | 'Nepal';
  countryCode: 'GB' | 'NP';
  street: string;
  postalCode: string;
  region: string;
  phone: string;
}

export const OFFICES: readonly Office[] = [
  {
    id: 'london',
    city: 'London',
    country: 'United Kingdom',
    countryCode: 'GB',
    street: '71-75 Shelton Street, Covent Garden',
    postalCode: 'WC2H 9JQ',
    region: 'Greater London',
    phone: '+44 20 3890 4471',
  },
  {
    id: 'kent',
    city: 'Maidstone',
    country: 'United Kingdom',
    countryCode: 'GB',
    street: '14 King Street',
    postalCode: 'ME14 1BT',
    region: 'Kent',
    phone: '+44 1622 801 552',
  },
  {
    id: 'kathmandu',
    city: 'Kathmandu',
    country: 'Nepal',
    countryCode: 'NP',
    street: 'Putalisadak Marg, Ward 28',
    postalCode: '44600',
    region: 'Bagmati',
    phone: '+977 1 4441 270',
  },
];

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/nexoraitsolutions' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/nexora-it-solutions' },
  { name: 'Instagram', href: 'https://www.instagram.com/nexoraitsolutions' },
  { name: 'X', href: 'https://x.com/nexorait' },
] as const;

/** mailto: link that opens a draft to the company address with the inquiry subject. */
export const inquiryMailto = `mailto:${SITE.email}?subject=${encodeURIComponent(SITE.inquirySubject)}`;

/** The `site` content document's first version (content/defaults.ts), and what a page shows without it. */
export const SITE_DOCUMENT = {
  name: SITE.name,
  shortName: SITE.shortName,
  tagline: SITE.tagline,
  email: SITE.email,
  phone: SITE.phone,
  inquirySubject: SITE.inquirySubject,
  offices: OFFICES.map((office) => ({ ...office })),
  socialLinks: SOCIAL_LINKS.map((link) => ({ ...link })),
};
