#!/usr/bin/env bash
# bsprun --engine udp --hostfile, with a remote shell that runs "remote" hosts
# on this machine (local_agent.sh): the hosts 127.0.0.2 and 127.0.0.3 are
# addresses of this machine that are not its interfaces' addresses, so bsprun
# reaches them through the remote shell, and the processes there meet the
# others over loopback. One case per call:
#
#   hostfile.sh --bsprun PATH --agent PATH --target PATH --fault PATH --program PATH
#               --hang PATH CASE
#
# --target is tests/tools' bsprun_target (a plain program), --fault the faults
# program, --program a conformance program that prints PASS, --hang one whose
# processes compute forever. Every job gets a mark in its environment (a BSP_
# variable, which the remote shell carries too); after each job no process
# with that mark may be left, on any "host". Prints what failed; exits 1 then.
set -u
while (($# > 1)); do
  case $1 in
    --bsprun) bsprun=$2 ;;
    --agent) agent=$2 ;;
    --target) target=$2 ;;
    --fault) fault=$2 ;;
    --program) program=$2 ;;
    --hang) hang=$2 ;;
    *) break ;;
  esac
  shift 2
done
case=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SUPERSTEP_AGENT_LOG=$work/agent.log
failures=0
fail() {
  echo "FAILED: $*"
  failures=$((failures + 1))
}

# run HOSTFILE-TEXT BSPRUN-ARGS... : runs bsprun in $work with that hostfile;
# sets out, err, status, seconds, and checks that nothing of the job is left.
run() {
  printf '%b' "$1" >"$work/hosts"
  shift
  : >"$SUPERSTEP_AGENT_LOG"
  mark=hostfile-test-$$-$RANDOM
  local start=$SECONDS
  (cd "$work" && env BSP_TEST_MARK=$mark "$bsprun" --engine udp --hostfile hosts "$@" \
    <"$work/stdin" >"$work/out" 2>"$work/err")
  status=$?
  seconds=$((SECONDS - start))
  out=$(cat "$work/out")
  err=$(cat "$work/err")
  local left=
  for ((i = 0; i < 30; i++)); do
    left=$(grep -lzx "BSP_TEST_MARK=$mark" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3 | tr '\n' ' ')
    [ -z "$left" ] && break
    sleep 0.1
  done
  [ -z "$left" ] || fail "processes of the job are still running after it ended: $left"
}
expect() {  # expect WHAT ACTUAL EXPECTED
  [ "$2" = "$3" ] || fail "$1: expected '$3', got '$2' (stdout: $out; stderr: $err)"
}
sessions() { sed -n 's/^\([^ ]*\) .* --udp-host \([^ ]*\) --.*/\1 \2/p' "$SUPERSTEP_AGENT_LOG" | sort | tr '\n' ';'; }
: >"$work/stdin"

