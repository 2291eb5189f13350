// Decorative particle animation (docs/product.md D4). Fills its nearest positioned parent with an
// aria-hidden canvas. The animation's code (particles-engine.ts, with tsParticles) is fetched only after the
// page is idle (dynamic import, so never in the initial bundle) and not at all under prefers-reduced-motion
// or on phone-sized screens. On the public pages, which do not hydrate it, particles.enhance.ts starts it
// the same way from its data attributes; React Router's pages (the error page) run this component.
import { useEffect, useRef } from 'react';
import { PARTICLES_HOOK } from './particles.enhance';

/** Runs `task` once the browser is idle after load; returns a cancel function. */
function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(task, { timeout: 2000 });
    else timer = window.setTimeout(task, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

export interface ParticlesProps {
  /** Particle colour (any CSS hex colour); defaults to the brand blue. */
  color?: string;
  /** How many particles on a 1000 px wide area; scaled with the area's width. */
  density?: number;
  className?: string;
}

/** Widest viewport that gets no particles. */
const SMALL_SCREEN_MAX_PX = 767;

/**
 * Usage: give the hero `className="relative overflow-hidden"`, put `<Particles />` first inside it and
 * the hero's content in a `relative` element after it, so the text stays above the canvas.
 */
export function Particles({ color = '#2563eb', density = 40, className = '' }: ParticlesProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Decoration only: not under reduced motion, and not on phone-sized screens, where the CPU and
    // battery it costs buy little.
    if (window.matchMedia(`(prefers-reduced-motion: reduce), (max-width: ${SMALL_SCREEN_MAX_PX}px)`).matches) return;
    let stopped = false;
    let container: { destroy: () => void } | undefined;
    const cancelIdle = whenIdle(() => {
      void import('./particles-engine')
        .then(async ({ startParticles }) => {
          if (stopped || !ref.current) return;
          const loaded = await startParticles(ref.current, color, density);
          if (stopped) loaded?.destroy();
          else container = loaded;
        })
        .catch(() => undefined);
    });
    return () => {
      stopped = true;
      cancelIdle();
      container?.destroy();
    };
  }, [color, density]);

  return (
    <div
      ref={ref}
      aria-hidden="true"
      {...{ [PARTICLES_HOOK]: '' }}
      data-color={color}
      data-density={density}
      className={`pointer-events-none absolute inset-0 ${className}`}
    />
  );
}
