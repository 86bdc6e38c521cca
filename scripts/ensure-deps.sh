#!/usr/bin/env bash
# Installs the npm dependencies (as the lockfile pins them; npm ci trips over optional platform packages
# missing from the lockfile) when the lockfile changed since the last install.
set -uo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.installed-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "Installing npm dependencies (better-sqlite3 compiles from source: about a minute)..."
  npm install --no-audit --no-fund || { echo "npm install failed: see the lines above." >&2; exit 1; }
  cp package-lock.json "$stamp"
fi
