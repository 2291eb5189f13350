// The small enhancements of the server's HTML that need no React (DECISIONS.md 9, docs/decisions/0024): the
// header's Services dropdown and mobile menu, the "Request a quote" links, the cookie-policy tabs, the terms'
// panels, the privacy policy's contents, the technology strip's pause button, the particles, the cookie banner's
// first showing and the footer's "Cookie settings". Each works without JavaScript (or is decoration); this file
// adds state, focus, Escape and aria-expanded. It imports no React: a public page runs it at once, and React
// with the islands only when they are needed (runtime.ts). The admin's sign-in pages, which React Router runs,
// use it too (entry.client.tsx), so the header behaves the same there.
import { PRIVACY_HIGHLIGHT_MS } from '@agency/contract';
import { BANNER_HOOKS, cookieBanner } from '~/components/layout/cookie-banner.enhance';
import { SHELL_HOOKS, openQuoteShell, quoteDialogShell } from '~/components/quote-dialog-shell.enhance';
import { TABS_HOOK, cookieTabs } from '~/components/policies/cookie-tabs.enhance';
import { EXPLORER_HOOKS, serviceExplorer } from '~/components/services/service-explorer.enhance';
import { scrollToSection, scrollToTop } from '~/components/policies/scroll-to-section';
import { afterLoad } from '~/lib/after-load';

export interface EnhanceOptions {
  /** Opens the "Request a quote" dialog (loading it first). */
  openQuote: () => void;
  /** Starts loading the dialog, when the pointer or focus reaches a "Request a quote" link. */
  preloadQuote: () => void;
  /** The public pages' runtime: the particles are this file's (React Router's pages leave them to their components). */
  islands: boolean;
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Time the pointer has to cross from the Services button to its panel before a hover-opened menu closes. */
const HOVER_CLOSE_DELAY_MS = 200;

/** The Services dropdown: hover, click (a mouse click opens, Enter toggles), Space, Escape, focus leaving. */
function servicesMenu(wrapper: HTMLElement) {
  const button = wrapper.querySelector<HTMLAnchorElement>(':scope > a[aria-controls]');
  const panel = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !panel) return;
  const chevron = button.querySelector('svg');
  let open = false;
  let closeTimer: number | undefined;
  const set = (next: boolean) => {
    open = next;
    button.setAttribute('aria-expanded', String(next));
    panel.classList.toggle('hidden', !next);
    chevron?.classList.toggle('rotate-180', next);
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

/** The mobile menu's toggle, a link to `#mobile-menu` that CSS opens as the `:target` without JavaScript. */
function mobileMenu(toggle: HTMLAnchorElement) {
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!menu) return;
  let open = false;
  const set = (next: boolean) => {
    open = next;
    toggle.setAttribute('aria-expanded', String(next));
    toggle.setAttribute('aria-label', next ? 'Close menu' : 'Open menu');
    toggle.querySelector('[data-icon="open"]')?.classList.toggle('hidden', next);
    toggle.querySelector('[data-icon="close"]')?.classList.toggle('hidden', !next);
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

/** The terms' collapsible panels, their quick navigation (opens a closed target first) and Back to Top. */
function termsPanels(root: HTMLElement) {
  const setOpen = (button: HTMLElement, open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !open;
    button.querySelector('svg')?.classList.toggle('rotate-180', open);
  };
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-terms-toggle]')) {
    button.addEventListener('click', () => setOpen(button, button.getAttribute('aria-expanded') !== 'true'));
  }
  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-terms-link]')) {
    link.addEventListener('click', (event) => {
      const id = decodeURIComponent(link.hash.slice(1));
      const button = document.getElementById(`${id}-button`);
      if (!button) return;
      // A collapsed target is opened first, so the link always lands on readable text.
      setOpen(button, true);
      event.preventDefault();
      requestAnimationFrame(() => scrollToSection(id));
    });
  }
  root.querySelector('[data-back-to-top]')?.addEventListener('click', () => {
    scrollToTop();
    // Keyboard users continue from the top too.
    document.getElementById('terms-title')?.focus({ preventScroll: true });
  });
}

const TOC_ON = ['border-brand-600', 'text-brand-700'];
const TOC_OFF = ['border-transparent', 'text-slate-700'];
const SECTION_ON = ['border-brand-500', 'bg-brand-50'];

