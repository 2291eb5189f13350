// `npm run bench:web`: Lighthouse (mobile) on the production build for the key pages. Prints the four
// scores, FCP, LCP, TBT, CLS, compressed JS and CSS bytes and any request that leaves the site's origin,
// then checks the budget: performance >= 95, the other three 100, JS on / <= 120 KB compressed.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './bench-server.mjs';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.mjs';

const PAGES = ['/', '/services', '/packages', '/connect', '/blog'];
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
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    const requests = audits['network-requests']?.details?.items ?? [];
    const bytes = (type) =>
      requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const foreign = requests.filter((r) => !r.url.startsWith(server.origin) && !r.url.startsWith('data:'));
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
      jsKB: Number((bytes('Script') / 1024).toFixed(1)),
      cssKB: Number((bytes('Stylesheet') / 1024).toFixed(1)),
      foreign: foreign.length,
    };
    rows.push(row);
    if (row.perf < 95) problems.push(`${page}: performance ${row.perf} < 95`);
    for (const key of ['a11y', 'bp', 'seo']) if (row[key] < 100) problems.push(`${page}: ${key} ${row[key]} < 100`);
    if (page === '/' && row.jsKB > 120) problems.push(`/: JS ${row.jsKB} KB > 120 KB`);
    if (row.foreign)
      problems.push(`${page}: ${row.foreign} request(s) leave the origin: ${foreign.map((r) => r.url).join(', ')}`);
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
