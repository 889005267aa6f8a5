#!/usr/bin/env bash
# The whole path bench/apps.sh takes for its model columns: an app under bsprun --profile,
# bspprof report --json, apps_models. The app's timer labels its supersteps, so apps_models
# finds one timed iteration per --iterations, with a measured time and three predictions.
#   timed_region.sh BSPRUN BSPPROF APPS_MODELS APP [app arguments]
set -euo pipefail
bsprun=$1 bspprof=$2 models=$3 app=$4
shift 4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bsprun" -n 2 --profile "$dir/run.json" "$app" -p 2 --iterations 3 "$@" >"$dir/app.txt"
"$bspprof" report "$dir/run.json" --g 1e-9 --l 1e-6 --json >"$dir/report.json"
line=$("$models" "$dir/report.json")
echo "$line"
awk -F'\t' '
  NF != 5 { print "timed_region: not five fields: " $0; exit 1 }
  $1 != 3 { print "timed_region: " $1 " timed iterations, not 3"; exit 1 }
  !($2 > 0 && $3 > 0 && $4 > 0 && $5 > 0) { print "timed_region: a time is not positive"; exit 1 }
  # The profile times the same supersteps as the app: one second is far more than they take.
  $2 > 1 { print "timed_region: the timed iteration took " $2 " s"; exit 1 }' <<<"$line"
echo "timed_region: PASS"
