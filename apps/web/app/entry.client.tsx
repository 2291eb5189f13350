// Hydrates the server's HTML. Clicks recorded before this point are replayed by the site layout.
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { stopRecordingEarlyClicks } from '~/lib/early-clicks';
import { captureLanding } from '~/lib/lead-source';

stopRecordingEarlyClicks();
// Before the router can change the address: the landing URL's campaign, kept for this visit only.
captureLanding();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
