// Where a lead comes from: the page it is sent from, the referrer's origin and the campaign of the landing
// URL. Kept for the visit only, without storing anything on the device (no cookie, no storage): in this module
// and in the tab's memory (lib/tab-memory.ts: `window.name`), which carries it to the site's next pages (a
// public page's link loads a new document, docs/decisions/0024); gone when the tab closes.
import type { LeadSourceInput } from '@agency/contract';
import { readTab, writeTab } from './tab-memory';

interface Landing {
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

let landing: Landing | null = null;

/** The landing this tab carried from an earlier page of the visit (lib/tab-memory.ts), or null. */
function carriedLanding(): Landing | null {
  const carried = readTab().landing;
  if (!carried) return null;
  // Only the known fields, as strings.
  const field = (name: keyof Landing) => {
    const value = carried[name];
    return typeof value === 'string' ? value.slice(0, 200) : undefined;
  };
  return {
    referrer: field('referrer'),
    utmSource: field('utmSource'),
    utmMedium: field('utmMedium'),
    utmCampaign: field('utmCampaign'),
  };
}

/**
 * Reads the landing once per page; call it before the address changes (lib/start-up.ts and the public pages'
 * runtime do). A page reached from another site or with a campaign of its own starts a new visit; any other
 * page of the site takes the visit's landing from the tab (`window.name`).
 */
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
  const here: Landing = {
    referrer,
    utmSource: value('utm_source'),
    utmMedium: value('utm_medium'),
    utmCampaign: value('utm_campaign'),
  };
  const newVisit = Object.values(here).some(Boolean);
  landing = (!newVisit && carriedLanding()) || here;
  writeTab({ landing: { ...landing } });
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
