// A tap on a header control before the prerendered page has hydrated would do nothing: a tiny inline
// script in the <head> remembers it, and the control replays it once React runs the page
// (docs/decisions/0006-first-paint-before-hydration.md).

/** Put on a control as `{...earlyClick('quote')}` to have its early clicks remembered. */
export const earlyClick = (name: string) => ({ 'data-early-click': name });

/** Runs before any module: records the name of every marked control clicked until hydration ends. */
export const EARLY_CLICKS_SCRIPT =
  '(function(){window.__earlyClicks=[];' +
  'function r(e){var t=e.target,c=window.__earlyClicks;t=t&&t.closest&&t.closest("[data-early-click]");' +
  'if(t&&c)c.push(t.getAttribute("data-early-click"))}' +
  'document.addEventListener("click",r,true);' +
  'window.__stopEarlyClicks=function(){document.removeEventListener("click",r,true)}})()';

declare global {
  interface Window {
    __earlyClicks?: string[];
    __stopEarlyClicks?: () => void;
  }
}

/** How many times the control `name` was clicked before hydration; they are forgotten once taken. */
export function takeEarlyClicks(name: string): number {
  const clicks = window.__earlyClicks;
  if (!clicks) return 0;
  const taken = clicks.filter((clicked) => clicked === name).length;
  window.__earlyClicks = clicks.filter((clicked) => clicked !== name);
  return taken;
}

/** Hydration is over: React handles every click from now on. */
export function stopEarlyClicks() {
  window.__stopEarlyClicks?.();
  delete window.__earlyClicks;
}
