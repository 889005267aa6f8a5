#!/usr/bin/env bash
# bspc++ compiles a bsp.hpp program with no flags (it adds -std=c++20), and a profile of it
# names the program's own lines as the supersteps' call sites: ctx.sync() and a coarray's
# constructor record their caller's file and line (std::source_location), not the header's.
# Usage: bspcxx_profile_sites.sh BIN_DIR SOURCE WORK_DIR
set -euo pipefail
bin=$1 source=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
"$bin/bspc++" "$source" -o "$work/prog"
"$bin/bsprun" --profile "$work/run.json" -n 2 "$work/prog" | grep -qx "sum 1"
name=$(basename "$source")
for mark in SYNC-A SYNC-B; do
  for line in $(grep -n "// $mark" "$source" | cut -d: -f1); do
    if ! grep -q "$name:$line\\b" "$work/run.json"; then
      echo "the profile does not name $name:$line ($mark)"; grep -o '"site":"[^"]*"' "$work/run.json" | sort -u; exit 1
    fi
  done
done
if grep -q 'context.hpp\|coarray.hpp' "$work/run.json"; then
  echo "the profile names a header of bsp.hpp as a call site"; exit 1
fi
echo PASS
