#!/usr/bin/env bash
# Runs the browser suite (pytest + selenium + Debian's Chromium) against real servers on loopback.
# Screenshots and other artifacts go to ./artifacts.
#
# Every test starts its own server (a fresh data folder, a port of its own) and its own Chromium, so tests run
# in parallel workers (pytest-xdist): they mostly wait on pages, timers and the server. BROWSER_TEST_WORKERS
# sets how many (default: twice the cores, at least 2); 1 runs them one after another. The slowest 20 tests
# are printed at the end.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mkdir -p artifacts
if ! ls browser-tests/test_*.py >/dev/null 2>&1; then
    echo "browser tests: none yet"
    exit 0
fi
cores=$(nproc 2>/dev/null || echo 2)
workers=${BROWSER_TEST_WORKERS:-$(( cores * 2 > 2 ? cores * 2 : 2 ))}
parallel=()
[ "$workers" -gt 1 ] && parallel=(-n "$workers" --dist load)
"$here/.venv/bin/pytest" -q --durations=20 --durations-min=0 "${parallel[@]}" browser-tests "$@"
