// The main thread's tasks of one Lighthouse run, read from the run's own trace (`result.artifacts.Trace`): what
// each task did and its real CPU length. Lighthouse's simulation (lantern) stretches every task of 10 ms or more
// by the CPU slowdown (4×), but a task that lays out only by 2× (its layout multiplier, 0.5); a stretched task over
// 50 ms after FCP and before TTI is what TBT counts (decision 0024, round 39).
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

/** The trace events under a task that name what it did, by the short name printed for them. */
const KINDS = [
  [/^ParseHTML$/, 'parse HTML'],
  [/^ParseAuthorStyleSheet$/, 'parse CSS'],
  [/^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation)$/, 'style'],
  [/^(Layout|UpdateLayerTree|IntersectionObserverController::computeIntersections)$/, 'layout'],
  [/^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|RasterTask)$/, 'paint'],
  [/^(Decode Image|ImageDecodeTask|Decode LazyPixelRef)$/, 'image decode'],
  [
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|EventDispatch|TimerFire|RunMicrotasks|FireAnimationFrame)$/,
    'script',
  ],
  [/^(v8\.compile|v8\.compileModule|v8\.parseOnBackground|CacheScript)$/, 'script compile'],
  [/^(MinorGC|MajorGC|V8\.GC.*|BlinkGC\..*|GCEvent|ThreadState::.*)$/, 'GC'],
  [/^(ResourceSendRequest|ResourceReceiveResponse|ResourceReceivedData|ResourceFinish)$/, 'network'],
  [
    /^(DocumentLoader::.*|LocalWindowProxy::.*|V8\.DeserializeContext|ContextCreatedNotification|InstallConditionalFeatures)$/,
    'commit',
  ],
  [/^(HTMLDocumentParser::MaybeFetchQueuedPreloads)$/, 'preload scan'],
  [/^(DecodedDataDocumentParser::AppendBytes)$/, 'parse HTML'],
];

function kindOf(name) {
  for (const [pattern, kind] of KINDS) if (pattern.test(name)) return kind;
  return null;
}

/** Self time by kind under a task; time no named event covers goes to the task's own name (e.g. CommitLoad). */
function breakdown(task, into = new Map(), inherited = null) {
  const kind = kindOf(task.event.name) ?? inherited;
  // A task's own time outside any named event: the scheduler's task itself ('RunTask') is unlabelled work.
  const label = kind ?? (task.event.name === 'RunTask' ? 'unlabelled' : task.event.name);
  into.set(label, (into.get(label) ?? 0) + task.selfTime);
  for (const child of task.children) breakdown(child, into, kind ?? inherited);
  return into;
}

/**
 * The top-level tasks of the page's main thread of at least `minMs` milliseconds, in order: start (ms after the
 * navigation began, observed), length as the trace and the simulation see it (wall time on the thread), the thread's
 * CPU time in it (less than the length when the machine is busy and the thread waited for a core), how long the
 * simulation makes it (×4, ×2 with layout), and what it did (time by kind, largest first).
 */
