// The site header's behaviour (its markup: site-header.tsx), plain script attached by every page's entry
// (public-runtime/enhance.ts): the phone menu's toggle and the "Request a quote" links. The menu stays hidden by
// its `hidden` class, which CSS overrides as the `:target` without JavaScript (app.css), and which the early
// script (lib/early-clicks.ts) toggles for a tap made before this one runs.

/** The attributes site-header.tsx writes, and this script finds elements by. */
export const HEADER_HOOKS = {
  /** On the phone menu's toggle, a link to the menu it names in `aria-controls`. */
  menuToggle: 'data-early-toggle',
  /** On the toggle's two icons: `open` and `close`. */
  icon: 'data-icon',
  /** On every "Request a quote" link that opens the dialog (the footer's and pages' too). */
  quote: 'data-quote',
} as const;

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The phone menu's toggle, a link to `#mobile-menu` that CSS opens as the `:target` without JavaScript. */
export function mobileMenu(toggle: HTMLAnchorElement) {
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!menu) return;
  let open = false;
  const set = (next: boolean) => {
    open = next;
    toggle.setAttribute('aria-expanded', String(next));
    toggle.setAttribute('aria-label', next ? 'Close menu' : 'Open menu');
    toggle.querySelector(`[${HEADER_HOOKS.icon}="open"]`)?.classList.toggle('hidden', next);
    toggle.querySelector(`[${HEADER_HOOKS.icon}="close"]`)?.classList.toggle('hidden', !next);
    menu.classList.toggle('hidden', !next);
  };
  // Opened before this script ran (by the early script, lib/early-clicks.ts, or as `#mobile-menu`): it stays
  // open, now the toggle's, and the address loses the fragment.
  const targeted = window.location.hash === `#${menu.id}`;
  if (targeted || !menu.classList.contains('hidden')) set(true);
  if (targeted) {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }
  toggle.addEventListener('click', (event) => {
    event.preventDefault();
    set(!open);
  });
  toggle.addEventListener('keydown', (event) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    set(!open);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !open) return;
    set(false);
    toggle.focus();
  });
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) set(false);
  });
}

/**
 * The "Request a quote" links (HEADER_HOOKS.quote): one listener for all of them. `open` opens the dialog (its
 * shell at once), `preload` starts loading it when the pointer or focus reaches a link.
 */
export function quoteLinks({ open, preload }: { open: () => void; preload: () => void }) {
  const quoteLink = (event: Event) => (event.target as Element | null)?.closest?.(`a[${HEADER_HOOKS.quote}]`);
  document.addEventListener('click', (event) => {
    if (!quoteLink(event) || !plainClick(event)) return;
    event.preventDefault();
    open();
  });
  document.addEventListener('keydown', (event) => {
    // A button also answers Space (a link only Enter).
    if (event.key !== ' ' || !quoteLink(event)) return;
    event.preventDefault();
    open();
  });
  const onReach = (event: Event) => {
    // A finger reaches the link only as it taps it: its click loads the dialog, after the shell is drawn.
    if ((event as Partial<PointerEvent>).pointerType === 'touch') return;
    if (quoteLink(event)) preload();
  };
  document.addEventListener('pointerover', onReach, { passive: true });
  document.addEventListener('focusin', onReach);
}
