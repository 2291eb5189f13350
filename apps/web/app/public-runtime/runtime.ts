// The public pages in the browser (docs/decisions/0024-public-pages-as-islands.md). This entry imports no React:
// it attaches the small enhancements of the server's HTML (enhance.ts) and replays the clicks made on them
// before, then hydrates the islands (island.tsx), each a React root of its own whose code and React DOM are
// fetched only then: on the first use of the page (a tap, a key, focus), or at once for an island a click or
// a submit was recorded in. So nothing of React runs while a page loads, a form page's included; a lead form's
// proof-of-work challenge is asked on its first use without waiting for React (lib/challenge-request.ts).
// `<html data-hydrated="true">` tells scripts and browser tests that the enhancements are attached and the
// islands used before the entry ran have hydrated.
// Links between public pages are plain links: each page is a new document.
import { afterNextFrame } from '~/lib/after-next-frame';
import { askChallengeOnFirstUseOfForm } from '~/lib/challenge-request';
import { captureLanding } from '~/lib/lead-source';
import { fieldsUsedIn, hasEarlyEventsIn, replayEarlyClicksOutsideIslands } from '~/lib/early-clicks';
import { resumeToastsBeforeHydration } from '~/components/forms/career-form.enhance';
import { answerEarlySends } from '~/components/forms/public-form.enhance';
import { startToastList } from '~/components/ui/toast-list';
import { takeCarriedToasts, toast } from '~/state/toasts';
import { enhance } from './enhance';
import { islandPrefix } from './island-names';
import { ISLANDS } from './islands';

const hydrations = new Map<HTMLElement, Promise<void>>();

function hydrate(element: HTMLElement): Promise<void> {
  let hydrated = hydrations.get(element);
  if (hydrated) return hydrated;
  const load = ISLANDS[element.dataset.island as keyof typeof ISLANDS];
  hydrated = load
    ? Promise.all([import('./hydrate-island'), load()]).then(([{ hydrateIsland }, Component]) =>
        hydrateIsland(
          element,
          Component,
          JSON.parse(element.dataset.islandProps ?? '{}') as object,
          islandPrefix(element.dataset.islandId ?? ''),
        ),
      )
    : Promise.resolve();
  // A failed download may be retried on the next use.
  hydrated.catch(() => hydrations.delete(element));
  hydrations.set(element, hydrated);
  return hydrated;
}

const islands = () => Array.from(document.querySelectorAll<HTMLElement>('[data-island]'));
const hydrateAll = () => Promise.all(islands().map(hydrate)).then(() => undefined);

/**
 * The first use of the page: what a visitor does before anything else (a tap, a key, focus moving, a file picked
 * or dragged over the page, text put into a field without a key, as autofill does). A tap counts with its click:
 * the press only marks it begun (its focus too), so the work started here never runs between a finger's press and
 * its click, where it would hold back the tap's answer (issue 29).
 */
const FIRST_USE_EVENTS = ['click', 'pointercancel', 'keydown', 'focusin', 'input', 'change', 'dragenter'] as const;
const PRESS_EVENTS = ['pointerdown', 'touchstart'] as const;

function onFirstUse(task: () => void) {
  // Typed into before this script ran (a phone still fetching it): that was the first use.
  if (fieldsUsedIn(document)) {
    afterNextFrame(task);
    return;
  }
  let pressed = false;
  const all = [...FIRST_USE_EVENTS, ...PRESS_EVENTS];
  const onUse = (event: Event) => {
    if ((PRESS_EVENTS as readonly string[]).includes(event.type)) {
      pressed = true;
      return;
    }
    // The focus a press gives its button: the tap's click comes next.
    if (pressed && event.type === 'focusin') return;
    for (const type of all) window.removeEventListener(type, onUse, true);
    // The fetching and compiling a first use starts (React, an island, the quote dialog; Vite's preload of their
    // files adds a `<link>` per file, some 100 ms under a 4× slower CPU) waits for the frame showing the answer.
    afterNextFrame(task);
  };
  for (const type of all) window.addEventListener(type, onUse, { capture: true, passive: true });
}

const hosts = () => import('./hosts');

export function startIslands() {
  // Before anything can change the address.
  captureLanding();
  // Toasts are plain DOM: one raised by the plain script below shows in the frame it was raised.
  startToastList();
  enhance({
    islands: true,
    // The shell is open in the tap's frame (enhance.ts); the dialog's files are asked for after it is drawn.
    openQuote: () => afterNextFrame(() => void hosts().then((module) => module.openQuote())),
    preloadQuote: () => afterNextFrame(() => void hosts().then((module) => module.preloadQuoteForm())),
  });
  replayEarlyClicksOutsideIslands();
  answerEarlySends();
  resumeToastsBeforeHydration();
  askChallengeOnFirstUseOfForm();
  // A toast the page before showed as its script moved here (a sent quote form going home).
  for (const { message, options } of takeCarriedToasts()) toast(message, options);
  onFirstUse(() => {
    void hydrateAll();
    void hosts().then((module) => module.preloadQuoteForm());
  });
  // At once: any island clicked or sent before this script ran.
  const now = islands().filter(hasEarlyEventsIn);
  void Promise.all(now.map(hydrate)).finally(() => {
    document.documentElement.dataset.hydrated = 'true';
  });
}
