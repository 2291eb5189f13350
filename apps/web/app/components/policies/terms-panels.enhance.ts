// The terms' behaviour (its markup: terms-panels.tsx), plain script attached by every page's entry
// (public-runtime/enhance.ts): collapsible panels, the quick navigation (opens a closed target first) and Back to
// Top. The served HTML has every panel open; a chevron follows its button's `aria-expanded`.
import { scrollToSection, scrollToTop } from './scroll-to-section';

/** The attributes terms-panels.tsx writes, and this script finds elements by. */
export const TERMS_HOOKS = {
  terms: 'data-terms',
  /** On each panel's button (`aria-controls` names the panel). */
  toggle: 'data-terms-toggle',
  /** On each quick-navigation link. */
  link: 'data-terms-link',
  backToTop: 'data-back-to-top',
  /** On the page's title, where Back to Top puts the focus. */
  title: 'data-terms-title',
} as const;

export function termsPanels(root: HTMLElement) {
  const setOpen = (button: HTMLElement, open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !open;
  };
  for (const button of root.querySelectorAll<HTMLButtonElement>(`[${TERMS_HOOKS.toggle}]`)) {
    button.addEventListener('click', () => setOpen(button, button.getAttribute('aria-expanded') !== 'true'));
  }
  for (const link of root.querySelectorAll<HTMLAnchorElement>(`[${TERMS_HOOKS.link}]`)) {
    link.addEventListener('click', (event) => {
      const id = decodeURIComponent(link.hash.slice(1));
      const section = document.getElementById(id);
      const button = section?.querySelector<HTMLElement>(`[${TERMS_HOOKS.toggle}]`);
      if (!button) return;
      // A collapsed target is opened first, so the link always lands on readable text.
      setOpen(button, true);
      event.preventDefault();
      requestAnimationFrame(() => scrollToSection(id));
    });
  }
  root.querySelector(`[${TERMS_HOOKS.backToTop}]`)?.addEventListener('click', () => {
    scrollToTop();
    // Keyboard users continue from the top too.
    root.querySelector<HTMLElement>(`[${TERMS_HOOKS.title}]`)?.focus({ preventScroll: true });
  });
}
