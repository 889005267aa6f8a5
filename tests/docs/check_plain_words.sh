#!/usr/bin/env bash
# check_plain_words.sh BIN_DIR PROGRAM SOURCE_DIR: what the tools print, write and plot, and what
# the library says when it stops a program, is in plain words: no formula, figure, table or
# section numbers, no § sign, no pattern codes (E, PP, OA, AO, AA) and no field names of the
# tools' JSON files where a reader looks for an explanation. Papers are cited by their authors
# and year beside the explanation. Runs bspprobe (quick, p = 1 and 2, small sizes), a profiled
# run of PROGRAM at p = 2 read by bspprof report (terminal and page), predict and compare,
# bsproute's commands and plots, bspcheck, bsprun, and every tool's --help; then looks at the
# messages in the library's sources. Prints PASS, or FAILED with every offending line.
set -uo pipefail
export LC_ALL=C.UTF-8
[ $# -eq 3 ] || { echo "usage: check_plain_words.sh BIN_DIR PROGRAM SOURCE_DIR" >&2; exit 2; }
bin=$1 program=$2 src=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# Numbered parts of a paper, and the § sign.
numbered='§|\b[Ff]ormulas? ?[0-9]|\b(Figure|Fig\.|Table|[Ss]ection)s? ?[0-9]'
# Roda et al.'s pattern codes: as words of their own, in parentheses, or as a table cell.
codes='(^|[^A-Za-z0-9_#/-])(PP|OA|AO|AA)([^A-Za-z0-9_]|$)|\((E|PP|OA|AO|AA)\)|^ *[0-9]+ +E +'
# Field names of bspprobe's and bspprof's JSON files.
fields='\b(g_global|g_local|g_self|g_put|g_get|g_send|l\.median|formula11|o_small|o_sync|o_issue'
fields+='|n_half_bytes|s_flops|per_p)\b|\brho\('
bad="$numbered|$codes|$fields"

# texts: every text a reader of the tools sees, each line prefixed by where it came from.
texts() {
  local tool command
  for tool in bsprun bspcc bspc++ bspprobe bspprof bsproute bspcheck; do
    [ -x "$bin/$tool" ] || { echo "missing:$bin/$tool is not built"; continue; }
    "$bin/$tool" --help 2>&1 | sed "s|^|$tool --help:|"
  done
  for command in run fit transputer efficiency; do
    "$bin/bsproute" "$command" --help 2>&1 | sed "s|^|bsproute $command --help:|"
  done
  for command in report compare predict; do
    "$bin/bspprof" "$command" --help 2>&1 | sed "s|^|bspprof $command --help:|"
  done
  "$bin/bspprobe" --quick --quiet --procs 1,2 --max-words 4096 --output probe.json \
    --plot probe.svg 2>&1 | sed "s|^|bspprobe:|"
  sed "s|^|bspprobe's plot:|" probe.svg
  "$bin/bsprun" -n 2 --profile profile.json "$program" >/dev/null 2>&1
  "$bin/bspprof" report profile.json --params probe.json --html page.html 2>&1 |
    sed "s|^|bspprof report:|"
  sed "s|^|bspprof's page:|" page.html
  "$bin/bspprof" predict profile.json 2>&1 | sed "s|^|bspprof predict:|"
  "$bin/bspprof" compare profile.json profile.json 2>&1 | sed "s|^|bspprof compare:|"
  "$bin/bsproute" run --n 3 --h 2 --runs 2 2>&1 | sed "s|^|bsproute run:|"
  "$bin/bsproute" fit --ns 2,3 --hs 1,2 --runs 2 --svg fit.svg 2>&1 | sed "s|^|bsproute fit:|"
  sed "s|^|bsproute's fit plot:|" fit.svg 2>/dev/null
  "$bin/bsproute" transputer --hs 1,2 2>&1 | sed "s|^|bsproute transputer:|"
  "$bin/bsproute" efficiency --svg efficiency.svg 2>&1 | sed "s|^|bsproute efficiency:|"
  sed "s|^|bsproute's efficiency plot:|" efficiency.svg 2>/dev/null
  "$bin/bspcheck" --runs 2 -n 2 -- "$program" 2>&1 | sed "s|^|bspcheck:|"
}

# The messages of the library and its engines: string literals in src/ (comments left out).
library_messages() {
  (cd "$src/src" && grep -rnE '"[^"]*"' --include=*.cpp --include=*.hpp --include=*.c . |
    grep -vE '^[^:]*:[0-9]+: *(//|/?\*)' | sed 's|^|library source |')
}

out=$(texts)
found=$(grep -E '^missing:' <<<"$out"; grep -E "$bad" <<<"$out"; library_messages | grep -E "$numbered")
if [ -n "$found" ]; then
  echo "FAILED: words a reader cannot follow (say it in words; cite the paper by authors and year):"
  echo "$found"
  exit 1
fi
echo PASS
