// The cookie policy's tabs (cookie-tabs.tsx), plain script attached by every page's entry
// (public-runtime/enhance.ts): WAI-ARIA tabs, arrow keys, Home/End, roving tabindex. The served HTML shows every
// panel; from here on only the chosen one. The look follows `aria-selected` (cookie-tabs.tsx's classes), so this
// script sets attributes only.

/** Written on the tab list by cookie-tabs.tsx. */
export const TABS_HOOK = 'data-cookie-tablist';

export function cookieTabs(tablist: HTMLElement) {
  const tabs = Array.from(tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  let selected = 0;
  const select = (index: number, focus: boolean) => {
    selected = (index + tabs.length) % tabs.length;
    tabs.forEach((tab, i) => {
      const isSelected = i === selected;
      tab.setAttribute('aria-selected', String(isSelected));
      tab.tabIndex = isSelected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !isSelected;
    });
    if (focus) tabs[selected]?.focus();
  };
  tabs.forEach((tab, index) => tab.addEventListener('click', () => select(index, true)));
  tablist.addEventListener('keydown', (event) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  });
  select(0, false);
}
