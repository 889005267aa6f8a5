#!/usr/bin/env bash
# The udp engine across network namespaces: makes K namespaces joined by a
# bridge (netns_setup.sh), impairs every link in turn with tc netem (loss 1% and 10%,
# duplication, reordering with delay, delay), runs the differential suite and
# a few conformance programs across them under each, and removes everything
# afterwards, however it ends.
#
#   netns.sh --differential PATH --interp PATH [--programs N] [--procs K] [program...]
#
# Where the kernel has no netem qdisc, the same impairments come from the
# engine's own BSP_UDP_IMPAIR on every sending process (no delay then), and
# the script says so. Exits 77 (CTest's skip) with a message where namespaces
# cannot be made: that needs root and iproute2.
set -u
differential= interp= programs=200 K=4
conformance=()
while (($#)); do
  case $1 in
    --differential) differential=$2; shift 2 ;;
    --interp) interp=$2; shift 2 ;;
    --programs) programs=$2; shift 2 ;;
    --procs) K=$2; shift 2 ;;
    *) conformance+=("$1"); shift ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)

source "$here/netns_setup.sh"
export SUPERSTEP_NETNS_PREFIX=$prefix SUPERSTEP_NETNS_COUNT=$K SUPERSTEP_NETNS_SUBNET=$subnet

netem=yes
ip netns exec "${prefix}0" tc qdisc add dev v0 root netem delay 0ms 2>/dev/null || netem=no
ip netns exec "${prefix}0" tc qdisc del dev v0 root 2>/dev/null
[ $netem = no ] && echo "netns.sh: this kernel has no netem qdisc: impairments come from BSP_UDP_IMPAIR in every process (no delay)"

# name | netem arguments | BSP_UDP_IMPAIR equivalent
profiles=(
  "clean||"
  "loss1|loss 1%|loss=0.01"
  "loss10|loss 10%|loss=0.10"
  "duplicate|duplicate 5%|dup=0.05"
  "reorder|delay 2ms reorder 25% 50%|reorder=0.25"
  "delay|delay 5ms 1ms|"
)
failures=0
for profile in "${profiles[@]}"; do
  IFS='|' read -r name args impair <<<"$profile"
  if [ $netem = no ] && [ -n "$args" ] && [ -z "$impair" ]; then
    echo "netns.sh: $name: skipped (needs netem)"
    continue
  fi
  for ((i = 0; i < K; i++)); do
    ip netns exec "${prefix}$i" tc qdisc del dev v0 root 2>/dev/null
    if [ $netem = yes ] && [ -n "$args" ]; then
      # shellcheck disable=SC2086
      ip netns exec "${prefix}$i" tc qdisc add dev v0 root netem $args
    fi
  done
  if [ $netem = yes ]; then export BSP_UDP_IMPAIR=; else export BSP_UDP_IMPAIR=$impair; fi
  n=$programs
  [ "$name" = loss10 ] && n=$((programs / 2))
  for prog in "${conformance[@]}"; do
    out=$(timeout 60 "$here/netns_launch.sh" "$K" "$prog" 2>&1)
    rc=$?
    if [ $rc != 0 ] || [ "$out" != PASS ]; then
      echo "netns.sh: $name: $(basename "$prog") at p=$K FAILED (status $rc): $out"
      failures=$((failures + 1))
    fi
  done
  if [ -n "$differential" ]; then
    if SUPERSTEP_DIFFERENTIAL_LAUNCHER="$here/netns_launch.sh %P%" timeout 900 \
      "$differential" --interp "$interp" --programs "$n" --seed 7 --max-nprocs "$K" \
      --save-dir "${TMPDIR:-/tmp}" >"${TMPDIR:-/tmp}/$prefix.$name.log" 2>&1; then
      echo "netns.sh: $name: ${#conformance[@]} programs and $n differential programs agree with the model"
    else
      echo "netns.sh: $name: differential FAILED:"
      tail -20 "${TMPDIR:-/tmp}/$prefix.$name.log"
      failures=$((failures + 1))
    fi
    rm -f "${TMPDIR:-/tmp}/$prefix.$name.log"
  fi
done
((failures == 0)) && echo "netns.sh: all passed" && exit 0
exit 1
