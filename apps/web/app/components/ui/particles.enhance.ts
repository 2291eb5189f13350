// The hero's particles (their markup: particles.tsx) on the public pages, attached by the page's entry
// (public-runtime/enhance.ts; React Router's pages leave them to the component): the engine is fetched once the
// page is idle, not under reduced motion nor on phone-sized screens. Decoration only.
import { afterLoad } from '~/lib/after-load';

/** The attributes particles.tsx writes: the element, and its `data-color` and `data-density`. */
export const PARTICLES_HOOK = 'data-particles';

/** Widest viewport that gets no particles. */
const SMALL_SCREEN_MAX_PX = 767;

export function particles(element: HTMLElement) {
  if (window.matchMedia(`(prefers-reduced-motion: reduce), (max-width: ${SMALL_SCREEN_MAX_PX}px)`).matches) return;
  afterLoad(() => {
    const start = () =>
      void import('./particles-engine')
        .then(({ startParticles }) =>
          startParticles(element, element.dataset.color ?? '#2563eb', Number(element.dataset.density ?? 40)),
        )
        .catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 2000 });
    else window.setTimeout(start, 200);
  }, 0);
}
