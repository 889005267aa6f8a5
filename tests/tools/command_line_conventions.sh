#!/bin/sh
# The command-line conventions every tool and app follows (tools/toolkit/command_line.hpp):
#   command_line_conventions.sh NAME VERSION PROGRAM [ARGS... OPTION]
# checks that
#   PROGRAM --help               exits 0 and prints a usage text on stdout, nothing on stderr;
#   PROGRAM --version            exits 0 and prints "NAME (Superstep) VERSION" and nothing else;
#   PROGRAM --no-such-option     exits 2 with the one line
#                                "NAME: unknown option '--no-such-option'; see 'NAME --help'";
#   PROGRAM ARGS... OPTION       (OPTION an option that takes a value, given none) exits 2 with
#                                "NAME: option 'OPTION' needs a value; see 'NAME --help'".
# Without ARGS and OPTION (bspcc, bspc++: every other argument is the compiler's), the last
# check is PROGRAM alone: "NAME: no input files; see 'NAME --help'".
set -u
name=$1
version=$2
program=$3
shift 3
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
failed=0

# expect WHAT STATUS STDOUT-LINE STDERR-LINE -- ARGS...: an empty line stands for no output;
# a STDOUT-LINE of "usage" means a text naming the usage.
expect() {
  what=$1 status=$2 want_out=$3 want_err=$4
  shift 5
  "$program" "$@" >"$out" 2>"$err" </dev/null
  got=$?
  problem=
  [ "$got" -eq "$status" ] || problem="exit status $got, not $status"
  if [ "$want_out" = usage ]; then
    grep -qi 'usage' "$out" || problem="$problem; no usage text on stdout"
  elif [ "$(cat "$out")" != "$want_out" ]; then
    problem="$problem; stdout is not '$want_out'"
  fi
  [ "$(cat "$err")" = "$want_err" ] || problem="$problem; stderr is not '$want_err'"
  if [ -n "$problem" ]; then
    echo "FAILED: $name $what: ${problem#; }" >&2
    echo "--- stdout:" >&2; cat "$out" >&2
    echo "--- stderr:" >&2; cat "$err" >&2
    failed=1
  fi
}

see="see '$name --help'"
expect --help 0 usage "" -- --help
expect --version 0 "$name (Superstep) $version" "" -- --version
if [ $# -gt 0 ]; then
  expect "unknown option" 2 "" "$name: unknown option '--no-such-option'; $see" -- --no-such-option
  eval "option=\${$#}"
  expect "missing value" 2 "" "$name: option '$option' needs a value; $see" -- "$@"
else
  expect "no input" 2 "" "$name: no input files; $see" --
fi
exit $failed