/** The privacy policy's contents: a link scrolls to its section and highlights it for a moment. */
function privacyContents(nav: HTMLElement) {
  let timer: number | undefined;
  let shown: { link: HTMLAnchorElement; section: HTMLElement } | null = null;
  const highlight = (link: HTMLAnchorElement, section: HTMLElement, on: boolean) => {
    for (const name of TOC_ON) link.classList.toggle(name, on);
    for (const name of TOC_OFF) link.classList.toggle(name, !on);
    for (const name of SECTION_ON) section.classList.toggle(name, on);
    section.classList.toggle('border-transparent', !on);
    if (on) section.dataset.highlighted = 'true';
    else delete section.dataset.highlighted;
  };
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    link.addEventListener('click', (event) => {
      const section = scrollToSection(decodeURIComponent(link.hash.slice(1)));
      if (!section) return;
      event.preventDefault();
      window.clearTimeout(timer);
      if (shown) highlight(shown.link, shown.section, false);
      shown = { link, section };
      highlight(link, section, true);
      timer = window.setTimeout(() => {
        highlight(link, section, false);
        shown = null;
      }, PRIVACY_HIGHLIGHT_MS);
    });
  }
}

/** The technology strip's pause button (WCAG 2.2.2). */
function techStripPause(button: HTMLButtonElement) {
  const track = document.getElementById(button.getAttribute('aria-controls') ?? '');
  button.addEventListener('click', () => {
    const paused = button.getAttribute('aria-pressed') !== 'true';
    button.setAttribute('aria-pressed', String(paused));
    if (track) track.style.animationPlayState = paused ? 'paused' : '';
  });
}

/** Widest viewport that gets no particles. */
const SMALL_SCREEN_MAX_PX = 767;

/** The hero's particles, fetched once the page is idle, not under reduced motion nor on phone-sized screens. */
function particles(element: HTMLElement) {
  if (window.matchMedia(`(prefers-reduced-motion: reduce), (max-width: ${SMALL_SCREEN_MAX_PX}px)`).matches) return;
  afterLoad(() => {
    const start = () =>
      void import('~/components/ui/particles-engine')
        .then(({ startParticles }) =>
          startParticles(element, element.dataset.color ?? '#2563eb', Number(element.dataset.density ?? 40)),
        )
        .catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 2000 });
    else window.setTimeout(start, 200);
  }, 0);
}

/** Attaches every enhancement to the page's HTML, once. */
export function enhance(options: EnhanceOptions) {
  const root = document.documentElement;
  if (root.dataset.enhanced) return;
  for (const wrapper of document.querySelectorAll<HTMLElement>('[data-early-services]')) servicesMenu(wrapper);
  for (const toggle of document.querySelectorAll<HTMLAnchorElement>('a[data-early-toggle][aria-controls]')) {
    mobileMenu(toggle);
  }
  for (const tablist of document.querySelectorAll<HTMLElement>(`[${TABS_HOOK}]`)) cookieTabs(tablist);
  for (const explorer of document.querySelectorAll<HTMLElement>(`[${EXPLORER_HOOKS.explorer}]`)) {
    serviceExplorer(explorer);
  }
  for (const terms of document.querySelectorAll<HTMLElement>('[data-terms]')) termsPanels(terms);
  for (const nav of document.querySelectorAll<HTMLElement>('[data-privacy-contents]')) privacyContents(nav);
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-pause-strip]')) techStripPause(button);
  for (const banner of document.querySelectorAll<HTMLElement>(`[${BANNER_HOOKS.banner}]`)) cookieBanner(banner);
  for (const shell of document.querySelectorAll<HTMLElement>(`[${SHELL_HOOKS.shell}]`)) quoteDialogShell(shell);
  // The footer's year: the HTML may have been prerendered in another one.
  for (const year of document.querySelectorAll('[data-current-year]'))
    year.textContent = String(new Date().getFullYear());

  // "Request a quote" links (`data-quote`): one listener for all of them.
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const quote = target?.closest?.('a[data-quote]');
    if (quote && plainClick(event)) {
      event.preventDefault();
      openQuoteShell();
      options.openQuote();
    }
  });
  document.addEventListener('keydown', (event) => {
    // A button also answers Space (a link only Enter).
    if (event.key !== ' ' || !(event.target as Element | null)?.closest?.('a[data-quote]')) return;
    event.preventDefault();
    openQuoteShell();
    options.openQuote();
  });
  const preload = (event: Event) => {
    if ((event.target as Element | null)?.closest?.('a[data-quote]')) options.preloadQuote();
  };
  document.addEventListener('pointerover', preload, { passive: true });
  document.addEventListener('focusin', preload);

  if (options.islands) {
    for (const element of document.querySelectorAll<HTMLElement>('[data-particles]')) particles(element);
  }
  root.dataset.enhanced = 'true';
}
