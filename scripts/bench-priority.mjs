// The bench's fair share of the cores (decision 0024, round 40): Lighthouse measures the page as a phone would run
// it, and Lighthouse's own node process does not run on the phone. On a machine with few cores it takes a core from
// the page's main thread while it works (BENCH_VERBOSE prints who ran beside each long task), so the bench runs it
// below Chromium in priority while it measures: `nice` 10, a tenth of the share of a thread at 0 when both want the
// core, and all of it when Chromium waits. The server stays at its own priority by default: Lighthouse's simulation
// takes the server's response time from the run and adds it to every request, so a server waiting behind Chromium
// would be charged to FCP and LCP. BENCH_FAIR_PRIORITY=all lowers the server too, =0 neither.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

export const BENCH_NICE = 10;
/** Lighthouse's process below Chromium while it measures (unless BENCH_FAIR_PRIORITY=0). */
export const FAIR_PRIORITY = process.env.BENCH_FAIR_PRIORITY !== '0';
/** The server below Chromium too (BENCH_FAIR_PRIORITY=all). */
export const SERVER_BELOW = process.env.BENCH_FAIR_PRIORITY === 'all';

/**
 * Sets the niceness of every thread of process `pid` (on Linux a priority is a thread's; the threads it starts
 * later inherit it). Returns the niceness it had, or null where this cannot be done (not Linux, not permitted:
 * only root may lower a niceness again).
 */
export function setProcessPriority(pid, nice) {
  try {
    const before = getPriority(pid);
    const threads = process.platform === 'linux' ? readdirSync(`/proc/${pid}/task`).map(Number) : [pid];
    for (const tid of threads) {
      try {
        setPriority(tid, nice);
      } catch (error) {
        if (tid === pid) throw error; // a thread that ended meanwhile is no matter
      }
    }
    return before;
  } catch {
    return null;
  }
}
