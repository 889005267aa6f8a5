#!/usr/bin/env bash
# The udp engine beside Open MPI over TCP on the same patterns in the same run
# of this script (--mca pml ob1 --mca btl tcp,self, and --mca osc pt2pt: by
# default Open MPI's one-sided MPI_Put takes shared memory on one host): empty superstep, fine-grained puts,
# total exchange; the exchange also with the udp engine's destinations in pid
# order (BSP_UDP_ORDER=pid) instead of the latin square. Each program runs
# `runs` times; the table shows the median of the runs' medians, the spread
# (lowest-highest) and the ratios. Loopback only: every process on this host.
#   bash bench/compare_udp.sh [build-dir] [runs] [p ...]    (defaults: build, 5, 2 4)
set -euo pipefail
build=${1:-build}
runs=${2:-5}
shift $(($# < 2 ? $# : 2))
procs=("$@")
[ ${#procs[@]} -gt 0 ] || procs=(2 4)
bsprun=$build/bin/bsprun
bin=$build/bench
for f in "$bsprun" "$bin/bench_patterns" "$bin/bench_mpi_patterns"; do
  [ -x "$f" ] || {
    echo "compare_udp.sh: $f is missing (build with MPI installed first)" >&2
    exit 2
  }
done
# Root and oversubscription settings belong to this script, not to the user.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
puts=10000
sizes=(65536 1048576)
results=$(mktemp)
trap 'rm -f "$results"' EXIT

# run LABEL COMMAND...: appends "LABEL pattern seconds" for every line printed.
run() {
  local label=$1
  shift
  "$@" | while read -r pattern seconds; do echo "$label $pattern $seconds"; done >>"$results"
}

for p in "${procs[@]}"; do
  for ((r = 0; r < runs; ++r)); do
    # Interleaved, so that a change in the machine's load touches all three alike.
    run "udp.$p" env BSP_UDP_ORDER=latin "$bsprun" --engine udp -n "$p" \
      "$bin/bench_patterns" "$puts" "${sizes[@]}"
    run "pid.$p" env BSP_UDP_ORDER=pid "$bsprun" --engine udp -n "$p" \
      "$bin/bench_patterns" "$puts" "${sizes[@]}"
    run "mpi.$p" mpirun --oversubscribe -n "$p" --mca pml ob1 --mca btl tcp,self --mca osc pt2pt \
      "$bin/bench_mpi_patterns" "$puts" "${sizes[@]}"
  done
done

# stats LABEL PATTERN: "median lowest highest" in microseconds.
stats() {
  awk -v l="$1" -v q="$2" '$1 == l && $2 == q { print $3 * 1e6 }' "$results" | sort -g |
    awk '{ v[NR] = $1 } END { printf "%.1f %.1f %.1f", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

echo "udp engine vs Open MPI over TCP (pml ob1, btl tcp,self, osc pt2pt), loopback, $(nproc) cores;"
echo "microseconds, median of $runs runs [lowest-highest], each run's figure a median of 15"
echo "samples of the slowest process; ratio = udp / MPI (below 1: udp faster);"
echo "pid/latin = the udp engine with destinations in pid order over latin-square order"
printf "%-3s %-22s %26s %26s %7s %26s %9s\n" p pattern "udp (latin square)" "MPI TCP" ratio \
  "udp (pid order)" pid/latin
for p in "${procs[@]}"; do
  for pattern in empty puts "${sizes[@]/#/exchange_}"; do
    read -r um ul uh <<<"$(stats "udp.$p" "$pattern")"
    read -r mm ml mh <<<"$(stats "mpi.$p" "$pattern")"
    name=$pattern
    case $pattern in
      empty) name="empty superstep" ;;
      puts) name="$puts puts of 8 B" ;;
      exchange_*) name="total exchange $((${pattern#exchange_} / 1024)) KiB" ;;
    esac
    pid_cols=("" "")
    if [[ $pattern == exchange_* ]]; then
      read -r pm pl ph <<<"$(stats "pid.$p" "$pattern")"
      pid_cols=("$pm [$pl-$ph]" "$(awk -v a="$pm" -v b="$um" 'BEGIN { printf "%.2f", a / b }')")
    fi
    printf "%-3s %-22s %26s %26s %7s %26s %9s\n" "$p" "$name" "$um [$ul-$uh]" "$mm [$ml-$mh]" \
      "$(awk -v a="$um" -v b="$mm" 'BEGIN { printf "%.2f", a / b }')" "${pid_cols[@]}"
  done
done
