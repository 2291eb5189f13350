// `npm test`: type check, lint, formatting, the schema check (migrations against schema.ts), unit and API tests
// (Vitest), production build, browser tests (Playwright). Runs every step, then prints how many tests needed a
// retry and one summary line: "N passed, N failed".
// TEST_STEPS=db,api,browser runs only those steps (names in STEPS below): CI's PostgreSQL run repeats only what
// depends on the database, and its browser tests use the build the first run made. E2E_SPECS (spec files,
// separated by spaces or commas) runs only those browser specs: CI's PostgreSQL run takes the ones that write most.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const STEPS = {
  typecheck: 'the type check',
  lint: 'ESLint',
  format: "Prettier's check",
  db: 'the schema check (PGlite, and PostgreSQL when TEST_DATABASE_URL is set)',
  unit: "Vitest's unit tests (no database)",
  api: "Vitest's API and process tests (PGlite, or PostgreSQL when TEST_DATABASE_URL is set)",
  build: 'the production build',
  browser: 'the browser tests (on the existing build when `build` is not a step)',
};
const chosen = (process.env.TEST_STEPS ?? Object.keys(STEPS).join(','))
  .split(',')
  .map((step) => step.trim())
  .filter(Boolean);
const unknown = chosen.filter((step) => !(step in STEPS));
if (unknown.length > 0 || chosen.length === 0) {
  console.error(
    `TEST_STEPS names ${unknown.length ? `unknown steps (${unknown.join(', ')})` : 'no step'}; the steps are:`,
  );
  for (const [step, what] of Object.entries(STEPS)) console.error(`  ${step.padEnd(10)} ${what}`);
  process.exit(2);
}
const want = (step) => chosen.includes(step);

// Two Vitest files at a time on a machine of two cores or more (decision 0038): Vitest's own default there is one
// (`availableParallelism() - 1`). Set VITEST_MAX_WORKERS to choose; the browser tests' count is E2E_WORKERS (2).
const cores = availableParallelism();
process.env.VITEST_MAX_WORKERS ??= String(cores >= 2 ? Math.max(2, cores - 1) : 1);

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

/** Runs `steps` ([step, name, command, args]) at once; each one's output is printed whole when it ends. */
async function runTogether(steps) {
  const started = Date.now();
  await Promise.all(
    steps.map(
      ([, name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { shell: process.platform === 'win32' });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n━━ ${name}: ${command} ${args.join(' ')} (${seconds}s)`);
            process.stdout.write(Buffer.concat(output));
            results.push({
              name,
              ok: status === 0,
              seconds,
              passed: status === 0 ? 1 : 0,
              failed: status === 0 ? 0 : 1,
            });
            resolve();
          });
        }),
    ),
  );
}

const flaky = [];
/** How many of `flaky` each runner reported, for the summary's count. */
const retried = { Vitest: 0, browser: 0 };
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

// The checks read no test's output and each keeps to one core: they run side by side (about half their time on two
// cores), each one's output printed whole when it ends. The schema check runs on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set (as in CI's second run).
await runTogether(
  [
    ['typecheck', 'typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'lint', 'npx', ['eslint', '.']],
    ['format', 'format', 'npx', ['prettier', '--check', '.']],
    ['db', 'schema check', 'npm', ['run', '--silent', 'db:check']],
  ].filter(([step]) => want(step)),
);
// One Vitest run for the projects asked for: `unit` needs no database; `api` and `process` use TEST_DATABASE_URL.
const projects = [...(want('unit') ? ['unit'] : []), ...(want('api') ? ['api', 'process'] : [])];
if (projects.length > 0) {
  const name = !want('api') ? 'unit tests' : want('unit') ? 'unit and API tests' : 'API tests';
  run(
    name,
    'npx',
    [
      'vitest',
      'run',
      ...projects.map((project) => `--project=${project}`),
      '--reporter=default',
      '--reporter=json',
      '--outputFile=test-results/vitest.json',
      '--reporter=./scripts/vitest-flaky-reporter.mjs',
    ],
    () => {
      const report = readJson('test-results/vitest.json');
      if (!report) return undefined;
      const vitestFlaky = readJson('test-results/vitest-flaky.json') ?? [];
      flaky.push(...vitestFlaky);
      retried.Vitest = vitestFlaky.length;
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
}

// Without the `build` step the browser tests run on the build already there (CI's second run: the first one's).
const built = want('build')
  ? run('build', 'npm', ['run', '--silent', 'build'])
  : existsSync('apps/api/dist/server.js') && existsSync('apps/web/build/client');
const specs = (process.env.E2E_SPECS ?? '').split(/[\s,]+/).filter(Boolean);
if (want('browser') && built) {
  run('browser tests', 'npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', ...specs], () => {
    const report = readJson('test-results/e2e.json');
    if (!report) return undefined;
    const browserFlaky = specTitles(report.suites, 'flaky');
    flaky.push(...browserFlaky);
    retried.browser = browserFlaky.length;
    failedTitles.push(...specTitles(report.suites, 'unexpected'));
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  });
} else if (want('browser')) {
  if (!want('build')) failedTitles.push('browser tests: no build to test: run `npm run build` first');
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
console.log(
  `${flaky.length} ${flaky.length === 1 ? 'test' : 'tests'} needed a retry (Vitest ${retried.Vitest}, browser ${retried.browser})`,
);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1);
