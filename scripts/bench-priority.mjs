// The bench's fair share of the cores (decision 0024, round 40): Lighthouse measures the page as a phone would run
// it, and neither the site's server nor Lighthouse's own node process runs on the phone. On a machine with few
// cores both take a core from the page's main thread while it works (BENCH_VERBOSE prints who ran beside each long
// task), so the bench runs them below Chromium in priority: `nice` 10, a tenth of the share of a thread at 0 when
// both want the core, and all of it when Chromium waits. BENCH_FAIR_PRIORITY=0 leaves every process at its own.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

export const BENCH_NICE = 10;
export const FAIR_PRIORITY = process.env.BENCH_FAIR_PRIORITY !== '0';

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
