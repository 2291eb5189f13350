// Where a lead comes from: the page it is sent from, the referrer's origin and the campaign of the landing
// URL. Kept in this module for the visit only (no cookie, no storage); gone when the tab closes or reloads.
import type { LeadSourceInput } from '@agency/contract';

interface Landing {
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

let landing: Landing | null = null;

/** Reads the landing URL once; call it before the address changes (lib/start-up.ts does). */
export function captureLanding() {
  if (landing || typeof window === 'undefined') return;
  const params = new URLSearchParams(window.location.search);
  const value = (name: string) => params.get(name)?.trim().slice(0, 200) || undefined;
  let referrer: string | undefined;
  try {
    const origin = document.referrer ? new URL(document.referrer).origin : undefined;
    // Moving between our own pages is not a source.
    if (origin && origin !== window.location.origin && /^https?:/.test(origin)) referrer = origin;
  } catch {
    referrer = undefined;
  }
  landing = {
    referrer,
    utmSource: value('utm_source'),
    utmMedium: value('utm_medium'),
    utmCampaign: value('utm_campaign'),
  };
}

/** The optional source fields of a lead, only those that are known. */
export function leadSource(): Record<string, string> {
  captureLanding();
  const source: LeadSourceInput = { sourcePath: window.location.pathname.slice(0, 500), ...landing };
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** For forms: the function that gives the source fields at the moment of sending. */
export function useLeadSource() {
  return leadSource;
}
