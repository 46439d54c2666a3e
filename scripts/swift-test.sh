#!/usr/bin/env bash
# Runs `swift test` (arguments passed on), keeps its output in .build/swift-test.log, and prints the slowest 20
# tests with their durations at the end (Swift Testing's "passed after N seconds" and XCTest's "(N seconds)"
# lines), so a slow test is seen the day it becomes slow. Exits with swift test's own status.
#   scripts/swift-test.sh swift [swift test arguments...]
set -uo pipefail
cd "$(dirname "$0")/.."
swift_bin=${1:-swift}
shift || true
log=.build/swift-test.log
mkdir -p .build
"$swift_bin" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
echo
echo "Slowest 20 Swift tests:"
# Swift Testing: `✔ Test name() passed after 1.234 seconds.`; XCTest: `Test Case '-[M.C test]' passed (1.234 seconds).`
sed -n -E \
    -e 's/^.*Test (.+) (passed|failed) after ([0-9.]+) seconds.*$/\3 \1/p' \
    -e "s/^Test Case '(.+)' (passed|failed) \(([0-9.]+) seconds\).*$/\3 \1/p" "$log" |
    grep -v -E '^[0-9.]+ (run with|Suite )' | sort -rn | head -n 20 | awk '{ printf "  %8.2f s  %s\n", $1, substr($0, length($1) + 2) }'
exit "$status"
