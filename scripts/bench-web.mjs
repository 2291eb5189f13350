// `npm run bench:web`: Lighthouse (mobile, simulated) on the production build for every public page of the page
// list, BENCH_RUNS times each (3). Prints per run the four scores, FCP, LCP, TBT, CLS, the JavaScript Lighthouse
// saw (the framework's share — React and React DOM, with React Router only on the pages that run on it — and the
// rest), CSS and any request that leaves the site's origin; then per page the JavaScript a visitor's browser
// loads in the first five seconds without any interaction beside what loads once the page is used
// (scripts/bench-js.mjs: brotli, with the response headers). Then it checks issue 25's targets:
// TBT <= 50 ms and performance 100 in every run, the other three scores 100, LCP <= 1.0 s, and the first five
// seconds' JavaScript <= 60 KB (<= 80 KB on a page with a form that posts).
// Beside them, the first taps' answers (scripts/bench-taps.mjs: tap → first frame showing the answer, under
// Lighthouse's mobile throttling, BENCH_TAP_RUNS times each, 3; min, median and max per tap, every run with
// BENCH_VERBOSE, which also names the long tasks between a tap and its answer), checked against issue 29's 200 ms;
// each Lighthouse row also shows its page's slowest first tap (`slowestTapMs`).
// BENCH_VERBOSE also prints each Lighthouse run's long tasks (simulated start and length, the file Lighthouse
// attributes each to, and from the run's trace the task's real length, CPU time and what it did: parse HTML, style,
// layout, paint, script, image decode, GC, the document's commit), its LCP's phases and the server response time
// the simulation took from the run, to name what TBT and LCP counted. Every row shows `tbtCpuMs`, TBT again from
// the CPU time of its long tasks: on a busy machine, the page's share of `tbtMs`.
// BENCH_WARM_BROWSER=1 has the Lighthouse Chromium draw an unrelated page before the first run (see below).
// BENCH_PAGES="/ /blog" measures only those pages (on a shared machine, measure a few and say so: a busy CPU
// raises TBT). `--js-only` skips Lighthouse (the slow part) and the taps and prints only the JavaScript of each
// page; `--taps-only` prints only the taps.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PAGES as PAGE_LIST } from '../apps/web/app/content/pages.ts';
import { jsMeter } from './bench-js.mjs';
import { longTasksWithTrace } from './bench-lh-tasks.mjs';
import { startServer } from './bench-server.mjs';
import { tapMeter, tapSummary } from './bench-taps.mjs';
import { warmUpBrowser } from './bench-warm-browser.mjs';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const PAGES =
  process.env.BENCH_PAGES?.split(/\s+/).filter(Boolean) ??
  PAGE_LIST.filter((entry) => entry.indexed).map((entry) => entry.path);
const JS_ONLY = process.argv.includes('--js-only');
const TAPS_ONLY = process.argv.includes('--taps-only');
const TAP_RUNS = Number(process.env.BENCH_TAP_RUNS ?? 3);
/** Tap → first frame showing the answer (issue 29). */
const FIRST_TAP_BUDGET_MS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LCP_BUDGET_MS = 1000;
const TBT_BUDGET_MS = 50;
/** JavaScript in the first five seconds without interaction: pages without a form, and pages with one. */
const FIRST_JS_BUDGET_KB = 60;
const FORM_PAGE_FIRST_JS_BUDGET_KB = 80;
/**
 * The chunk that holds the framework: React and React DOM on a public page, with React Router on the admin and
 * sign-in pages (`codeSplitting` in apps/web/vite.config.ts, docs/decisions/0014).
 */
