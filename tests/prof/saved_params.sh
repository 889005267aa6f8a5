#!/usr/bin/env bash
# Parameters a user saves: `bspprobe --save` measures into the user's data folder
# ($XDG_DATA_HOME/superstep/bspprobe.json), and bspprof and the collectives take
# them from there with no flag, naming the file and how it came. A result
# measured while other programs kept the processors busy says so in bspprobe's
# report and in bspprof's, and bspprobe measures again while the machine stays
# busy. --save refuses --output, and says so where no data folder is known.
# Usage: saved_params.sh BSPPROBE BSPRUN BSPPROF PROGRAM COLLECTIVES
set -uo pipefail
bspprobe=$1 bsprun=$2 bspprof=$3 program=$4 collectives=$5
unset BSP_PARAMS BSP_NPROCS
dir=$(mktemp -d)
busy_pids=()
trap 'kill "${busy_pids[@]}" 2>/dev/null; rm -rf "$dir"' EXIT
fail() {
  echo "FAIL: $1"
  exit 1
}
export XDG_DATA_HOME=$dir/data
saved=$dir/data/superstep/bspprobe.json
small=(--procs 1,2 --max-words 4096 --quiet)

"$bspprobe" --save "${small[@]}" >"$dir/probe.txt" 2>&1 || fail "bspprobe --save: $(cat "$dir/probe.txt")"
[ -s "$saved" ] || fail "bspprobe --save wrote nothing at $saved"
[ ! -e "$saved.part" ] || fail "bspprobe --save left $saved.part behind"
grep -qxF "results: $saved" "$dir/probe.txt" || fail "bspprobe --save did not name $saved"
[ ! -e bspprobe.svg ] || fail "bspprobe --save drew a plot in the working folder"

"$bsprun" --profile "$dir/F" -n 2 "$program" >/dev/null || fail "the profiled run failed"
"$bspprof" report "$dir/F" >"$dir/report.txt" 2>&1 || fail "bspprof: $(cat "$dir/report.txt")"
grep -qxF "parameters from $saved (saved by bspprobe --save)" "$dir/report.txt" ||
  fail "bspprof did not take the saved parameters: $(grep parameters "$dir/report.txt")"
used=$(sed -n 's/.*"processors_used": \([0-9.e+-]*\).*/\1/p' "$saved")
if grep -q "may be off" "$dir/report.txt"; then
  awk -v used="$used" 'BEGIN { exit !(used > 0.25) }' ||
    fail "bspprof called a measurement busy where others used $used processors"
fi

trace=$(BSP_NPROCS=2 BSP_COLLECTIVE_TRACE=1 "$collectives" auto 2>&1 >/dev/null) ||
  fail "the collectives failed: $trace"
grep -qF "from $saved (saved by bspprobe --save, " <<<"$trace" ||
  fail "the collectives did not take the saved parameters: $(grep -m1 'cost model' <<<"$trace")"

# A result measured on a busy machine says so, in both tools; a quiet one does not.
sed -E 's/"processors_used": [0-9.e+-]+/"processors_used": 1.5/' "$saved" >"$dir/busy.json"
cp "$dir/busy.json" "$saved"
"$bspprof" report "$dir/F" >"$dir/report.txt" 2>&1 || fail "bspprof on the busy file failed"
grep -qE "^these parameters may be off: other programs used 1\.5 of the [0-9]+ processors while it measured.*bspprobe --save" \
  "$dir/report.txt" || fail "bspprof did not say the parameters were measured on a busy machine"
"$bspprobe" --from "$saved" --plot "" >"$dir/from.txt" 2>&1 || fail "bspprobe --from failed"
grep -qE "^load: +other programs used 1\.5 of the [0-9]+ processors" "$dir/from.txt" ||
  fail "bspprobe's report did not say the machine was busy"
sed -E 's/"processors_used": [0-9.e+-]+/"processors_used": 0.01/' "$dir/busy.json" >"$saved"
"$bspprof" report "$dir/F" >"$dir/report.txt" 2>&1 || fail "bspprof on the quiet file failed"
grep -q "may be off" "$dir/report.txt" && fail "bspprof called a quiet measurement busy"

# While other programs keep every processor busy, bspprobe measures again.
for ((i = 0; i < $(nproc); ++i)); do
  (while :; do :; done) &
  busy_pids+=($!)
done
"$bspprobe" --procs 1 --max-words 4096 --tries 2 --plot "" --output "$dir/busy_probe.json" \
  >"$dir/busy_probe.txt" 2>&1 || fail "bspprobe under load: $(cat "$dir/busy_probe.txt")"
kill "${busy_pids[@]}" 2>/dev/null
busy_pids=()
grep -q "measuring again (try 2 of 2)" "$dir/busy_probe.txt" ||
  fail "bspprobe did not measure again on a busy machine: $(cat "$dir/busy_probe.txt")"
grep -q '"tries": 2' "$dir/busy_probe.json" || fail "the result does not record two tries"
grep -qE "^load: +other programs used [0-9.]+ of the [0-9]+ processors while it measured \(the quietest of 2 tries\)" \
  "$dir/busy_probe.txt" || fail "the report does not say the machine stayed busy"

# --save writes where the library looks, nowhere else.
"$bspprobe" --save --output "$dir/x.json" >"$dir/usage.txt" 2>&1
[ $? -eq 2 ] || fail "--save with --output was not refused"
grep -q "give --save or --output" "$dir/usage.txt" || fail "the refusal does not say why"
env -u HOME -u XDG_DATA_HOME "$bspprobe" --save >"$dir/usage.txt" 2>&1
[ $? -eq 2 ] || fail "--save without HOME was not refused"
grep -q "needs HOME or XDG_DATA_HOME" "$dir/usage.txt" || fail "the refusal does not say why"
echo PASS
