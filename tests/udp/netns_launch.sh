#!/usr/bin/env bash
# Starts one udp job of P processes spread over the network namespaces that
# netns.sh made: process r runs in namespace ${SUPERSTEP_NETNS_PREFIX}r mod K,
# process 0's address is the rendezvous. Used as the launcher in front of a
# program (as mpirun would be): netns_launch.sh P program [arguments...].
# Exits with process 0's status when it failed, else the first failure, else 0.
set -u
P=$1
shift
prefix=${SUPERSTEP_NETNS_PREFIX:?set by netns.sh}
K=${SUPERSTEP_NETNS_COUNT:?set by netns.sh}
subnet=${SUPERSTEP_NETNS_SUBNET:?set by netns.sh}
# A port per job, from the launcher's pid: jobs may overlap in time.
port=$((20000 + ($$ * 7 + RANDOM) % 40000))
pids=()
for ((r = 0; r < P; r++)); do
  ns=${prefix}$((r % K))
  if ((r == 0)); then
    ip netns exec "$ns" env BSP_NPROCS=$P BSP_ENGINE=udp BSP_UDP_RANK=$r BSP_UDP_SIZE=$P \
      BSP_UDP_RENDEZVOUS=${subnet}.1:$port "$@" &
  else
    ip netns exec "$ns" env BSP_NPROCS=$P BSP_ENGINE=udp BSP_UDP_RANK=$r BSP_UDP_SIZE=$P \
      BSP_UDP_RENDEZVOUS=${subnet}.1:$port "$@" </dev/null &
  fi
  pids+=($!)
done
status=0
# Bounded: every process ends by itself, or the engine's timeout ends it; the
# caller's time limit covers the rest.
for ((r = 0; r < P; r++)); do
  wait "${pids[r]}" 2>/dev/null
  s=$?
  if ((s != 0 && (status == 0 || r == 0))); then status=$s; fi
  if ((r == 0 && s != 0)); then
    for pid in "${pids[@]:1}"; do kill -KILL "$pid" 2>/dev/null; done
    exec 2>/dev/null  # bash's notices of the processes it just killed
  fi
done
exit $status
