// `npm test`: type check, lint, formatting, the schema check (migrations against schema.ts), unit and API tests
// (Vitest), production build, browser tests (Playwright). Runs every step, then prints how many tests needed a
// retry and one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = [];
mkdirSync('test-results', { recursive: true });

function run(name, command, args, count) {
  console.log(`\n━━ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counted = count?.() ?? { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
  // A runner that crashed before counting still fails the run.
  if (status !== 0 && counted.failed === 0) counted.failed = 1;
  results.push({ name, ok: status === 0, seconds, ...counted });
  return status === 0;
}

const flaky = [];
const failedTitles = [];
/** Titles of the browser tests with a test of this status in Playwright's JSON report: 'flaky' failed and then
 * passed on its retry, 'unexpected' failed on every try. */
function specTitles(suites = [], status) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === status))
      .map((spec) => `${spec.file}: ${spec.title}`),
    ...specTitles(suite.suites, status),
  ]);
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

rmSync('test-results/vitest.json', { force: true });
rmSync('test-results/e2e.json', { force: true });
rmSync('test-results/vitest-flaky.json', { force: true });

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npx', ['eslint', '.']);
run('format', 'npx', ['prettier', '--check', '.']);
// On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (as in CI's second run).
run('schema check', 'npm', ['run', '--silent', 'db:check']);
run(
  'unit and API tests',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile=test-results/vitest.json',
    '--reporter=./scripts/vitest-flaky-reporter.mjs',
  ],
  () => {
    const report = readJson('test-results/vitest.json');
    if (!report) return undefined;
    flaky.push(...(readJson('test-results/vitest-flaky.json') ?? []));
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed')
          failedTitles.push(`${file.name.replace(process.cwd() + '/', '')}: ${test.fullName}`);
      }
      // A file that failed before its tests ran (an import or a hook) has no failed test to name.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failedTitles.push(`${file.name.replace(process.cwd() + '/', '')}: ${file.message || 'the file failed'}`);
      }
    }
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  },
);
const built = run('build', 'npm', ['run', '--silent', 'build']);
if (built) {
  run('browser tests', 'npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'], () => {
    const report = readJson('test-results/e2e.json');
    if (!report) return undefined;
    flaky.push(...specTitles(report.suites, 'flaky'));
    failedTitles.push(...specTitles(report.suites, 'unexpected'));
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  });
} else {
  results.push({ name: 'browser tests', ok: false, seconds: '0.0', passed: 0, failed: 1 });
}

console.log('\n━━ Summary');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(20)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`,
  );
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
for (const title of failedTitles) console.log(`failed: ${title}`);
for (const title of flaky) console.log(`flaky (failed once, passed on retry): ${title}`);
console.log(`${flaky.length} ${flaky.length === 1 ? 'test' : 'tests'} needed a retry`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);
