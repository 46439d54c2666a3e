#!/usr/bin/env bash
# The long crash campaign: `scripts/crash-test.sh N` kills the real `recover serve` with SIGKILL N times
# (default 100) while participants join, onboard and check in over HTTP, restarts it each time, and
# checks that every acknowledged write is still there and that `recover audit verify` passes after
# every kill. It is the suite's CrashCampaignTests with RECOVER_CRASH_KILLS=N; prints the figures.
set -euo pipefail
kills=${1:-100}
if ! [[ "$kills" =~ ^[0-9]{1,4}$ ]] || [ "$kills" -lt 1 ] || [ "$kills" -gt 1000 ]; then
    echo "usage: scripts/crash-test.sh [N]   (N kills, 1 to 1000; default 100)" >&2
    exit 64
fi
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
scripts/setup.sh run >/dev/null
swift build --build-tests --quiet
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
RECOVER_CRASH_KILLS=$kills swift test --skip-build --filter CrashCampaignTests >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    cat "$log"
    echo "crash campaign FAILED (exit $status)" >&2
    exit "$status"
fi
grep "^crash campaign:" "$log"
