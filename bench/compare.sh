#!/usr/bin/env bash
# Runs the benchmarks side by side with their floors and with OpenMPI doing
# the same work, and prints each figure as a ratio.
#   bash bench/compare.sh [build-dir]        (default: build)
set -euo pipefail
build=${1:-build}
bin=$build/bench
[ -x "$bin/bench_empty_superstep" ] || { echo "compare.sh: build first: cmake --build $build" >&2; exit 2; }

echo "== empty superstep"
for p in 2 4 8; do "$bin/bench_empty_superstep" "$p"; done

echo "== start-up and teardown (bsp_begin + bsp_end) beside forking as many processes"
"$bin/bench_startup" 64 256 1024

echo "== total exchange"
"$bin/bench_total_exchange" 2 $((1 << 20))
"$bin/bench_total_exchange" 2 $((16 << 20))

echo "== 100,000 puts of 8 bytes, then one sync"
ours=$("$bin/bench_small_puts" 2 100000)
echo "$ours"
if [ -x "$bin/bench_mpi_small_puts" ] && command -v mpirun >/dev/null; then
  # Root and oversubscription settings belong to this script, not to the user.
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  theirs=$(mpirun --oversubscribe -n 2 "$bin/bench_mpi_small_puts" 100000)
  echo "$theirs"
  put=$(sed -E 's/.*bsp_put ([0-9.]+) us.*/\1/' <<<"$ours")
  hpput=$(sed -E 's/.*bsp_hpput ([0-9.]+) us.*/\1/' <<<"$ours")
  mpi=$(sed -E 's/.*: ([0-9.]+) us$/\1/' <<<"$theirs")
  awk -v a="$put" -v b="$hpput" -v m="$mpi" \
    'BEGIN { printf "  OpenMPI / bsp_put = %.1f x faster; OpenMPI / bsp_hpput = %.1f x faster\n", m / a, m / b }'
else
  echo "  (OpenMPI peer not built: install libopenmpi-dev openmpi-bin and rebuild)"
fi
echo "== the C++ layer (bsp.hpp) beside the C calls it wraps"
"$bin/bench_cpp_overhead" 2 100000
