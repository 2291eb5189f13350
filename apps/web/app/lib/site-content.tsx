// The site document (name, contact, offices, social links) as the layout and pages read it: public pages carry
// it in their route data (lib/content-loader.ts), the page tree provides it (public-runtime/public-tree.tsx);
// the pages without it (the admin, /login, /register, /accept-invite, the error pages) read the published one
// from /api/content/site once the page runs (usePublishedSite), the installation's text standing in until then.
import type { SiteDocument } from '@agency/contract';
import { createContext, useContext, useEffect, useState } from 'react';
import { SITE_DOCUMENT } from '@agency/contract/content/site.ts';

export const DEFAULT_SITE: SiteDocument = SITE_DOCUMENT;

export const SiteContext = createContext<SiteDocument>(DEFAULT_SITE);

/** The site document of the page on screen. */
export const useSite = () => useContext(SiteContext);

/** The site document a page's route data carries, or the installation's. */
export const siteOf = (data: unknown): SiteDocument => siteIn(data) ?? DEFAULT_SITE;

const siteIn = (data: unknown): SiteDocument | null =>
  data && typeof data === 'object' && 'site' in data && data.site ? (data.site as SiteDocument) : null;

/** The published site document, once read in this tab (the admin reads it again after publishing `site`). */
let published: Promise<SiteDocument | null> | null = null;

/** Forgets the published site document read so far: the next page reads it again. */
export const forgetPublishedSite = () => {
  published = null;
};

function readPublishedSite(): Promise<SiteDocument | null> {
  published ??= fetch('/api/content/site', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ data?: SiteDocument }>) : null))
    .then((answer) => answer?.data ?? null)
    .catch(() => {
      published = null;
      return null;
    });
  return published;
}

/**
 * The site document of a page: the one its route data carries, else the published one read from the API once
 * the page runs (the installation's text until it arrives).
 */
export function usePublishedSite(data: unknown): SiteDocument {
  const own = siteIn(data);
  const [fetched, setFetched] = useState<SiteDocument | null>(null);
  useEffect(() => {
    if (own) return;
    let current = true;
    void readPublishedSite().then((site) => {
      if (current && site) setFetched(site);
    });
    return () => {
      current = false;
    };
  }, [own]);
  return own ?? fetched ?? DEFAULT_SITE;
}

/** mailto: link that opens a draft to the company address with the inquiry subject. */
export const inquiryMailtoOf = (site: Pick<SiteDocument, 'email' | 'inquirySubject'>) =>
  `mailto:${site.email}?subject=${encodeURIComponent(site.inquirySubject)}`;
