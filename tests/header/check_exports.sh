#!/usr/bin/env bash
# check_exports.sh LIBBSP HEADER: the shared library exports the functions HEADER
# declares and nothing but the API (bsp_*, superstep_mcbsp_*, C++ namespace bsp, and what the
# inline first tiers of bsp_put, bsp_send and bsp_move read and call: superstep/detail/inline_paths.h
# and put_tier1.h).
set -uo pipefail
lib=$1 header=$2
symbols=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TWDBVRiu]$/ {print $3}') || exit 1
failed=0
others=$(grep -vE '^(bsp_|superstep_mcbsp_|superstep_(put_runs|send_windows|queue)$|superstep_(put|hpput|send|move)_after_first_tier$|_ZN3bsp)' <<<"$symbols")
if [ -n "$others" ]; then
  echo "FAILED: $lib exports more than the API:"
  head -20 <<<"$others"
  failed=1
fi
for name in $(grep -oE '^(void|int|double) \*?bsp_[a-z_]+\(' "$header" | sed -E 's/.*(bsp_[a-z_]+)\(/\1/'); do
  grep -qx "$name" <<<"$symbols" || { echo "FAILED: $lib does not export $name"; failed=1; }
done
[ $failed -eq 0 ] && echo PASS
exit $failed
