// A tap on a button of a prerendered page before its script runs it would do nothing. A tiny inline script
// in the <head> records those clicks, and they are replayed, to the same elements, once their script runs
// (docs/decisions/0006-first-paint-before-hydration.md). On React Router's pages it records until hydration
// starts and the site layout replays everything. On the public pages (docs/decisions/0024) it keeps recording
// what their scripts do not take yet: an element of the page outside the islands is the enhancement's
// (`<html data-enhanced>`, public-runtime/enhance.ts, which replays those at once), an element inside an island
// is recorded until that island has hydrated (`data-island-live`), which replays its own.
// Links, <summary> and form fields work natively and are left alone, except:
// - a link marked `data-early-click` (one the script upgrades, e.g. "Request a quote" → the modal) waits
//   for the script like a button;
// - a link marked `data-early-toggle` (the mobile menu's `#mobile-menu` link, opened by CSS `:target` without
//   JavaScript) is answered by this script at once: it opens or closes the menu it controls (its `hidden` class,
//   `aria-expanded`, the icons) without following the link, so no history entry is added; the enhancement
//   (components/layout/site-header.enhance.ts) starts from the state the taps left;
// - a form marked `data-early-submit` (lib/native-form.ts) sent before hydration waits for the script,
//   which sends it as usual (toasts, progress).
// Should the scripts not arrive within EARLY_WAIT_MS, the link is followed and the form posted natively,
// as they are without JavaScript.

/** How long a link or form sent before hydration waits for the scripts before it goes natively. */
export const EARLY_WAIT_MS = 6000;

/** Runs before any module: records [element, detail] of each click on a non-submit button, a tab or a marked link. */
export const EARLY_CLICKS_SCRIPT =
  '(function(){var q=window.__earlyClicks=[],s=window.__earlySubmits=[];' +
  // Whether a script already takes the element's events: a hydrated island, or the enhancement outside islands.
  'function taken(t){var i=t.closest("[data-island]");return i?i.hasAttribute("data-island-live"):' +
  'document.documentElement.hasAttribute("data-enhanced")}' +
  // Recorded inside an island that is hydrating: React, whose listeners are on the island already, must not
  // handle it as well (it would be handled twice: now, and when the island replays it).
  'function own(e,t){if(t.closest("[data-island]"))e.stopPropagation()}' +
  'function r(e){var t=e.target;t=t&&t.closest&&t.closest("button,[role=tab],a[data-early-click],a[data-early-toggle]");' +
  'if(!t||t.type==="submit"||t.disabled||taken(t))return;' +
  // The mobile menu's toggle: opened or closed here, in the frame of the tap; the link is not followed.
  'if(t.hasAttribute("data-early-toggle")){var m=document.getElementById(t.getAttribute("aria-controls"));if(!m)return;' +
  'e.preventDefault();var o=!m.classList.toggle("hidden");t.setAttribute("aria-expanded",String(o));' +
  't.setAttribute("aria-label",o?"Close menu":"Open menu");' +
  't.querySelectorAll("[data-icon]").forEach(function(i){i.classList.toggle("hidden")});return}' +
  'if(t.hasAttribute("data-early-click")){if(e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;e.preventDefault();' +
  'var c=[t,e.detail];q.push(c);setTimeout(function(){var i=q.indexOf(c);' +
  'if(window.__earlyClicks&&i>=0){q.splice(i,1);location.href=t.href}},' +
  EARLY_WAIT_MS +
  ');return}' +
  'own(e,t);q.push([t,e.detail])}' +
  'function f(e){var t=e.target;if(!t||!t.hasAttribute||!t.hasAttribute("data-early-submit")||taken(t))return;' +
  'e.preventDefault();own(e,t);if(s.indexOf(t)<0)s.push(t);setTimeout(function(){var i=s.indexOf(t);' +
  'if(window.__earlySubmits&&i>=0){s.splice(i,1);HTMLFormElement.prototype.submit.call(t)}},' +
  EARLY_WAIT_MS +
  ')}' +
  'document.addEventListener("click",r,true);document.addEventListener("submit",f,true);' +
  'window.__stopEarlyClicks=function(){document.removeEventListener("click",r,true);' +
  'document.removeEventListener("submit",f,true)}})()';

