// `npm run bench:web`: Lighthouse (mobile, simulated) on the production build for every public page of the page
// list. Prints the four scores, FCP, LCP, TBT, CLS, compressed JS (the framework's share — React and React DOM,
// with React Router only on the pages that run on it — and the rest), CSS and any request that leaves the
// site's origin, then checks the budget:
// all four scores 100 (performance >= 95 tolerated as noise), LCP <= 1.0 s, JS <= 100 KB compressed.
// BENCH_PAGES="/ /blog" measures only those pages. `--js-only` skips the scoring audits (the slow part) and prints
// only the JavaScript of each page, counted the same way, and checks only its budget.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PAGES as PAGE_LIST } from '../apps/web/app/content/pages.ts';
import { startServer } from './bench-server.mjs';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const PAGES =
  process.env.BENCH_PAGES?.split(/\s+/).filter(Boolean) ??
  PAGE_LIST.filter((entry) => entry.indexed).map((entry) => entry.path);
const JS_ONLY = process.argv.includes('--js-only');
const LCP_BUDGET_MS = 1000;
const JS_BUDGET_KB = 100;
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
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});

const rows = [];
const problems = [];
try {
  for (const page of PAGES) {
    const url = `${server.origin}${page}`;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...(JS_ONLY
        ? { onlyAudits: ['network-requests'] }
        : { onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] }),
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
    if (js.jsKB > JS_BUDGET_KB) problems.push(`${page}: JS ${js.jsKB} KB > ${JS_BUDGET_KB} KB`);
    if (foreign.length)
      problems.push(`${page}: ${foreign.length} request(s) leave the origin: ${foreign.map((r) => r.url).join(', ')}`);
    if (JS_ONLY) {
      rows.push({ page, ...js, foreign: foreign.length });
      if (process.env.BENCH_VERBOSE)
        for (const r of scripts) console.log(`  ${page} ${r.transferSize} ${r.url.replace(server.origin, '')}`);
      continue;
    }
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const row = {
      page,
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      ...js,
      cssKB: Number((bytes('Stylesheet') / 1024).toFixed(1)),
      foreign: foreign.length,
    };
    rows.push(row);
    if (row.perf < 95) problems.push(`${page}: performance ${row.perf} < 95`);
    for (const key of ['a11y', 'bp', 'seo']) if (row[key] < 100) problems.push(`${page}: ${key} ${row[key]} < 100`);
    if (row.lcpMs > LCP_BUDGET_MS) {
      const element = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
      problems.push(`${page}: LCP ${row.lcpMs} ms > ${LCP_BUDGET_MS} ms (${element ?? 'element unknown'})`);
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
} finally {
  await chrome.kill();
  await server.stop();
}

console.table(rows);
console.log(problems.length ? `Budget missed:\n- ${problems.join('\n- ')}` : 'Budget met on every page.');
