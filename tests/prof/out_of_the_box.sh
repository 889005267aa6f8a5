#!/usr/bin/env bash
# Predictions out of the box: on a fresh build, profiling a program at p = 4
# and reporting it with no flag but --html prints predictions (from the
# parameters the build measured at p = 1, 2, 4 and 8, found beside bspprof)
# and writes the page.
# Usage: out_of_the_box.sh BSPRUN BSPPROF PROGRAM MEASURED_PARAMS
set -euo pipefail
bsprun=$1 bspprof=$2 program=$3 measured=$4
unset BSP_PARAMS
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# Parameters a user saved with bspprobe --save would outrank the build's: an empty data folder.
export XDG_DATA_HOME=$dir/data
fail() {
  echo "FAIL: $1"
  sed 's/^/  /' "$dir/report.txt" 2>/dev/null || true
  exit 1
}
"$bsprun" --profile "$dir/F" -n 4 "$program" >/dev/null
"$bspprof" report "$dir/F" --html "$dir/out.html" >"$dir/report.txt" 2>"$dir/stderr.txt" ||
  fail "bspprof exited with $?: $(cat "$dir/stderr.txt")"
found=$(realpath "$measured")
grep -qxF "parameters from $found (measured when Superstep was built)" "$dir/report.txt" ||
  fail "no line naming the file the build measured ($found)"
grep -qE "^parameters: g = [0-9.e+-]+ ns/word, l = [0-9.]+ us, L = [0-9.]+ us \\($found, p = 4: " \
  "$dir/report.txt" || fail "the parameters are not those measured at p = 4"
for model in BSP BSPWB MPM; do
  grep -qE "^$model +predicts [0-9.]+ s" "$dir/report.txt" || fail "no prediction by $model"
done
grep -q "has no measurements" "$dir/report.txt" && fail "p = 4 should have been measured"
[ -s "$dir/out.html" ] && grep -q "<svg" "$dir/out.html" || fail "no page with pictures written"
[ ! -s "$dir/stderr.txt" ] || fail "bspprof wrote to stderr: $(cat "$dir/stderr.txt")"
echo PASS
