// Sums the Vitest and Playwright JSON reports into the one closing line CI reads.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const missing = [];

if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no tests in the counts; count it as one failure.
  failed += report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
} else {
  missing.push('vitest');
}

if (existsSync(playwrightFile)) {
  const stats = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  if (stats.expected + stats.unexpected + stats.flaky === 0) missing.push('playwright (no test ran)');
} else {
  missing.push('playwright');
}

// The lint run (boundaries, cycles, file names) counts as one check: passed, or one failure.
if (process.env.LINT_STATUS !== undefined) {
  if (process.env.LINT_STATUS === '0') passed += 1;
  else {
    console.log('the lint run failed (npm run lint): counted as a failure');
    failed += 1;
  }
}

for (const runner of missing) {
  console.log(`no report from ${runner}: counted as a failure`);
  failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
