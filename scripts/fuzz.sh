#!/usr/bin/env bash
# Builds recover-fuzz with coverage instrumentation and AddressSanitizer, then runs each fuzz target (or the
# targets named) under libFuzzer for RUNS inputs, starting from its committed corpus (Fuzz/corpus/<target>,
# never written to: new inputs go to a scratch copy). A crash is saved under Fuzz/crashes/<target>/ and the
# script exits non-zero; add the file in the commit that fixes it (FuzzRegressionTests replays it).
#
#   scripts/fuzz.sh                 every target, 1,000,000 inputs each (make fuzz)
#   RUNS=3000 scripts/fuzz.sh       a smoke run (make fuzz-smoke, CI)
#   scripts/fuzz.sh form router     some targets
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-1000000}"
SWIFT="${SWIFT:-swift}"
FUZZER_LIB="$(dirname "$(command -v swiftc)")/../lib/clang"
FUZZER_LIB="$(find "$FUZZER_LIB" -name 'libclang_rt.fuzzer_no_main-x86_64.a' | head -n 1)"
if [ -z "$FUZZER_LIB" ]; then
    echo "fuzz: libFuzzer (libclang_rt.fuzzer_no_main) not found beside swiftc" >&2
    exit 69
fi
# Coverage for libFuzzer (inline 8-bit counters and a PC table, as -fsanitize=fuzzer instruments C) and
# AddressSanitizer; the driver is libFuzzer without its main, started from recover-fuzz's own main.
"$SWIFT" build -c release --product recover-fuzz --build-path .build-fuzz \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xswiftc -DFUZZING -Xlinker "$FUZZER_LIB" -Xlinker -lstdc++ 2>&1 | { grep -v "Cannot export local symbol" || true; }
# The build's own status, not the filter's: a failed build must not fuzz an older binary.
if [ "${PIPESTATUS[0]}" -ne 0 ]; then
    echo "fuzz: build failed" >&2
    exit 70
fi
BINARY=.build-fuzz/release/recover-fuzz
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
    mapfile -t TARGETS < <(ls Fuzz/corpus)
fi
status=0
# The crash report is the sanitizer's; Swift's own backtracer would only add noise under ASan.
export SWIFT_BACKTRACE=enable=no
# Statics whose pointers Swift tags are not leaks (Fuzz/lsan.supp says which and why).
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
for target in "${TARGETS[@]}"; do
    scratch="$(mktemp -d)"
    mkdir -p "Fuzz/crashes/$target"
    dictionary=()
    [ -f "Fuzz/dictionaries/$target.dict" ] && dictionary=(-dict="Fuzz/dictionaries/$target.dict")
    started=$(date +%s)
    if ! "$BINARY" "$target" -runs="$RUNS" -max_len=8192 -timeout=10 -rss_limit_mb=2048 "${dictionary[@]}" \
        -artifact_prefix="Fuzz/crashes/$target/" -print_final_stats=1 "$scratch" "Fuzz/corpus/$target" \
        > "$scratch.log" 2>&1; then
        echo "fuzz: $target FAILED (see Fuzz/crashes/$target/ and $scratch.log)"
        tail -n 30 "$scratch.log"
        status=1
    else
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$scratch.log" | grep -o '[0-9]*$' || echo "?")
        coverage=$(grep -o 'cov: [0-9]*' "$scratch.log" | tail -n 1 | grep -o '[0-9]*' || echo "?")
        echo "fuzz: $target ok: $runs inputs, coverage $coverage, $(( $(date +%s) - started )) s"
        rm -rf "$scratch" "$scratch.log"
    fi
done
exit $status
