// The proof-of-work challenge, asked for as soon as a visitor starts on a lead form. A form's island hydrates on
// the first use of the page, so the page's entry (no React) asks on the first focus or input in a form marked
// `data-challenge`, and the form's proof of work (proof-of-work.ts) takes that answer instead of asking again.

import { fieldsUsedIn } from './early-clicks';

const ask = () => fetch('/api/challenge', { cache: 'no-store', credentials: 'omit' });

let early: Promise<Response> | null = null;

/** The answer asked for early, once; otherwise a new request. */
export function challengeResponse(): Promise<Response> {
  const taken = early;
  early = null;
  return taken ?? ask();
}

/** On the first focus or input in a form that asks a challenge (or at once, if one was used already), ask it. */
export function askChallengeOnFirstUseOfForm() {
  const asked = () => {
    // Asked once per page; the answer waits for the form's proof of work, which handles a failure when it takes it.
    early ??= ask();
    early.catch(() => {});
  };
  // A form typed into before this script ran.
  if (Array.from(document.querySelectorAll('form[data-challenge]')).some(fieldsUsedIn)) {
    asked();
    return;
  }
  const events = ['focusin', 'input'] as const;
  const onUse = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('form[data-challenge]')) return;
    for (const type of events) document.removeEventListener(type, onUse, true);
    asked();
  };
  for (const type of events) document.addEventListener(type, onUse, { capture: true, passive: true });
}
