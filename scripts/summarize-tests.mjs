// Sums the runners' JSON reports (Vitest's and Playwright's) into the one closing line CI reads. Arguments
// are report files, and checks run beside them as `name:exit-status` (lint:0), each counted as one test.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const failures = [];

for (const argument of process.argv.slice(2)) {
  const check = /^([a-z]+):(\d+)$/.exec(argument);
  if (check) {
    if (check[2] === '0') passed += 1;
    else {
      failed += 1;
      failures.push(`the ${check[1]} run failed`);
    }
    continue;
  }
  if (!existsSync(argument)) {
    failed += 1;
    failures.push(`no report ${argument}`);
    continue;
  }
  const report = JSON.parse(readFileSync(argument, 'utf8'));
  if (report.stats) {
    // Playwright's
    const { expected, unexpected, flaky } = report.stats;
    passed += expected + flaky;
    failed += unexpected;
    if (expected + unexpected + flaky === 0) {
      failed += 1;
      failures.push(`no test ran in ${argument}`);
    }
  } else {
    // Vitest's: a file that fails to load has no tests in the counts, so it counts as one failure.
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    failed += report.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
  }
}

for (const failure of failures) console.log(`${failure}: counted as a failure`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
