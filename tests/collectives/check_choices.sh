#!/usr/bin/env bash
# check_choices.sh PARAMS_FILE PROGRAM ARGS...: runs PROGRAM (at BSP_NPROCS processes) with
# BSP_PARAMS unset and BSP_COLLECTIVE_TRACE=1, and checks that the collectives took their
# parameters from PARAMS_FILE, the file measured at build time, with the l, g and memcpy rate of
# its entry for the nearest p (and o per put and per send of its per-message fits), and that every choice the cost model made is the algorithm with
# the least cost the trace prints (direct on a tie).
set -uo pipefail
params=$1
shift
[ -r "$params" ] || { echo "FAILED: no measured parameters at $params"; exit 1; }
# Parameters a user saved with bspprobe --save would outrank the build's: an empty data folder.
no_user_data=$(mktemp -d)
trap 'rm -rf "$no_user_data"' EXIT
trace=$(env -u BSP_PARAMS -u BSP_COLLECTIVE XDG_DATA_HOME="$no_user_data" BSP_COLLECTIVE_TRACE=1 \
  "$@" 2>&1 >/dev/null)
status=$?
[ $status -eq 0 ] || { echo "FAILED: the program exited with $status"; echo "$trace"; exit 1; }
lines=$(grep -c '(cost model; ' <<<"$trace")
[ "$lines" -gt 0 ] || { echo "FAILED: no choice by the cost model in the trace"; exit 1; }
real=$(realpath "$params")
if grep '(cost model; ' <<<"$trace" | grep -vqF "from $real (measured at build, bspprobe result"; then
  echo "FAILED: a choice did not use $real:"
  grep '(cost model; ' <<<"$trace" | grep -vF "from $real" | head -3
  exit 1
fi
# The figures the trace shows are those of the file's entry for the nearest p.
p=${BSP_NPROCS:?set BSP_NPROCS}
want=$(python3 - "$real" "$p" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); p = int(sys.argv[2])
e = min((e for e in d["per_p"] if e.get("p")), key=lambda e: abs(e["p"] - p))
g = (e.get("g_global") or e.get("g_local"))["slope"] / d.get("word_bytes", 4)
def o(key):
    pm = (e.get(key) or {}).get("per_message") or {}
    return max(0.0, pm.get("o", 0.0)) * 1e9
print("l=%.3g us, g=%.3g ns/byte, o=%.3g ns/put, %.3g ns/send, c=%.3g ns/byte" % (
      e["l"]["median"] * 1e6, g * 1e9, o("g_put"), o("g_send"), d["floors"]["memcpy_ns_per_byte"]))
PY
)
if grep '(cost model; ' <<<"$trace" | grep -vqF "(cost model; $want"; then
  echo "FAILED: expected \"$want\" from the file, the trace says:"
  grep '(cost model; ' <<<"$trace" | head -1
  exit 1
fi
# Each choice is the cheapest of the costs printed (not_cheapest.awk).
bad=$(grep '(cost model; ' <<<"$trace" | awk -f "$(dirname "$0")/not_cheapest.awk")
[ -z "$bad" ] || { echo "FAILED: choices that are not the cheapest:"; head -3 <<<"$bad"; exit 1; }
echo PASS
