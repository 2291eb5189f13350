// What React Router's entry (entry.client.tsx: the admin area and the sign-in pages) does first, before the
// router can change the address or take clicks. (The public pages' runtime, public-runtime/runtime.ts, keeps
// recording until each island hydrates.)
import { stopRecordingEarlyClicks } from './early-clicks';
import { captureLanding } from './lead-source';

/** Hydration starts: React's listeners take clicks from here; the landing URL's campaign is kept for the visit. */
export function startUp() {
  stopRecordingEarlyClicks();
  captureLanding();
}
