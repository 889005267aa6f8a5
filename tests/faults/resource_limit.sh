#!/usr/bin/env bash
# Start-up where the system refuses processes and threads: under `ulimit -u LIMIT`, a program
# that asks for 8 processes must print one line of the library's (the process, the supervisor
# or the thread it could not start, and "Resource temporarily unavailable") and exit with status
# 1, never die of an uncaught exception (status 134), and leave no process behind. Each limit is
# tried RUNS times: which start fails first differs from run to run. Each run goes through
# expect_run, which checks the status, the output and that no process is left, and reaps the
# supervisor when it ends (a zombie counts against the limit until it is reaped).
# RLIMIT_NPROC does not hold for root: as root the program runs as the unprivileged user nobody
# (setpriv, else runuser); where neither works the test says SKIP.
#   resource_limit.sh EXPECT_RUN PROGRAM RUNS LIMIT...      prints PASS, or the failure and FAIL
set -u
expect_run=$1
prog=$2
runs=$3
shift 3
as_user=()
if [ "$(id -u)" = 0 ]; then
  if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
    as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  elif runuser -u nobody -- true 2>/dev/null; then
    as_user=(runuser -u nobody --)
  else
    echo "SKIP: running as root, where RLIMIT_NPROC does not hold, and neither setpriv nor" \
      "runuser can switch to the user nobody"
    exit 0
  fi
  if ! "${as_user[@]}" test -x "$prog"; then
    echo "SKIP: the user nobody cannot run $prog (a build folder only root may read)"
    exit 0
  fi
fi
expected='^superstep: error in bsp_begin: (cannot start process [0-9]+ of 8|cannot start the '
expected+='supervisor of the processes|process 0 cannot start the thread that watches the other '
expected+='processes|cannot start a process \(to try cross-memory attach before starting 8\)): '
expected+='Resource temporarily unavailable\n$'
for limit in "$@"; do
  for ((run = 1; run <= runs; run++)); do
    if ! report=$("$expect_run" --nprocs 8 --timeout 20 --exit 1 --stdout-regex '^$' \
      --stderr-regex "$expected" -- \
      bash -c 'ulimit -u "$0" && exec "$@"' "$limit" "${as_user[@]}" env BSP_ENGINE=shm "$prog" 2>&1)
    then
      echo "ulimit -u $limit, run $run:"
      echo "$report"
      echo FAIL
      exit 1
    fi
  done
done
echo PASS
