#!/usr/bin/env bash
# Runs every test on a fresh machine, tier by tier, each saying how long it took: installs what is missing,
# then lint and type check, the unit tests with those that need PostgreSQL, the benchmarks' short modes and
# the Playwright journeys; it names the slowest test files and ends with one line "N passed, N failed"
# summed from the runners' JSON reports.
set -uo pipefail
cd "$(dirname "$0")/.."

# A summary left by an earlier run must not stand for this one if set-up fails.
mkdir -p .test-results
rm -f .test-results/*.json .test-results/summary.txt .test-results/tiers.txt

checks=()
# Runs a tier and notes how long it took (in .test-results/tiers.txt too); its exit status is the tier's.
tier() {
  local name=$1 started=$SECONDS
  shift
  "$@"
  local status=$?
  echo "tier $name: $((SECONDS - started)) s, exit $status" | tee -a .test-results/tiers.txt
  return $status
}
# Vitest with its report in .test-results/<report>.json as well as on the terminal.
run_vitest() {
  local report=$1
  shift
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json=".test-results/$report.json"
}

tier setup bash scripts/ensure-setup.sh || exit 1

# The linter holds the boundaries (lint/), the type check the contract between the parts.
tier lint npx biome lint src e2e scripts
checks+=("lint:$?")
tier typecheck npm run --silent typecheck
checks+=("typecheck:$?")

# A runner's own exit status counts too: an error outside any test fails the run without failing a test.
statuses=()
# One run for the three projects (npm run check runs the first alone): the two workers stay busy to its end.
tier vitest run_vitest vitest --project unit --project with-postgres --project postgres
statuses+=($?)
tier benchmarks run_vitest vitest-benchmarks --project benchmarks
statuses+=($?)

tier journeys env PLAYWRIGHT_JSON_OUTPUT_FILE=.test-results/playwright.json npx playwright test --reporter=list,json
e2e_status=$?
statuses+=($e2e_status)
# A failed journey's page as the browser last showed it (its accessibility snapshot): on CI nothing else of
# the run is kept, and the snapshot usually says why (an alert, a dialog, the wrong page).
if [ $e2e_status -ne 0 ]; then
  for context in test-results/*/error-context.md; do
    [ -f "$context" ] && { echo "--- $context"; head -c 6000 "$context"; echo; }
  done
fi

# The summary counts every test of every report, a report missing as a failure, and each check (lint,
# type check) as one test.
reports=(.test-results/vitest.json .test-results/vitest-benchmarks.json .test-results/playwright.json)
node scripts/slowest-test-files.mjs "${reports[@]}"
node scripts/summarize-tests.mjs "${checks[@]}" "${reports[@]}" | tee .test-results/summary.txt
summary_status=${PIPESTATUS[0]}
for status in "$summary_status" "${statuses[@]}"; do [ "$status" -eq 0 ] || exit 1; done
