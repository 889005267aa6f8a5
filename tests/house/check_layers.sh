#!/usr/bin/env bash
# The house's two rules (DESIGN.md, "Layers" and "The door"):
#  1. Between the folders of src/, every include points down:
#       api, level1 -> core -> profiler -> messaging -> engines -> util
#     (internal/ is the door: it may forward to any room; nothing in src/ includes it).
#  2. Nothing outside src/ and tests/ names a file in src/: no CMake file outside src/ names a
#     path under src/, and no source outside src/ and tests/ includes a room of src/ (it includes
#     "superstep_internal/..." through the superstep_internal library instead).
# Prints PASS, or each violation and FAIL.
set -u
root=$1
cd "$root" || exit 2
rank() {
  case $1 in
    api | level1) echo 0 ;; core) echo 1 ;; profiler) echo 2 ;; messaging) echo 3 ;;
    engines) echo 4 ;; util) echo 5 ;; *) echo "" ;;
  esac
}
bad=0
while IFS= read -r line; do
  file=${line%%:*}
  target=$(sed -E 's/.*#include "([^"]+)".*/\1/' <<<"$line")
  from=$(cut -d/ -f2 <<<"$file")
  to=${target%%/*}
  [ "$to" = "$target" ] && continue          # a header of the same folder, or a system one
  [ "$from" = internal ] && continue         # the door forwards to any room
  rf=$(rank "$from"); rt=$(rank "$to")
  if [ "$to" = internal ] || [ "$to" = superstep_internal ]; then
    echo "src/ must not include the door: $line"; bad=1; continue
  fi
  [ -z "$rf" ] || [ -z "$rt" ] && continue   # include/ headers (superstep/...)
  if [ "$rt" -lt "$rf" ]; then echo "points up ($from -> $to): $line"; bad=1; fi
done < <(grep -rn '#include "' src --include='*.cpp' --include='*.hpp' --include='*.h' --include='*.c')

while IFS= read -r line; do
  echo "a CMake file outside src/ names src/: $line"; bad=1
done < <(grep -rn --include=CMakeLists.txt --include='*.cmake' -E 'SOURCE_DIR\}/src(/|\)|$| )' \
           . 2>/dev/null | grep -v -E '^\./(src|tests|build[^/]*)/')

while IFS= read -r line; do
  echo "a source outside src/ reaches into src/: $line"; bad=1
done < <(grep -rn -E '#include "(\.\./)*(src/|api/|core/|profiler/|messaging/|engines/|util/|level1/)' \
           tools route apps bench python examples 2>/dev/null)

if [ $bad = 0 ]; then echo PASS; else echo FAIL; exit 1; fi
