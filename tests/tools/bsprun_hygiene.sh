#!/bin/sh
# bsprun leaves nothing behind, however it ends.
#   bsprun_hygiene.sh closed-pipe BSPRUN
#       bsprun --tag-output with its stdout a pipe that the reader closes early
#       (| head -1): bsprun must still remove its temporary folder.
#   bsprun_hygiene.sh killed BSPRUN PROGRAM
#       bsprun -n 4 PROGRAM (a program that never ends), then kill -9 of bsprun:
#       every process of the program must die with it.
set -u
mode=$1
bsprun=$2
TMPDIR=$(mktemp -d)
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
fail() {
  echo "FAILED: $*" >&2
  exit 1
}
# The live processes (zombies do not count) whose parent (parent) or process
# group (group) is $2, read from /proc: procps may not be installed.
processes() {
  for stat in /proc/[0-9]*/stat; do
    read -r line 2>/dev/null <"$stat" || continue
    set -- "$1" "$2" ${line##*) } # state, parent, group, ...
    [ "$3" = Z ] && continue
    if { [ "$1" = parent ] && [ "$4" = "$2" ]; } || { [ "$1" = group ] && [ "$5" = "$2" ]; }; then
      pid=${stat#/proc/}
      echo "${pid%/stat}"
    fi
  done
}

case $mode in
closed-pipe)
  # yes writes without end, so bsprun writes to the pipe after head has gone.
  first=$("$bsprun" --tag-output yes | head -1)
  [ "$first" = "[0] y" ] || fail "first line is '$first', expected '[0] y'"
  left=$(ls -A "$TMPDIR")
  [ -z "$left" ] || fail "bsprun left $left in its temporary folder"
  ;;
killed)
  program=$3
  "$bsprun" -n 4 "$program" &
  launcher=$!
  # The program runs in a process group of its own, named after its pid.
  group=""
  for _ in $(seq 100); do
    group=$(processes parent "$launcher" | head -1)
    [ -n "$group" ] && [ "$(processes group "$group" | wc -l)" -ge 4 ] && break
    sleep 0.05
  done
  [ -n "$group" ] || fail "bsprun did not start the program"
  kill -9 "$launcher"
  wait "$launcher" 2>/dev/null
  for _ in $(seq 100); do
    [ -z "$(processes group "$group")" ] && exit 0
    sleep 0.05
  done
  left=$(processes group "$group" | tr '\n' ' ')
  kill -9 -- "-$group" 2>/dev/null
  fail "processes $left of the program outlived bsprun by 5 seconds"
  ;;
*)
  fail "unknown mode $mode"
  ;;
esac
