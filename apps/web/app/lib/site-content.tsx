// The site document (name, contact, offices, social links) as the layout and pages read it: public pages carry
// it in their route data (lib/content-loader.ts), the page tree provides it (public-runtime/public-tree.tsx), and
// without it (the admin, the sign-in pages) the installation's text stands in.
import type { SiteDocument } from '@agency/contract';
import { createContext, useContext } from 'react';
import { SITE_DOCUMENT } from '~/content/site';

export const DEFAULT_SITE: SiteDocument = SITE_DOCUMENT;

export const SiteContext = createContext<SiteDocument>(DEFAULT_SITE);

/** The site document of the page on screen. */
export const useSite = () => useContext(SiteContext);

/** The site document a page's route data carries, or the installation's. */
export const siteOf = (data: unknown): SiteDocument =>
  data && typeof data === 'object' && 'site' in data && data.site ? (data.site as SiteDocument) : DEFAULT_SITE;

/** mailto: link that opens a draft to the company address with the inquiry subject. */
export const inquiryMailtoOf = (site: Pick<SiteDocument, 'email' | 'inquirySubject'>) =>
  `mailto:${site.email}?subject=${encodeURIComponent(site.inquirySubject)}`;
