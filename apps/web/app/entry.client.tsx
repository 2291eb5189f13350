// Hydrates the server's HTML with React Router (the admin area and the sign-in pages; the public pages have
// their own entry, public-runtime/runtime.tsx). Clicks recorded before this point are replayed by the site layout.
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { startUp } from '~/lib/start-up';

// Before the router can change the address.
startUp();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
