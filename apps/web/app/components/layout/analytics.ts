// Optional self-hosted analytics (ANALYTICS_SCRIPT_URL): loaded only once the visitor has allowed
// analytics cookies under the current banner version, and never before. The URL comes from the server
// (GET /api/consent/settings), asked only then, so a visitor who has not consented sends nothing.
import type { ConsentSettings } from '@agency/contract';
import { readCookieConsent, readCookieSettings } from './cookie-consent';

let state: 'off' | 'asking' | 'loaded' = 'off';

const allowed = () => readCookieConsent() !== null && readCookieSettings().analytics;

/** Loads the script when allowed; after a withdrawal, reloads the page so a loaded script is gone at once. */
export function applyAnalyticsConsent() {
  if (!allowed()) {
    if (state === 'loaded') window.location.reload();
    return;
  }
  if (state !== 'off') return;
  state = 'asking';
  fetch('/api/consent/settings')
    .then((response) => (response.ok ? (response.json() as Promise<ConsentSettings>) : null))
    .then((settings) => {
      // Consent may have been withdrawn while the answer was on its way.
      if (!settings?.analyticsScriptUrl || !allowed()) {
        state = 'off';
        return;
      }
      const script = document.createElement('script');
      script.src = settings.analyticsScriptUrl;
      script.defer = true;
      script.dataset.analytics = 'true';
      document.head.append(script);
      state = 'loaded';
    })
    .catch(() => {
      state = 'off';
    });
}
