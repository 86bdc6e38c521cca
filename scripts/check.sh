#!/usr/bin/env bash
# The quick tier (npm run check): lint, type check and the unit tests that need no browser, database server
# or benchmark. npm test runs these too, and everything else.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh || exit 1
started=$SECONDS
failed=()
npx biome lint src e2e scripts || failed+=(lint)
npm run --silent typecheck || failed+=(typecheck)
npx vitest run --project unit || failed+=('unit tests')
echo "check: $((SECONDS - started)) s${failed[*]:+, failed: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]
