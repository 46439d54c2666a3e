#!/usr/bin/env bash
# Every test, as `make test` and CI run them (docs/testing.md): the format check, the Swift suites (SQLite and a
# throwaway PostgreSQL cluster), the fuzz smoke run and the browser suite.
#
# The parts run one after another: the format check, the debug build, the Swift suites, the browser suite; the
# fuzz smoke run, which compiles its own instrumented build (release, AddressSanitizer, coverage; mostly one
# core), starts after the debug build at a lower priority, beside the suites. Each part's output goes to a log
# under .build/ and is printed whole when the part ends, with its time; the run fails naming the parts that
# failed.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
MAKE=${MAKE:-make}
SWIFT=${SWIFT:-swift}
started=$(date +%s)
mkdir -p .build
rm -f .build/fuzz-smoke.seconds
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

part "format check" .build/format-check.log "$MAKE" --no-print-directory format-check
# A first build (a fresh clone, as in CI) compiles each module whole: 155 s and 293 CPU seconds on the 2-core
# machine against 440 s and 800 with the default per-file batches, which pay off only when a later build
# recompiles a few files. -num-threads keeps one object file per source file, which is what the package manager
# links and indexes (test discovery reads the index). The driver's two notes about the flags it overrides are
# left out of the log; every other line, warnings of the code included, is kept.
build_flags=()
if [ ! -e .build/debug/recover ]; then
    build_flags=(-Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 2)
fi
build() {
    "$SWIFT" build --build-tests "${build_flags[@]}" 2>&1 |
        grep -v -e "^warning: ignoring '-enable-batch-mode' because '-whole-module-optimization'" \
            -e '^remark: Incremental compilation has been disabled'
    return "${PIPESTATUS[0]}"
}
part "debug build" .build/build.log build
# The fuzz smoke run starts once the debug build is done (beside it, it stretched the build from 155 s to 236 s),
# niced, beside the Swift and browser suites, which leave a core idle much of the time.
fuzz_started=$(date +%s)
# The part's own time is written when it ends (it is waited for only at the end).
setsid bash -c 'nice -n 10 "$0" --no-print-directory fuzz-smoke; status=$?; echo "$(( $(date +%s) - $1 ))" > .build/fuzz-smoke.seconds; exit $status' \
    "$MAKE" "$fuzz_started" > .build/fuzz-smoke.log 2>&1 &
fuzz=$!
# An interrupted run leaves nothing running behind it.
trap 'kill -- -$fuzz 2>/dev/null; exit 130' INT TERM
if [ ${#failed[@]} -eq 0 ]; then
    # One after the other: beside the browser suite's Chromium workers the Swift suites took 11 times as long
    # as alone (1,146 s against 102 s), and timing-sensitive tests among them failed.
    part "Swift tests" .build/swift-tests.log scripts/postgres-test-cluster.sh run scripts/swift-test.sh "$SWIFT" --skip-build
    part "browser tests" .build/browser-tests.log scripts/browser-test.sh
fi
wait "$fuzz"
fuzz_status=$?
finish "fuzz smoke run" "$fuzz_status" .build/fuzz-smoke.log "$(cat .build/fuzz-smoke.seconds 2>/dev/null || echo '?')"

read -r busy_after stolen_after total_after < <(cpu_ticks)
ticks=$(( total_after - total_before > 0 ? total_after - total_before : 1 ))
echo "== all tests: $(( $(date +%s) - started )) s, the cores $(( 100 * (busy_after - busy_before) / ticks ))% busy ($(( 100 * (stolen_after - stolen_before) / ticks ))% stolen by the host)"
if [ ${#failed[@]} -gt 0 ]; then
    # The failing tests again, last, where a shortened copy of the output (CI's tail) still shows them.
    grep -h -E '^✘ Test .* (recorded an issue|failed)' .build/swift-tests.log 2>/dev/null | cut -c1-300 | head -n 20
    grep -h -E '^(FAILED|ERROR) browser-tests/' .build/browser-tests.log 2>/dev/null | head -n 20
    echo "FAILED: ${failed[*]}"
    exit 1
fi
echo "all passed"
