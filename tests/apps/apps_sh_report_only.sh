#!/usr/bin/env bash
# bench/apps.sh with REPORT_ONLY=1 makes the same table again from the runs an earlier apps.sh
# left (their logs, profiles, bspprobe result and machine), running nothing; without those runs it
# says what is missing and exits 2.
#   apps_sh_report_only.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
build=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
PROCS=1 bash "$src/bench/apps.sh" "$build" "$out/runs" >"$out/first.log" 2>&1
cp "$out/runs/apps.md" "$out/first.md"
rm "$out/runs/apps.md" "$out/runs/apps.tsv"
REPORT_ONLY=1 PROCS=1 bash "$src/bench/apps.sh" "$build" "$out/runs" >"$out/again.log" 2>&1
diff "$out/first.md" "$out/runs/apps.md" || { echo "REPORT_ONLY made another table" >&2; exit 1; }
grep -q '^| fft | 1 | no |' "$out/runs/apps.md" || { echo "no fft row" >&2; exit 1; }
status=0
REPORT_ONLY=1 PROCS=1 bash "$src/bench/apps.sh" "$build" "$out/empty" 2>"$out/err.txt" >/dev/null ||
  status=$?
[ "$status" = 2 ] || { echo "REPORT_ONLY without runs exited $status, not 2" >&2; exit 1; }
grep -q "apps.sh: REPORT_ONLY: no .*machine.txt" "$out/err.txt" ||
  { echo "REPORT_ONLY without runs said: $(cat "$out/err.txt")" >&2; exit 1; }
echo "ok"
