// The services explorer's behaviour (its markup: service-explorer.tsx), plain script attached by every page's
// entry (public-runtime/enhance.ts), no React: a tap on a service shows its details in the frame it lands in
// (DECISIONS.md 10) and scrolls the panel into view. The server's HTML holds every service's details, the first
// shown; this script sets attributes only (`aria-pressed`, `hidden`, the panel's `aria-labelledby`): the look
// follows `aria-pressed`. A tap made before this script ran is replayed to it (lib/early-clicks.ts).

/** The attributes service-explorer.tsx writes, and this script finds elements by. */
export const EXPLORER_HOOKS = {
  /** On the explorer's root. */
  explorer: 'data-service-explorer',
  /** On each service's button: the service's slug. */
  choice: 'data-service-choice',
  /** On each service's details in the panel: the service's slug. */
  detail: 'data-service-detail',
  /** On the panel. */
  panel: 'data-service-panel',
} as const;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function serviceExplorer(root: HTMLElement) {
  const panel = root.querySelector<HTMLElement>(`[${EXPLORER_HOOKS.panel}]`);
  const choices = Array.from(root.querySelectorAll<HTMLButtonElement>(`[${EXPLORER_HOOKS.choice}]`));
  const details = Array.from(root.querySelectorAll<HTMLElement>(`[${EXPLORER_HOOKS.detail}]`));
  if (!panel) return;
  const choose = (slug: string) => {
    for (const choice of choices) {
      choice.setAttribute('aria-pressed', String(choice.getAttribute(EXPLORER_HOOKS.choice) === slug));
    }
    for (const detail of details) {
      const shown = detail.getAttribute(EXPLORER_HOOKS.detail) === slug;
      detail.hidden = !shown;
      const heading = shown && detail.querySelector('h2[id]');
      if (heading) panel.setAttribute('aria-labelledby', heading.id);
    }
  };
  root.addEventListener('click', (event) => {
    const choice = (event.target as Element | null)?.closest?.(`[${EXPLORER_HOOKS.choice}]`);
    if (!choice || !root.contains(choice)) return;
    choose(choice.getAttribute(EXPLORER_HOOKS.choice) ?? '');
    panel.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  });
}
