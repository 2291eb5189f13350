// A Vitest reporter that names the tests which failed and then passed on their retry (vitest.config.ts sets
// `retry` under CI), so `npm test`'s summary lists them as it lists Playwright's: a flaky test is reported, not hidden.
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FlakyReporter {
  onTestRunEnd(testModules) {
    const flaky = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        if (test.diagnostic()?.flaky) flaky.push(`${relative(process.cwd(), testModule.moduleId)}: ${test.fullName}`);
      }
    }
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/vitest-flaky.json', JSON.stringify(flaky));
  }
}
