// The frame of every public page: skip link, sticky header, main content, footer, cookie banner (markup; its
// behaviour is plain script, cookie-banner.enhance.ts),
// and, under React Router, the hosts of the quote dialog, toasts and alerts and scroll-to-top on navigation (the
// public pages draw those in a root of their own, public-runtime/hosts.tsx, and have no navigation inside the
// document: docs/decisions/0024).
import { type ReactNode, useEffect } from 'react';
import { QuoteModalHost } from '~/components/quote-modal';
import { AlertDialogHost } from '~/components/ui/alert-dialog';
import { Toaster } from '~/components/ui/toast';
import { replayEarlyClicks } from '~/lib/early-clicks';
import { QuoteDialogShell } from '~/components/quote-dialog-shell';
import { CookieBanner } from './cookie-banner';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function SiteLayout({ children }: { children: ReactNode }) {
  // React Router's pages: after every effect of the first render (a timer, not this effect), the clicks made
  // before hydration then meet the components in their settled state. (A public page never runs this: its
  // islands replay their own, public-runtime/hydrate-island.tsx.)
  useEffect(() => {
    const timer = window.setTimeout(replayEarlyClicks);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <>
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only rounded-md focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-lg"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* tabIndex -1: the skip link moves keyboard focus here, not only the scroll position. */}
      <main id="main" tabIndex={-1} className="min-h-[50vh] focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <CookieBanner />
      <QuoteDialogShell />
    </>
  );
}

/** A page with all around it: the layout and the hosts of the toasts and dialogs (root.tsx, public-runtime/public-tree.tsx). */
export function SitePage({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteLayout>{children}</SiteLayout>
      <Toaster />
      <AlertDialogHost />
      <QuoteModalHost />
    </>
  );
}
