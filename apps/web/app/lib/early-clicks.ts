// A tap on a button of a prerendered page before React runs it would do nothing. A tiny inline script
// in the <head> records those clicks until hydration starts, and they are replayed, to the same
// elements, once the page is hydrated (docs/decisions/0006-first-paint-before-hydration.md).
// Links, <summary> and form fields work natively and are left alone; submit buttons wait for hydration.

/** Runs before any module: records [element, detail] of each click on a non-submit button or a tab. */
export const EARLY_CLICKS_SCRIPT =
  '(function(){var q=window.__earlyClicks=[];' +
  'function r(e){var t=e.target;t=t&&t.closest&&t.closest("button,[role=tab]");' +
  'if(t&&t.type!=="submit"&&!t.disabled)q.push([t,e.detail])}' +
  'document.addEventListener("click",r,true);' +
  'window.__stopEarlyClicks=function(){document.removeEventListener("click",r,true)}})()';

declare global {
  interface Window {
    __earlyClicks?: [Element, number][];
    __stopEarlyClicks?: () => void;
  }
}

/** Hydration starts: React's own listeners take every click from here. */
export function stopRecordingEarlyClicks() {
  window.__stopEarlyClicks?.();
}

/**
 * Hydration is done: each recorded click is dispatched again on its element, if still on the page.
 * Then `<html data-hydrated="true">` tells scripts and browser tests that the page answers.
 */
export function replayEarlyClicks() {
  const clicks = window.__earlyClicks ?? [];
  delete window.__earlyClicks;
  for (const [target, detail] of clicks) {
    // The same `detail`: components tell a pointer click (1) from Enter or Space (0).
    if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail }));
  }
  document.documentElement.dataset.hydrated = 'true';
}
