// Watches the event loop while some work runs: how late a 10 ms timer fired at worst (what a request waiting on
// the server would feel, machine load included), monitorEventLoopDelay's p99, and how long the main thread itself
// ran between two turns of the timer at worst (its CPU time from /proc, so a busy machine does not count: this is
// what a block of the work's own, a long query on the embedded database, costs). And the peak resident memory.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopFigures {
  ms: number;
  /** The worst lateness of a 10 ms timer, in ms. */
  worstLateMs: number;
  p99Ms: number;
  /** The most CPU time the main thread used between two turns of the timer, in ms (null off Linux). */
  worstBlockMs: number | null;
  startRss: number;
  peakRss: number;
}

/** The main thread's CPU time in ms (utime + stime, in clock ticks of 10 ms), or null where /proc is not. */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export async function watchLoop<T>(work: () => Promise<T>): Promise<{ result: T } & LoopFigures> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let worstLateMs = 0;
  let worstBlockMs: number | null = null;
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  let last = performance.now();
  let lastCpu = mainThreadCpuMs();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    worstLateMs = Math.max(worstLateMs, now - last - 10);
    if (cpu !== null && lastCpu !== null) worstBlockMs = Math.max(worstBlockMs ?? 0, cpu - lastCpu);
    last = now;
    lastCpu = cpu;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      ms: performance.now() - started,
      worstLateMs,
      p99Ms: histogram.percentile(99) / 1e6,
      worstBlockMs,
      startRss,
      peakRss,
    };
  } finally {
    clearInterval(timer);
    histogram.disable();
  }
}
