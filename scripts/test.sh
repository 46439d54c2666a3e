#!/usr/bin/env bash
# Every test, as `make test` and CI run them (docs/testing.md): the format check, the Swift suites (SQLite and a
# throwaway PostgreSQL cluster), the fuzz smoke run and the browser suite.
#
# The fuzz smoke run compiles its own instrumented build (release, AddressSanitizer, coverage), which mostly
# keeps one core busy, so it runs in the background beside the debug build and the tests, at a lower priority;
# its report is printed at the end. The run fails if any part fails, and says which.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
MAKE=${MAKE:-make}
started=$(date +%s)
mkdir -p .build
fuzz_log=.build/fuzz-smoke.log
setsid nice -n 10 "$MAKE" --no-print-directory fuzz-smoke > "$fuzz_log" 2>&1 &
fuzz=$!
# An interrupted run leaves no fuzzer behind.
trap 'kill -- -$fuzz 2>/dev/null' INT TERM

failed=()
step() {
    local name=$1
    shift
    local from=$(date +%s)
    echo "== $name"
    if "$@"; then
        echo "== $name: passed in $(( $(date +%s) - from )) s"
    else
        echo "== $name: FAILED after $(( $(date +%s) - from )) s"
        failed+=("$name")
    fi
}
step "format check" "$MAKE" --no-print-directory format-check
step "Swift tests" "$MAKE" --no-print-directory swift-test
step "browser tests" "$MAKE" --no-print-directory browser-test

echo "== fuzz smoke run (in the background since the start)"
wait "$fuzz"
fuzz_status=$?
cat "$fuzz_log"
[ "$fuzz_status" -eq 0 ] || failed+=("fuzz smoke run")

echo "== all tests: $(( $(date +%s) - started )) s"
if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]}"
    exit 1
fi
echo "all passed"
