// Attaches the public pages' plain-script behaviours (DECISIONS.md 9 and 10, docs/decisions/0024) to the server's
// HTML, once. Each behaviour lives beside the component that writes its markup (`*.enhance.ts`) and finds its
// elements by the `data-*` attributes that component writes (enhancement-hooks.test.tsx fails when one is
// dropped); this file only lists them. Each works without JavaScript (or is decoration) and imports no React: a
// public page runs them at once, and React with the islands only when they are needed (runtime.ts). The admin's
// sign-in pages, which React Router runs, use it too (entry.client.tsx), so the header behaves the same there.
import { BANNER_HOOKS, cookieBanner } from '~/components/layout/cookie-banner.enhance';
import { HEADER_HOOKS, mobileMenu, quoteLinks } from '~/components/layout/site-header.enhance';
import { SERVICES_MENU_HOOKS, servicesMenu } from '~/components/layout/services-menu.enhance';
import { YEAR_HOOK, currentYear } from '~/components/layout/site-footer.enhance';
import { PAUSE_HOOK, techStripPause } from '~/components/home/tech-strip.enhance';
import { TABS_HOOK, cookieTabs } from '~/components/policies/cookie-tabs.enhance';
import { PRIVACY_HOOKS, privacyContents } from '~/components/policies/privacy-policy.enhance';
import { TERMS_HOOKS, termsPanels } from '~/components/policies/terms-panels.enhance';
import { SHELL_HOOKS, openQuoteShell, quoteDialogShell } from '~/components/quote-dialog-shell.enhance';
import { EXPLORER_HOOKS, serviceExplorer } from '~/components/services/service-explorer.enhance';
import { PARTICLES_HOOK, particles } from '~/components/ui/particles.enhance';

export interface EnhanceOptions {
  /** Opens the "Request a quote" dialog (loading it first). */
  openQuote: () => void;
  /** Starts loading the dialog, when the pointer or focus reaches a "Request a quote" link. */
  preloadQuote: () => void;
  /** The public pages' runtime: the particles are this file's (React Router's pages leave them to their components). */
  islands: boolean;
}

/** Runs `attach` on every element with `hook`. */
function each<E extends Element = HTMLElement>(hook: string, attach: (element: E) => void) {
  for (const element of document.querySelectorAll<E>(`[${hook}]`)) attach(element);
}

/** Attaches every enhancement to the page's HTML, once. */
export function enhance(options: EnhanceOptions) {
  const root = document.documentElement;
  if (root.dataset.enhanced) return;
  each(SERVICES_MENU_HOOKS.menu, servicesMenu);
  each<HTMLAnchorElement>(HEADER_HOOKS.menuToggle, mobileMenu);
  each(TABS_HOOK, cookieTabs);
  each(EXPLORER_HOOKS.explorer, serviceExplorer);
  each(TERMS_HOOKS.terms, termsPanels);
  each(PRIVACY_HOOKS.contents, privacyContents);
  each<HTMLButtonElement>(PAUSE_HOOK, techStripPause);
  each(BANNER_HOOKS.banner, cookieBanner);
  each(SHELL_HOOKS.shell, quoteDialogShell);
  each(YEAR_HOOK, currentYear);
  quoteLinks({
    open: () => {
      openQuoteShell();
      options.openQuote();
    },
    preload: options.preloadQuote,
  });
  if (options.islands) each(PARTICLES_HOOK, particles);
  root.dataset.enhanced = 'true';
}
