#!/usr/bin/env bash
# Installs the npm dependencies when the lockfile changed (scripts/ensure-deps.sh), and Debian's Chromium
# when it is missing.
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
