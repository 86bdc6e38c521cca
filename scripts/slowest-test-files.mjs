// Names the slowest test files of each runner's JSON report (Vitest's, Playwright's): per file, the time its
// tests took (Playwright's summed over both workers), over each of its runs (an index suite runs once per
// engine: "× 2"). scripts/test.sh prints them at the end of each run; docs/performance.md keeps them dated.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const shown = 10;

function vitestFiles(report) {
  const runs = new Map();
  for (const file of report.testResults) {
    const name = relative(process.cwd(), file.name);
    const [ms, count] = runs.get(name) ?? [0, 0];
    runs.set(name, [ms + file.endTime - file.startTime, count + 1]);
  }
  return [...runs].map(([name, [ms, count]]) => [count > 1 ? `${name} × ${count}` : name, ms]);
}

function playwrightFiles(report) {
  const seconds = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) seconds.set(file, (seconds.get(file) ?? 0) + result.duration);
    for (const inner of suite.suites ?? []) walk(inner, file);
  };
  for (const suite of report.suites) walk(suite, `e2e/${suite.file}`);
  return [...seconds];
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const durations = report.stats ? playwrightFiles(report) : vitestFiles(report);
  const total = durations.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`slowest of ${durations.length} files in ${file} (${(total / 1000).toFixed(0)} s in all):`);
  for (const [name, ms] of durations.sort((a, b) => b[1] - a[1]).slice(0, shown))
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}
