// Hydrates the server's HTML with React Router (the admin area and the sign-in pages; the public pages have
// their own entry, public-runtime/runtime.ts). Clicks recorded before this point are replayed by the site layout.
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { openQuoteModal, preloadQuoteForm } from '~/components/quote-modal';
import { startUp } from '~/lib/start-up';
import { enhance } from '~/public-runtime/enhance';

// Before the router can change the address.
startUp();
// The site header's menus and quote link, as on the public pages (the layout's cookie banner is React's here).
enhance({
  islands: false,
  openQuote: openQuoteModal,
  preloadQuote: preloadQuoteForm,
  cookieBannerReady: () => Promise.resolve(),
});
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
