// Watches the event loop while some work runs: how late a 10 ms timer fired at worst (what a request waiting on
// the server would feel, machine load included), monitorEventLoopDelay's p99, and how long the main thread itself
// ran between two turns of the timer at worst (its time on a CPU from /proc's schedstat, so a busy machine does not
// count: this is what a block of the work's own, a long query on the embedded database, costs). Of the worst lag,
// how much the thread ran, how much it waited for a CPU (the machine's load), and the rest (blocked in a system
// call: a synchronous read or fsync). And the peak resident memory, sampled and as the kernel counts it.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopFigures {
  ms: number;
  /** The worst lateness of a 10 ms timer, in ms. */
  worstLateMs: number;
  /** When it ended, in ms from the start. */
  worstLateAtMs: number;
  /** Of that gap: the main thread on a CPU, waiting for one, and neither (blocked), in ms (null off Linux). */
  worstLateParts: { runMs: number; waitMs: number; blockedMs: number } | null;
  p99Ms: number;
  /** The longest the main thread ran on a CPU between two turns of the timer, in ms (null off Linux). */
  worstBlockMs: number | null;
  startRss: number;
  /** The highest resident memory the timer saw (it does not fire while the thread is held). */
  peakRss: number;
  /** The process's highest resident memory so far, from the kernel (getrusage): what the timer may miss. */
  maxRss: number;
}

/** The main thread's time on a CPU and waiting for one, in ms, or null where /proc is not. */
function mainThreadTimes(): { run: number; wait: number } | null {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { run: (run ?? 0) / 1e6, wait: (wait ?? 0) / 1e6 };
  } catch {
    return null;
  }
}

export async function watchLoop<T>(work: () => Promise<T>): Promise<{ result: T } & LoopFigures> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let worstLateMs = 0;
  let worstLateAtMs = 0;
  let worstLateParts: LoopFigures['worstLateParts'] = null;
  let worstBlockMs: number | null = null;
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const started = performance.now();
  let last = started;
  let lastTimes = mainThreadTimes();
  const timer = setInterval(() => {
    const now = performance.now();
    const times = mainThreadTimes();
    const late = now - last - 10;
    const parts = times && lastTimes ? { runMs: times.run - lastTimes.run, waitMs: times.wait - lastTimes.wait } : null;
    if (late > worstLateMs) {
      worstLateMs = late;
      worstLateAtMs = now - started;
      worstLateParts = parts && { ...parts, blockedMs: Math.max(0, now - last - parts.runMs - parts.waitMs) };
    }
    if (parts) worstBlockMs = Math.max(worstBlockMs ?? 0, parts.runMs);
    last = now;
    lastTimes = times;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await work();
    return {
      result,
      ms: performance.now() - started,
      worstLateMs,
      worstLateAtMs,
      worstLateParts,
      p99Ms: histogram.percentile(99) / 1e6,
      worstBlockMs,
      startRss,
      peakRss,
      maxRss: process.resourceUsage().maxRSS * 1024,
    };
  } finally {
    clearInterval(timer);
    histogram.disable();
  }
}
