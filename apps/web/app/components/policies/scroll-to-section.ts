// In-page anchor navigation shared by the policy pages' tables of contents.

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scrolls to the section with `id`, moves focus to it (so keyboard users continue from there) and
 * records the hash. The hash is set with replaceState and the router's own state so that React
 * Router does not treat it as a navigation (which would scroll the page to the top).
 */
export function scrollToSection(id: string): HTMLElement | null {
  const target = document.getElementById(id);
  if (!target) return null;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
  return target;
}

export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}
