// What both browser entries do first, before the page's script can change the address or take clicks:
// React Router's entry (entry.client.tsx: the admin area and the sign-in pages) and the public pages' runtime
// (public-runtime/runtime.tsx).
import { stopRecordingEarlyClicks } from './early-clicks';
import { captureLanding } from './lead-source';

/** Hydration starts: React's listeners take clicks from here; the landing URL's campaign is kept for the visit. */
export function startUp() {
  stopRecordingEarlyClicks();
  captureLanding();
}
