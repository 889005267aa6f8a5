#!/usr/bin/env bash
# The MPI engine beside plain MPI code doing the same work in the same run, with
# Open MPI's default transport and with TCP forced, and the engine-independent
# benchmarks run under mpirun.
#   bash bench/compare_mpi.sh [build-dir] [p]        (defaults: build, 2)
set -euo pipefail
build=${1:-build}
p=${2:-2}
bin=$build/bench
[ -x "$bin/bench_mpi_compare" ] || {
  echo "compare_mpi.sh: build with MPI installed first (bench_mpi_compare is missing)" >&2
  exit 2
}
# Root and oversubscription settings belong to this script, not to the user.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun --oversubscribe -n "$p")

echo "== default transport"
"${mpirun[@]}" "$bin/bench_mpi_compare" 100000 $((1 << 20))
echo "== TCP (--mca btl tcp,self)"
"${mpirun[@]}" --mca btl tcp,self "$bin/bench_mpi_compare" 100000 $((1 << 20))
echo "== the engine-independent benchmarks under mpirun"
"${mpirun[@]}" "$bin/bench_small_puts" "$p" 100000
"${mpirun[@]}" "$bin/bench_total_exchange" "$p" $((1 << 20))
# Every destination 16 bytes after its source in a page, where the kernel's copy that carries
# large messages within a host crawls (core/bulk_messages.cpp lets such messages land in a buffer).
"${mpirun[@]}" "$bin/bench_total_exchange" "$p" 65536 0:16
echo "== level-1 collectives beside Open MPI's, p = 2, 4, 8"
for q in 2 4 8; do
  mpirun --oversubscribe -n "$q" "$bin/bench_collectives" 8 65536 $((1 << 20))
done
