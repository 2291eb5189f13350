// The technology strip's pause button (its markup: tech-strip.tsx; WCAG 2.2.2) and its start when it nears the
// viewport, plain script attached by every page's entry (public-runtime/enhance.ts).

/** The attribute tech-strip.tsx writes on the button (`aria-controls` names the moving track). */
export const PAUSE_HOOK = 'data-pause-strip';
/** On the track while it is far from the viewport: its animation waits (tech-strip.tsx's style, with scripting). */
export const IDLE_HOOK = 'data-strip-idle';
/** How far from the viewport the strip starts moving, so that it is moving when it comes into view. */
const NEAR_VIEWPORT = '200px';

export function techStripPause(button: HTMLButtonElement) {
  const track = document.getElementById(button.getAttribute('aria-controls') ?? '');
  // Moving only near the viewport; where the observer is missing, always (the hook gone, as without scripting).
  if (track && typeof IntersectionObserver === 'function') {
    new IntersectionObserver(
      (entries) => {
        for (const entry of entries) track.toggleAttribute(IDLE_HOOK, !entry.isIntersecting);
      },
      { rootMargin: NEAR_VIEWPORT },
    ).observe(track);
  } else track?.removeAttribute(IDLE_HOOK);
  button.addEventListener('click', () => {
    const paused = button.getAttribute('aria-pressed') !== 'true';
    button.setAttribute('aria-pressed', String(paused));
    if (track) track.style.animationPlayState = paused ? 'paused' : '';
  });
}
