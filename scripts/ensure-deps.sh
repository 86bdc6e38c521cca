#!/usr/bin/env bash
# Installs the npm dependencies exactly as the lockfile pins them (npm ci) when the lockfile changed since
# the last install; otherwise does nothing.
set -uo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.installed-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "Installing npm dependencies (better-sqlite3 compiles from source: about a minute)..."
  npm ci --no-audit --no-fund || { echo "npm ci failed: see the lines above." >&2; exit 1; }
  cp package-lock.json "$stamp"
fi
