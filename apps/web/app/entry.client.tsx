// Hydrates the server's HTML. Clicks recorded before this point are replayed by the site layout.
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { stopRecordingEarlyClicks } from '~/lib/early-clicks';

stopRecordingEarlyClicks();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
