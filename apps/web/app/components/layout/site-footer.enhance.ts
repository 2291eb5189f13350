// The footer's year (its markup: site-footer.tsx), set by every page's entry (public-runtime/enhance.ts): the
// HTML may have been prerendered in another year.

/** The attribute site-footer.tsx writes on the year. */
export const YEAR_HOOK = 'data-current-year';

export function currentYear(element: Element) {
  element.textContent = String(new Date().getFullYear());
}
