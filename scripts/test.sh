#!/usr/bin/env bash
# Runs every test on a fresh machine: installs what is missing, then Vitest and Playwright, and ends
# with one line "tests: N passed, N failed" summed from both runners' JSON reports.
set -uo pipefail
cd "$(dirname "$0")/.."

# A summary left by an earlier run must not stand for this one if set-up fails.
mkdir -p .test-results
rm -f .test-results/*.json .test-results/summary.txt

bash scripts/ensure-setup.sh || exit 1

# The linter holds the boundaries (features apart, browser code off the server, no import cycles).
npx biome lint src e2e scripts
lint_status=$?

npx vitest run --reporter=default --reporter=json --outputFile.json=.test-results/vitest.json
unit_status=$?

PLAYWRIGHT_JSON_OUTPUT_FILE=.test-results/playwright.json npx playwright test --reporter=list,json
e2e_status=$?
# A failed journey's page as the browser last showed it (its accessibility snapshot): on CI nothing else of
# the run is kept, and the snapshot usually says why (an alert, a dialog, the wrong page).
if [ $e2e_status -ne 0 ]; then
  for context in test-results/*/error-context.md; do
    [ -f "$context" ] && { echo "--- $context"; head -c 6000 "$context"; echo; }
  done
fi

LINT_STATUS=$lint_status node scripts/summarize-tests.mjs .test-results/vitest.json .test-results/playwright.json | tee .test-results/summary.txt
summary_status=${PIPESTATUS[0]}
if [ $lint_status -ne 0 ] || [ $unit_status -ne 0 ] || [ $e2e_status -ne 0 ] || [ $summary_status -ne 0 ]; then exit 1; fi
