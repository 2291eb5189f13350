// The technology strip's pause button (its markup: tech-strip.tsx; WCAG 2.2.2), plain script attached by every
// page's entry (public-runtime/enhance.ts).

/** The attribute tech-strip.tsx writes on the button (`aria-controls` names the moving track). */
export const PAUSE_HOOK = 'data-pause-strip';

export function techStripPause(button: HTMLButtonElement) {
  const track = document.getElementById(button.getAttribute('aria-controls') ?? '');
  button.addEventListener('click', () => {
    const paused = button.getAttribute('aria-pressed') !== 'true';
    button.setAttribute('aria-pressed', String(paused));
    if (track) track.style.animationPlayState = paused ? 'paused' : '';
  });
}
