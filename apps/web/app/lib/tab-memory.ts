// What the visit carries from one page of the site to the next without storing anything on the device (no
// cookie, no storage; docs/decisions/0024): the tab's `window.name`, which the browser keeps in memory for the
// tab across the site's own pages, clears when the tab goes to another site, and forgets when the tab closes.
// It holds the visit's landing (lib/lead-source.ts) and the toasts open when a script moves to another page
// (a sent quote form going home): a public page's link loads a new document.

const PREFIX = 'agency-visit:';

export interface TabMemory {
  landing?: Record<string, unknown>;
  toasts?: { message: string; title?: string; variant: string; persist: boolean }[];
}

/** What this tab carried here, or {} (the name is the tab's: anything may have written it, so check what you read). */
export function readTab(): TabMemory {
  if (typeof window === 'undefined' || !window.name.startsWith(PREFIX)) return {};
  try {
    const carried = JSON.parse(window.name.slice(PREFIX.length)) as unknown;
    return carried && typeof carried === 'object' ? (carried as TabMemory) : {};
  } catch {
    return {};
  }
}

export function writeTab(patch: TabMemory) {
  window.name = PREFIX + JSON.stringify({ ...readTab(), ...patch });
}
