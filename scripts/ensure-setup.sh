#!/usr/bin/env bash
# Installs the npm dependencies when the lockfile changed (scripts/ensure-deps.sh), and Debian's Chromium
# and PostgreSQL when they are missing (the unit tests start a throwaway PostgreSQL of their own:
# src/server/testing/throwaway-postgres.ts).
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-deps.sh || exit 1

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's Chromium for the browser tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || {
      echo "Could not install Chromium with apt-get. Install it (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
      exit 1
    }
  else
    echo "No Chromium at $chromium. Install Debian's chromium package (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
    exit 1
  fi
fi

# The tests run initdb and postgres themselves, in a temporary folder: the package's own cluster is not used.
# TEST_DATABASE_URL names a server to use instead.
if [ -z "${TEST_DATABASE_URL:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's PostgreSQL for the store tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) || {
      echo "Could not install PostgreSQL with apt-get. Install it (apt-get install postgresql) or set TEST_DATABASE_URL to a PostgreSQL 15+ database the tests may create schemas in." >&2
      exit 1
    }
  else
    echo "No PostgreSQL under /usr/lib/postgresql. Install Debian's postgresql package (sudo apt-get install postgresql) or set TEST_DATABASE_URL to a PostgreSQL 15+ database the tests may create schemas in." >&2
    exit 1
  fi
fi
