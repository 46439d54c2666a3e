#!/usr/bin/env bash
# Every test, as `make test` and CI run them (docs/testing.md): the format check, the Swift suites (SQLite and a
# throwaway PostgreSQL cluster), the fuzz smoke run and the browser suite.
#
# The parts run side by side, because none keeps both cores busy on its own: the fuzz smoke run compiles its
# own instrumented build (release, AddressSanitizer, coverage; mostly one core) and starts at once, at a lower
# priority; once the debug build is done, the Swift suites (which mostly wait on servers, processes and
# PostgreSQL) run beside the browser suite (which mostly waits on pages). Each part's output goes to a log under
# .build/ and is printed whole when the part ends, with its time; the run fails naming the parts that failed.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
MAKE=${MAKE:-make}
SWIFT=${SWIFT:-swift}
started=$(date +%s)
mkdir -p .build
rm -f .build/fuzz-smoke.seconds .build/swift-tests.seconds
# cpu_ticks: busy, stolen and total jiffies of all cores so far (the first line of /proc/stat; idle and iowait
# count as not busy, steal, time a virtual machine's host gave to others, as busy).
cpu_ticks() { awk '/^cpu /{ total = 0; for (i = 2; i <= NF; i++) total += $i; print total - $5 - $6, $9, total }' /proc/stat; }
read -r busy_before stolen_before total_before < <(cpu_ticks)
failed=()

# finish NAME STATUS LOG SECONDS: prints the part's log and how it ended.
finish() {
    echo "== $1 ($4 s)"
    cat "$3"
    if [ "$2" -eq 0 ]; then echo "== $1: passed in $4 s"; else echo "== $1: FAILED (status $2) after $4 s"; failed+=("$1"); fi
}
# part NAME LOG COMMAND...: runs a part in the foreground.
part() {
    local name=$1 log=$2 from=$(date +%s)
    shift 2
    "$@" > "$log" 2>&1
    finish "$name" $? "$log" $(( $(date +%s) - from ))
}

fuzz_started=$(date +%s)
# The part's own time is written when it ends (it is waited for only at the end).
setsid bash -c 'nice -n 10 "$0" --no-print-directory fuzz-smoke; status=$?; echo "$(( $(date +%s) - $1 ))" > .build/fuzz-smoke.seconds; exit $status' \
    "$MAKE" "$fuzz_started" > .build/fuzz-smoke.log 2>&1 &
fuzz=$!
swift_tests=""
# An interrupted run leaves nothing running behind it.
trap 'kill -- -$fuzz 2>/dev/null; [ -n "$swift_tests" ] && kill -- -$swift_tests 2>/dev/null; exit 130' INT TERM

part "format check" .build/format-check.log "$MAKE" --no-print-directory format-check
part "debug build" .build/build.log "$SWIFT" build --build-tests
if [ ${#failed[@]} -eq 0 ]; then
    swift_started=$(date +%s)
    setsid bash -c 'scripts/postgres-test-cluster.sh run scripts/swift-test.sh "$0" --skip-build; status=$?; echo "$(( $(date +%s) - $1 ))" > .build/swift-tests.seconds; exit $status' \
        "$SWIFT" "$swift_started" > .build/swift-tests.log 2>&1 &
    swift_tests=$!
    part "browser tests" .build/browser-tests.log scripts/browser-test.sh
    wait "$swift_tests"
    swift_status=$?
    finish "Swift tests" "$swift_status" .build/swift-tests.log "$(cat .build/swift-tests.seconds 2>/dev/null || echo '?')"
fi
wait "$fuzz"
fuzz_status=$?
finish "fuzz smoke run" "$fuzz_status" .build/fuzz-smoke.log "$(cat .build/fuzz-smoke.seconds 2>/dev/null || echo '?')"

read -r busy_after stolen_after total_after < <(cpu_ticks)
ticks=$(( total_after - total_before > 0 ? total_after - total_before : 1 ))
echo "== all tests: $(( $(date +%s) - started )) s, the cores $(( 100 * (busy_after - busy_before) / ticks ))% busy ($(( 100 * (stolen_after - stolen_before) / ticks ))% stolen by the host)"
if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]}"
    exit 1
fi
echo "all passed"
