// Timing from the document's load event, as the specification counts the cookie banner's second.

/** Milliseconds since this document's load event ended (0 if it has not). */
export function sinceLoadEvent(): number {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.loadEventEnd ? performance.now() - entry.loadEventEnd : 0;
}

/** Runs `task` `delay` ms after the load event (counted from it, whenever this is called). */
export function afterLoad(task: () => void, delay: number) {
  const schedule = () => window.setTimeout(task, Math.max(0, delay - sinceLoadEvent()));
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
