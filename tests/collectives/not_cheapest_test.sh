#!/usr/bin/env bash
# not_cheapest.awk on trace lines whose verdict is known: equal printed costs pass whichever
# is chosen, a choice whose printed cost is higher is printed, and so is a line without costs.
set -uo pipefail
judge() { awk -f "$(dirname "$0")/not_cheapest.awk" <<<"$1"; }
pass=(
  "superstep: bsp_reduce p=4 bytes=8008: direct 13.2 us, two_phase 13.2 us, messages 13.2 us -> messages (cost model; l=3.61 us)"
  "superstep: bsp_alltoallv p=3 bytes=96: direct 2.5 us, messages 3e+03 us -> direct (cost model; l=1 us)"
  "superstep: bsp_allreduce p=4 bytes=8: direct 1.1 us, two_phase 0.9 us, messages 1.2 us -> two_phase (cost model; l=1 us)"
)
fail=(
  "superstep: bsp_reduce p=4 bytes=8008: direct 13.1 us, two_phase 13.2 us, messages 13.2 us -> messages (cost model; l=3.61 us)"
  "superstep: bsp_alltoallv p=3 bytes=96: direct 3e+03 us, messages 2.9e+03 us -> direct (cost model; l=1 us)"
  "superstep: bsp_reduce p=4 bytes=8: -> direct (cost model; l=1 us)"
)
for line in "${pass[@]}"; do
  [ -z "$(judge "$line")" ] || { echo "FAILED: judged not the cheapest: $line"; exit 1; }
done
for line in "${fail[@]}"; do
  [ -n "$(judge "$line")" ] || { echo "FAILED: judged the cheapest: $line"; exit 1; }
done
echo PASS