const FRAMEWORK_CHUNK = /\/assets\/framework-[\w-]+\.js$/;
if (!chromiumPath) {
  // chrome-launcher would otherwise wait without a word for a browser that is not there.
  console.error("No Chromium: set CHROME_PATH, or install Debian's (`apt-get install chromium`).");
  process.exit(1);
}
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4390) });
// A busy machine may take longer than startServer waits: measure nothing before the server answers.
for (
  let waited = 0;
  !(await fetch(`${server.origin}/api/health`).then(
    (r) => r.ok,
    () => false,
  ));
  waited += 500
) {
  if (waited > 240_000) throw new Error('The server did not start within four minutes');
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
// BENCH_WARM_BROWSER=1: the Lighthouse Chromium first draws an unrelated `data:` page, as a visitor's running
// browser has (scripts/bench-warm-browser.mjs), to compare the first run with and without Chromium's own first-time
// work (decision 0024, round 39: not the default, as it did not change the first run's main thread on a busy machine).
if (process.env.BENCH_WARM_BROWSER) await warmUpBrowser(chrome.port);

const rows = [];
const jsRows = [];
const tapRows = [];
const problems = [];
const meter = await jsMeter();
const taps = await tapMeter();
try {
  for (const page of PAGES) {
    const url = `${server.origin}${page}`;
    if (!JS_ONLY) {
      for (const row of await taps.measure(url, page, TAP_RUNS)) {
        tapRows.push(row);
        if (row.ms === null || row.ms > FIRST_TAP_BUDGET_MS)
          problems.push(
            `${page} run ${row.run}: ${row.tap} after ${row.ms ?? '(no answer)'} ms > ${FIRST_TAP_BUDGET_MS} ms`,
          );
      }
    }
    if (TAPS_ONLY) continue;
    const loaded = await meter.measure(url);
    const jsBudget = loaded.formPage ? FORM_PAGE_FIRST_JS_BUDGET_KB : FIRST_JS_BUDGET_KB;
    jsRows.push({ page, form: loaded.formPage, ...loaded.js, budgetKB: jsBudget });
    if (loaded.js.firstKB > jsBudget)
      problems.push(`${page}: JS in the first 5 s ${loaded.js.firstKB} KB > ${jsBudget} KB`);
    if (JS_ONLY) continue;
    for (let run = 1; run <= RUNS; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const { categories, audits } = result.lhr;
      const requests = audits['network-requests']?.details?.items ?? [];
      const sum = (list) => list.reduce((total, r) => total + (r.transferSize ?? 0), 0);
      const bytes = (type) => sum(requests.filter((r) => r.resourceType === type));
      const frameworkBytes = sum(requests.filter((r) => r.resourceType === 'Script' && FRAMEWORK_CHUNK.test(r.url)));
      const foreign = requests.filter((r) => !r.url.startsWith(server.origin) && !r.url.startsWith('data:'));
      const scripts = requests.filter((r) => r.resourceType === 'Script');
      const js = {
        jsKB: Number((sum(scripts) / 1024).toFixed(1)),
        files: scripts.length,
        frameworkKB: Number((frameworkBytes / 1024).toFixed(1)),
        restKB: Number(((sum(scripts) - frameworkBytes) / 1024).toFixed(1)),
      };
      if (foreign.length)
        problems.push(
          `${page}: ${foreign.length} request(s) leave the origin: ${foreign.map((r) => r.url).join(', ')}`,
        );
      // What TBT counted: Lighthouse's long tasks on its simulated (4× slower) timeline, with the file each is
      // attributed to ('Unattributable': the browser's own work, e.g. committing the document or a picture's), each
      // beside the task of the run's trace it is (the simulation's length is the trace's × 4, × 2 for a task that
      // lays out): its length on the thread, the thread's CPU time in it (lower when the machine is busy) and what it
      // did; and TBT again from those tasks' CPU time (`tbtCpuMs`, scripts/bench-lh-tasks.mjs).
      const fcp = Math.round(audits['first-contentful-paint']?.numericValue ?? 0);
      const items = audits['long-tasks']?.details?.items ?? [];
      const longTasks = await longTasksWithTrace(result.artifacts.Trace, items, fcp);
      if (process.env.BENCH_VERBOSE) {
        for (const r of scripts) console.log(`  ${page} ${r.transferSize} ${r.url.replace(server.origin, '')}`);
        for (const { item, task } of longTasks.tasks)
          console.log(
            `  ${page} run ${run} long task at ${Math.round(item.startTime)} ms (FCP ${fcp}) for ${Math.round(item.duration)} ms: ${String(item.url).replace(server.origin, '')}` +
              (task
                ? ` = ${task.ms} ms on the thread at ${task.startMs} ms (${task.cpuMs ?? '?'} ms CPU): ${task.what}`
                : ''),
          );
        // The server time Lighthouse's simulation adds to every request of the origin, taken from this run's own
        // answers (higher in a fresh Chromium's first run: decision 0024, round 38), and its round trip.
        const diagnostics = audits.diagnostics?.details?.items?.[0];
        if (diagnostics)
          console.log(
            `  ${page} run ${run} server response time ${Math.round(diagnostics.maxServerLatency ?? 0)} ms, RTT ${Number(diagnostics.rtt ?? 0).toFixed(1)} ms, ${diagnostics.numRequests} requests (observed, as the simulation takes them)`,
          );
        const phases = audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [];
        if (phases.length)
          console.log(
            `  ${page} run ${run} LCP: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`,
          );
      }
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      const row = {
        page,
        run,
        perf: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        seo: score('seo'),
        fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        tbtCpuMs: longTasks.cpuTbtMs,
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        ...js,
        cssKB: Number((bytes('Stylesheet') / 1024).toFixed(1)),
        foreign: foreign.length,
      };
      rows.push(row);
      if (row.perf < 100) problems.push(`${page} run ${run}: performance ${row.perf} < 100`);
      if (row.tbtMs > TBT_BUDGET_MS) problems.push(`${page} run ${run}: TBT ${row.tbtMs} ms > ${TBT_BUDGET_MS} ms`);
      for (const key of ['a11y', 'bp', 'seo'])
        if (row[key] < 100) problems.push(`${page} run ${run}: ${key} ${row[key]} < 100`);
      if (row.lcpMs > LCP_BUDGET_MS) {
        const element = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
        problems.push(
          `${page} run ${run}: LCP ${row.lcpMs} ms > ${LCP_BUDGET_MS} ms (${element ?? 'element unknown'})`,
        );
      }
      for (const [id, category] of Object.entries(categories)) {
        if ((category.score ?? 1) < 1) {
          const failing = category.auditRefs
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id);
          if (failing.length) console.log(`  ${page} ${id}: ${failing.join(', ')}`);
        }
      }
    }
  }
} finally {
  await taps.close();
  await meter.close();
  await chrome.kill();
  await server.stop();
}

// Beside each page's Lighthouse runs, its slowest first tap of all its cases and runs (null: one went unanswered).
for (const row of rows) {
  const taps = tapRows.filter((tap) => tap.page === row.page);
  if (taps.length)
    row.slowestTapMs = taps.some((tap) => tap.ms === null) ? null : Math.max(...taps.map((tap) => tap.ms));
}
if (rows.length) console.table(rows);
if (tapRows.length) {
  if (process.env.BENCH_VERBOSE) console.table(tapRows);
  console.log(
    `First tap (tap → first frame showing the answer, ms, ${TAP_RUNS} runs each; Lighthouse mobile throttling via CDP)`,
  );
  console.table(tapSummary(tapRows));
}
if (jsRows.length) {
  console.log(
    'JavaScript a visitor loads (KB, brotli with headers): first 5 s without interaction / once the page is used',
  );
  console.table(jsRows);
}
console.log(problems.length ? `Budget missed:\n- ${problems.join('\n- ')}` : 'Budget met on every page.');
