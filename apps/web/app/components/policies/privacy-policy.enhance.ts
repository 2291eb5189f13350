// The privacy policy's contents' behaviour (its markup: privacy-policy.tsx), plain script attached by every page's
// entry (public-runtime/enhance.ts): a link scrolls to its section and highlights both for a moment
// (PRIVACY_HIGHLIGHT_MS). It sets `data-highlighted` only; the look follows it (privacy-policy.tsx's classes).
import { PRIVACY_HIGHLIGHT_MS } from '@agency/contract';
import { scrollToSection } from './scroll-to-section';

/** The attributes privacy-policy.tsx writes, and this script finds elements by. */
export const PRIVACY_HOOKS = {
  /** On the table of contents; its links are in-page anchors to the sections. */
  contents: 'data-privacy-contents',
} as const;

export function privacyContents(nav: HTMLElement) {
  let timer: number | undefined;
  let shown: HTMLElement[] = [];
  const clear = () => {
    for (const element of shown) delete element.dataset.highlighted;
    shown = [];
  };
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    link.addEventListener('click', (event) => {
      const section = scrollToSection(decodeURIComponent(link.hash.slice(1)));
      if (!section) return;
      event.preventDefault();
      window.clearTimeout(timer);
      clear();
      shown = [link, section];
      for (const element of shown) element.dataset.highlighted = 'true';
      timer = window.setTimeout(clear, PRIVACY_HIGHLIGHT_MS);
    });
  }
}