declare global {
  interface Window {
    __earlyClicks?: [Element, number][];
    __earlySubmits?: HTMLFormElement[];
    __stopEarlyClicks?: () => void;
  }
}

/** React Router's hydration starts: React's own listeners take every click from here. */
export function stopRecordingEarlyClicks() {
  window.__stopEarlyClicks?.();
}

/**
 * Hydration is done: each recorded click is dispatched again on its element, if still on the page.
 * Then `<html data-hydrated="true">` tells scripts and browser tests that the page answers.
 */
export function replayEarlyClicks() {
  const clicks = window.__earlyClicks ?? [];
  const submits = window.__earlySubmits ?? [];
  delete window.__earlyClicks;
  delete window.__earlySubmits;
  for (const [target, detail] of clicks) {
    // The same `detail`: components tell a pointer click (1) from Enter or Space (0).
    if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail }));
  }
  document.documentElement.dataset.hydrated = 'true';
  if (submits.length === 0) return;
  // A frame later: the forms have taken in what was typed or picked before hydration (lib/hydration.ts).
  requestAnimationFrame(() =>
    window.setTimeout(() => {
      for (const form of submits) {
        // From here the island shows the sending (public-form.enhance.ts set this while it loaded).
        form.removeAttribute('data-sending');
        if (form.isConnected) form.requestSubmit();
      }
    }),
  );
}

/** Dispatches a recorded click again, with the same `detail` (components tell a pointer click, 1, from Enter or Space, 0). */
const replay = ([target, detail]: [Element, number]) => {
  if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail }));
};

/** Removes from `list` (in place: the inline script holds it) the items `owns` and returns them, in order. */
function take<T>(list: T[] | undefined, owns: (item: T) => boolean): T[] {
  const taken: T[] = [];
  for (let index = 0; list && index < list.length;) {
    const item = list[index] as T;
    if (owns(item)) {
      taken.push(item);
      list.splice(index, 1);
    } else index += 1;
  }
  return taken;
}

const takeClicks = (owns: (target: Element) => boolean) => take(window.__earlyClicks, ([target]) => owns(target));

/** A public page's enhancement is attached: the clicks made outside the islands are replayed to it. */
export function replayEarlyClicksOutsideIslands() {
  for (const click of takeClicks((target) => !target.closest('[data-island]'))) replay(click);
}

/** Whether anything was recorded inside `element` (its island should hydrate now). */
export const hasEarlyEventsIn = (element: Element) =>
  (window.__earlyClicks ?? []).some(([target]) => element.contains(target)) ||
  (window.__earlySubmits ?? []).some((form) => element.contains(form));

/** An island has hydrated: the clicks and submits recorded inside it are replayed to its elements. */
export function replayEarlyClicksIn(element: Element) {
  for (const click of takeClicks((target) => element.contains(target))) replay(click);
  const submits = take(window.__earlySubmits, (form) => element.contains(form));
  if (submits.length === 0) return;
  // A frame later: the form has taken in what was typed or picked before hydration (lib/hydration.ts).
  requestAnimationFrame(() =>
    window.setTimeout(() => {
      for (const form of submits) {
        // From here the island shows the sending (public-form.enhance.ts set this while it loaded).
        form.removeAttribute('data-sending');
        if (form.isConnected) form.requestSubmit();
      }
    }),
  );
}

/**
 * Whether the visitor used a field in `container` before this script ran: one has the focus, or holds what was
 * typed, picked or filled in (autofill). The inline script records no focus or typing, so the work a page starts on
 * a first use (public-runtime/runtime.ts, lib/challenge-request.ts) looks here for what it was not there to see.
 */
export function fieldsUsedIn(container: ParentNode): boolean {
  return Array.from(container.querySelectorAll('input, textarea, select')).some(
    (field) => field === document.activeElement || changedByVisitor(field),
  );
}

function changedByVisitor(field: Element): boolean {
  if (field instanceof HTMLInputElement) {
    if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked;
    if (field.type === 'file') return (field.files?.length ?? 0) > 0;
    return field.value !== field.defaultValue;
  }
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (field instanceof HTMLSelectElement)
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  return false;
}
