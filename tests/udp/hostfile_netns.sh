#!/usr/bin/env bash
# bsprun --engine udp --hostfile across network namespaces: three namespaces
# (netns_setup.sh) play three hosts, named in the hostfile by their addresses;
# the remote shell local_agent.sh runs each host's session inside its
# namespace, so the processes really are on different addresses and meet only
# over the bridge. Runs conformance programs and the differential suite
# through bsprun, a crash and a timeout, and checks that every process was
# where the hostfile put it and that nothing is left in any namespace
# afterwards.
#
#   hostfile_netns.sh --bsprun PATH --fault PATH --hang PATH
#                     [--differential PATH --interp PATH --programs N] [program...]
#
# Exits 77 (CTest's skip) with a message where namespaces cannot be made.
set -u
differential= interp= programs=100 K=3
conformance=()
while (($#)); do
  case $1 in
    --bsprun) bsprun=$2; shift 2 ;;
    --fault) fault=$2; shift 2 ;;
    --hang) hang=$2; shift 2 ;;
    --differential) differential=$2; shift 2 ;;
    --interp) interp=$2; shift 2 ;;
    --programs) programs=$2; shift 2 ;;
    *) conformance+=("$1"); shift ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)
source "$here/netns_setup.sh"
work=$(mktemp -d)
trap 'netns_cleanup; rm -rf "$work"' EXIT

export SUPERSTEP_AGENT_NETNS_PREFIX=$prefix
printf '%s slots=2  # process 0 and 1\n%s\n%s\n' "$subnet.1" "$subnet.2" "$subnet.3" >"$work/hosts"
launch=("$bsprun" --engine udp --hostfile "$work/hosts" --rsh "$here/local_agent.sh")
failures=0
fail() {
  echo "hostfile_netns.sh: FAILED: $*"
  failures=$((failures + 1))
}
# Nothing of a job may be left in any namespace once bsprun has returned
# (the sessions' bsprun get a moment to see their session close).
nothing_left() {
  local left
  for ((t = 0; t < 30; t++)); do
    left=
    for ((i = 0; i < K; i++)); do left+=$(ip netns pids "${prefix}$i"); done
    [ -z "$left" ] && return
    sleep 0.1
  done
  fail "$1: processes left in the namespaces: $left"
}
# processes_in NAMESPACE-INDEX: how many processes run the program there.
processes_in() {
  local n=0
  for pid in $(ip netns pids "${prefix}$1"); do
    [ "$(readlink "/proc/$pid/exe")" = "$2" ] && n=$((n + 1))
  done
  echo $n
}

for prog in "${conformance[@]}"; do
  out=$(timeout 60 "${launch[@]}" "$prog" 2>&1)
  rc=$?
  [ $rc = 0 ] && [ "$out" = PASS ] || fail "$(basename "$prog") at p=4: status $rc: $out"
  nothing_left "$(basename "$prog")"
done

# Every process where the hostfile puts it: two in the first namespace, one
# in each other one; bsprun --timeout then ends them all, on every host.
"${launch[@]}" --timeout 3 "$hang" >"$work/out" 2>&1 &
bsprun_pid=$!
placed=
for ((t = 0; t < 25; t++)); do
  sleep 0.1
  placed="$(processes_in 0 "$hang") $(processes_in 1 "$hang") $(processes_in 2 "$hang")"
  [ "$placed" = "2 1 1" ] && break
done
[ "$placed" = "2 1 1" ] || fail "processes per namespace: expected 2 1 1, found $placed"
wait $bsprun_pid
rc=$?
[ $rc = 124 ] || fail "--timeout: status $rc: $(cat "$work/out")"
nothing_left "--timeout"

# Process 3 is killed in superstep 2: the others, on other hosts, stop within
# the engine's timeout with one line that names it.
start=$SECONDS
err=$(BSP_UDP_TIMEOUT=1 timeout 60 "${launch[@]}" "$fault" sigkill 2>&1 >/dev/null)
rc=$?
[ $rc != 0 ] || fail "a killed process: status 0"
[[ $err =~ ^"superstep: process 3 stopped answering in superstep 2 (nothing heard from it for "[0-9.]+" s); stopping all processes"$ ]] ||
  fail "a killed process: the message: $err"
((SECONDS - start <= 6)) || fail "a killed process: the job took $((SECONDS - start)) s to stop"
nothing_left "a killed process"

if [ -n "$differential" ]; then
  if SUPERSTEP_DIFFERENTIAL_LAUNCHER="${launch[*]} -n %P%" timeout 900 \
    "$differential" --interp "$interp" --programs "$programs" --seed 11 --max-nprocs 4 \
    --save-dir "$work" >"$work/differential.log" 2>&1; then
    echo "hostfile_netns.sh: $programs differential programs agree with the model"
  else
    fail "differential:"
    tail -20 "$work/differential.log"
  fi
  nothing_left "differential"
fi
((failures == 0)) && echo "hostfile_netns.sh: all passed" && exit 0
exit 1