case $case in
  placement)
    # Slots filled in order, process 0 in the first; one session per host;
    # without -n, one process per slot; the remote shell from BSP_RSH.
    BSP_RSH=$agent run 'localhost slots=1 # this machine\n\n127.0.0.2 slots=2\n127.0.0.3\n' \
      "$target" env BSP_UDP_RANK
    expect "exit status" "$status" 0
    expect "ranks" "$(sort <<<"$out" | tr '\n' ' ')" "0 1 2 3 "
    expect "sessions" "$(sessions)" "127.0.0.2 1-2;127.0.0.3 3;"
    run '127.0.0.2 slots=2\nlocalhost slots=2\n' -n 4 --rsh "$agent" "$program"
    expect "a BSP program with process 0 on another host" "$status $out" "0 PASS"
    ;;
  oversubscribe)
    run 'localhost\n127.0.0.2 slots=2\n127.0.0.3\n' -n 6 --rsh "$agent" "$target" status 0
    expect "exit status" "$status" 2
    expect "message" "$err" "bsprun: there are not enough slots in the hostfile hosts for 6 processes: it has 4 slots on 3 hosts; give fewer processes, more slots, or --oversubscribe"
    run 'localhost\n127.0.0.2 slots=2\n127.0.0.3\n' -n 6 --oversubscribe --rsh "$agent" \
      "$target" env BSP_UDP_RANK
    expect "exit status" "$status" 0
    expect "ranks" "$(sort <<<"$out" | tr '\n' ' ')" "0 1 2 3 4 5 "
    expect "sessions" "$(sessions)" "127.0.0.2 1-2,5;127.0.0.3 3;"
    ;;
  environment)
    # What a remote process needs to join, and the working directory: the
    # program is named relative to it.
    ln -s "$target" "$work/prog"
    printf 'line for process 0\n' >"$work/stdin"
    for name in BSP_UDP_SIZE BSP_NPROCS BSP_ENGINE BSP_EXTRA; do
      BSP_EXTRA=carried run '127.0.0.2 slots=2\n127.0.0.3\n' --rsh "$agent" ./prog env $name
      expect "exit status" "$status" 0
      case $name in
        BSP_UDP_SIZE | BSP_NPROCS) want="3 3 3 " ;;
        BSP_ENGINE) want="udp udp udp " ;;
        BSP_EXTRA) want="carried carried carried " ;;
      esac
      expect "$name" "$(tr '\n' ' ' <<<"$out")" "$want"
    done
    expect "rendezvous" "$(grep -c "BSP_UDP_RENDEZVOUS=127.0.0.2:[0-9]" "$SUPERSTEP_AGENT_LOG")" 2
    # One key for the run, the same in every process.
    run '127.0.0.2 slots=2\nlocalhost\n' --rsh "$agent" ./prog env BSP_UDP_KEY
    expect "keys" "$(sort -u <<<"$out" | grep -cE '^[0-9a-f]{16}$') $(wc -l <<<"$out")" "1 3"
    # Standard input is process 0's, on another host too.
    run '127.0.0.2 slots=1\n127.0.0.3\n' --rsh "$agent" /bin/sh -c \
      'read -r line; echo "$BSP_UDP_RANK: $line"'
    expect "standard input" "$(sort <<<"$out" | tr '\n' ' ')" "0: line for process 0 1:  "
    ;;
  status)
    # The job's exit status is the program's, from another host too.
    run '127.0.0.2\n127.0.0.3\n' --rsh "$agent" "$target" status 3
    expect "exit status" "$status" 3
    run 'localhost\n127.0.0.2\n' --rsh "$agent" /bin/sh -c 'exit $((BSP_UDP_RANK * 5))'
    expect "exit status of process 1 on another host" "$status" 5
    run 'localhost\n127.0.0.2\n' --rsh "$work/no-such-remote-shell" "$target" status 0
    expect "a remote shell that does not exist" "$status" 127
    expect "message" "$err" "bsprun: cannot run the remote shell '$work/no-such-remote-shell': No such file or directory"
    ;;
  crash)
    # Process 3, on another host, is killed in superstep 2: the others stop
    # within the udp engine's timeout (0.5 s here), one line names it.
    BSP_UDP_TIMEOUT=0.5 run 'localhost slots=2\n127.0.0.2 slots=2\n' --rsh "$agent" "$fault" sigkill
    ((status != 0)) || fail "exit status 0"
    [[ $err =~ ^"superstep: process 3 stopped answering in superstep 2 (nothing heard from it for 0."[0-9]" s); stopping all processes"$ ]] ||
      fail "the message: $err"
    ((seconds <= 5)) || fail "the job took $seconds s to stop"
    ;;
  timeout)
    # bsprun --timeout ends a job whose processes compute forever, on every
    # host: the remote shells end, the sessions close, the hosts' bsprun
    # kill their processes.
    run 'localhost\n127.0.0.2 slots=2\n127.0.0.3\n' --timeout 1 --rsh "$agent" "$hang"
    expect "exit status" "$status" 124
    ;;
  *)
    echo "hostfile.sh: unknown case '$case'"
    exit 2
    ;;
esac
((failures == 0)) && echo "hostfile.sh: $case: passed" && exit 0
exit 1