export async function mainThreadTasks(trace, { minMs = 5, slowdown = 4 } = {}) {
  const tasks = await MainThreadTasks.request(trace, { computedCache: new Map() });
  return tasks
    .filter((task) => !task.parent && task.duration >= minMs)
    .map((task) => {
      let laysOut = false;
      const walk = (node) => {
        if (node.event.name === 'Layout') laysOut = true;
        node.children.forEach(walk);
      };
      walk(task);
      const kinds = breakdown(task);
      const parts = [...kinds]
        .filter(([, ms]) => ms >= 0.5)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`);
      return {
        startMs: Math.round(task.startTime),
        // The task's interval on the trace's clock (microseconds) and its thread, for what ran beside it.
        ts: task.event.ts,
        endTs: task.event.ts + task.duration * 1000,
        pid: task.event.pid,
        tid: task.event.tid,
        ms: Number(task.duration.toFixed(1)),
        cpuMs: task.event.tdur === undefined ? null : Number((task.event.tdur / 1000).toFixed(1)),
        simulatedMs: Math.round(task.duration * (laysOut ? slowdown / 2 : slowdown)),
        what: parts.join(', '),
        kinds,
        urls: task.attributableURLs,
      };
    });
}

/** The part of a task beyond this length is what TBT sums. */
const BLOCKING_AFTER_MS = 50;

/**
 * Lighthouse's long tasks (`lhr.audits['long-tasks']` items, simulated) each beside the task of the trace it is (the
 * same stretched length), and TBT again from the CPU time of those after FCP, as if the thread had never waited for
 * a core: on a busy machine the difference to the run's TBT is the machine's, not the page's.
 */
export async function longTasksWithTrace(trace, items, fcpMs) {
  const traced = await mainThreadTasks(trace);
  let cpuTbtMs = 0;
  const tasks = items.map((item) => {
    const index = traced.findIndex((task) => Math.abs(task.simulatedMs - item.duration) <= 1);
    const [task] = index === -1 ? [] : traced.splice(index, 1);
    if (task?.cpuMs != null && item.startTime >= fcpMs)
      cpuTbtMs += Math.max(0, (task.cpuMs * task.simulatedMs) / Math.max(task.ms, 0.1) - BLOCKING_AFTER_MS);
    return { item, task };
  });
  return { tasks, cpuTbtMs: Math.round(cpuTbtMs) };
}

/**
 * What Chromium's other threads and processes ran during an interval of the trace, by thread: Lighthouse's trace
 * holds every thread's tasks (RunTask and the like, with the thread's CPU time `tdur`), so for each thread its
 * top-level slices' CPU time, prorated by the part of each slice inside the interval. `mainThread` ({ pid, tid }) is
 * left out: it is the task's own thread. Names: `page:` the page's renderer process, `renderer:` another renderer,
 * `browser:`, `gpu:` (with --disable-gpu, the display compositor `VizCompositorThread` composites in software
 * there), then the thread's name without its number (e.g. `page:ThreadPoolForegroundWorker` holds the raster
 * tasks of a renderer drawing without a GPU, `browser:CompositorTileWorker` the browser's own raster).
 */
export function chromiumThreads(trace) {
  const processes = new Map();
  const threadNames = new Map();
  const slices = new Map();
  for (const event of trace.traceEvents) {
    if (event.ph === 'M' && event.name === 'process_name') processes.set(event.pid, event.args?.name ?? '');
    else if (event.ph === 'M' && event.name === 'thread_name')
      threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
    else if (event.ph === 'X' && event.dur > 0 && event.tdur !== undefined) {
      const key = `${event.pid}:${event.tid}`;
      if (!slices.has(key)) slices.set(key, []);
      slices.get(key).push(event);
    }
  }
  // Only top-level slices: a slice inside another is part of its CPU time already.
  for (const [key, list] of slices) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let end = -Infinity;
    slices.set(
      key,
      list.filter((event) => {
        if (event.ts < end) return false;
        end = event.ts + event.dur;
        return true;
      }),
    );
  }
  return {
    /** CPU milliseconds per thread name during [fromUs, toUs], the page's renderer's `mainThread` left out. */
    between(fromUs, toUs, mainThread) {
      const byName = new Map();
      for (const [key, list] of slices) {
        const [pid, tid] = key.split(':').map(Number);
        if (pid === mainThread.pid && tid === mainThread.tid) continue;
        let cpu = 0;
        for (const event of list) {
          if (event.ts >= toUs) break;
          const overlap = Math.min(toUs, event.ts + event.dur) - Math.max(fromUs, event.ts);
          if (overlap > 0) cpu += (event.tdur * overlap) / event.dur;
        }
        if (cpu <= 0) continue;
        const processName = processes.get(pid) ?? String(pid);
        const prefix =
          pid === mainThread.pid
            ? 'page'
            : processName === 'Browser'
              ? 'browser'
              : processName === 'GPU Process'
                ? 'gpu'
                : processName.includes('Renderer')
                  ? 'renderer'
                  : processName;
        const name = `${prefix}:${(threadNames.get(key) ?? String(tid)).replace(/\d+$/, '')}`;
        byName.set(name, (byName.get(name) ?? 0) + cpu / 1000);
      }
      return byName;
    },
  };
}

/**
 * The requests Lighthouse's LCP simulation put on the largest paint's path, with their simulated end (ms): every
 * request of the page that ended before the run's real first paint counts (its pessimistic graph), so one that a
 * fast local load happens to finish early, a picture or a preload, lengthens the simulated LCP (decision 0024,
 * round 41). `result` is what `lighthouse()` returned.
 */
export async function lcpRequests(result, origin) {
  const { Trace: trace, DevtoolsLog: devtoolsLog, GatherContext: gatherContext, URL, SourceMaps } = result.artifacts;
  const data = {
    trace,
    devtoolsLog,
    gatherContext,
    settings: result.lhr.configSettings,
    URL,
    SourceMaps,
    simulator: null,
  };
  const lcp = await LanternLargestContentfulPaint.request(data, { computedCache: new Map() });
  const ends = new Map();
  for (const [node, timing] of lcp.pessimisticEstimate.nodeTimings) {
    if (node.type !== 'network') continue;
    const name = node.request.url.replace(origin, '');
    ends.set(name, Math.max(ends.get(name) ?? 0, Math.round(timing.endTime)));
  }
  return [...ends].map(([url, endMs]) => ({ url, endMs }));
}
