#!/usr/bin/env bash
# Runs the browser suite (pytest + selenium + Debian's Chromium) against real servers on loopback.
# Screenshots and other artifacts go to ./artifacts.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mkdir -p artifacts
if ! ls browser-tests/test_*.py >/dev/null 2>&1; then
    echo "browser tests: none yet"
    exit 0
fi
"$here/.venv/bin/pytest" -q browser-tests "$@"
