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
// The site header's menus and quote link and the cookie banner, as on the public pages.
enhance({
  islands: false,
  openQuote: openQuoteModal,
  preloadQuote: preloadQuoteForm,
});
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
