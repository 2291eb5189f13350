// In-page anchor navigation shared by the policy pages' tables of contents.

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scrolls to the section with `id`, moves focus to it (so keyboard users continue from there) and
 * adds a history entry with the hash, as a plain link to an anchor does: Back returns to where the
 * visitor was (the browser restores the entry's scroll position).
 */
export function scrollToSection(id: string): HTMLElement | null {
  const target = document.getElementById(id);
  if (!target) return null;
  if (window.location.hash !== `#${id}`) {
    window.history.pushState(window.history.state, '', `#${id}`);
  }
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  return target;
}

export function scrollToTop() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}
