// The header's Services dropdown's behaviour (its markup: services-menu.tsx), plain script attached by every
// page's entry (public-runtime/enhance.ts): hover, click (a mouse click opens, Enter toggles), Space, Escape,
// focus leaving. The panel stays hidden by its `hidden` class, which CSS overrides on hover and focus without
// JavaScript (app.css); the chevron follows the button's `aria-expanded`.

/** The attributes services-menu.tsx writes, and this script finds elements by. */
export const SERVICES_MENU_HOOKS = {
  /** On the wrapper of the button and its panel. */
  menu: 'data-early-services',
  /** On the panel (the button names it in `aria-controls`). */
  panel: 'data-early-menu',
} as const;

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Time the pointer has to cross from the Services button to its panel before a hover-opened menu closes. */
const HOVER_CLOSE_DELAY_MS = 200;

export function servicesMenu(wrapper: HTMLElement) {
  const button = wrapper.querySelector<HTMLAnchorElement>(':scope > a[aria-controls]');
  const panel = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !panel) return;
  let open = false;
  let closeTimer: number | undefined;
  const set = (next: boolean) => {
    open = next;
    button.setAttribute('aria-expanded', String(next));
    panel.classList.toggle('hidden', !next);
  };
  wrapper.addEventListener('mouseenter', () => {
    window.clearTimeout(closeTimer);
    set(true);
  });
  wrapper.addEventListener('mouseleave', () => {
    window.clearTimeout(closeTimer);
    closeTimer = window.setTimeout(() => set(false), HOVER_CLOSE_DELAY_MS);
  });
  wrapper.addEventListener('focusout', (event) => {
    if (!wrapper.contains(event.relatedTarget as Node | null)) set(false);
  });
  wrapper.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    set(false);
    button.focus();
  });
  button.addEventListener('click', (event) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    // A mouse click while the pointer already opened it keeps it open; Enter (detail 0) toggles.
    set(event.detail > 0 ? true : !open);
  });
  button.addEventListener('keydown', (event) => {
    // A button also answers Space (a link only Enter).
    if (event.key !== ' ') return;
    event.preventDefault();
    set(!open);
  });
  // A chosen link leaves the page: the menu has done its job.
  panel.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) set(false);
  });
  // A pointer that came to rest on the menu before this script ran opens it now (its mouseenter was missed).
  if (wrapper.matches(':hover')) set(true);
}
