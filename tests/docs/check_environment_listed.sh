#!/usr/bin/env bash
# check_environment_listed.sh SOURCE_DIR: the table of superstep(7) lists every environment
# variable the library, its engines and its tools read, and nothing they do not read.
#  - every string literal that is a whole BSP_* or SUPERSTEP_* name in src/, include/, tools/
#    and route/ (getenv's arguments, the names udp's job.cpp tries in turn, the constants that
#    name a variable) is in the table;
#  - names built at run time: BSP_<NAME>_PLUGIN for every engine plugin a folder of
#    src/engines builds (engines/plugins.cpp makes them); a "BSP_" prefix literal elsewhere in
#    the library is a name built where this check does not look, and fails it;
#  - every name in the table occurs in the sources (src/, include/, tools/, route/).
# Prints PASS, or each violation and FAIL.
set -uo pipefail
root=$1
page=$root/man/man7/superstep.7
cd "$root" || exit 2
listed=$(sed -n '/^\.TS/,/^\.TE/p' "$page" | grep -oE '^(BSP|SUPERSTEP)_[A-Z0-9_]+' | sort -u)
if [ -z "$listed" ]; then
  echo "FAILED: no variable found in the table of $page"
  exit 1
fi
sources=(src include tools route)
read_names=$(grep -rhoE '"(BSP|SUPERSTEP)_[A-Z0-9_]+"' "${sources[@]}" \
               --include='*.c' --include='*.cpp' --include='*.h' --include='*.hpp' | tr -d '"' |
             sort -u)
plugins=$(grep -rhoE 'superstep_add_engine_plugin\(NAME [a-z0-9_]+' src/engines |
          awk '{print "BSP_" toupper($2) "_PLUGIN"}' | sort -u | tr '\n' ' ')
bad=0
for name in $read_names $plugins; do
  if ! grep -qx "$name" <<<"$listed"; then
    echo "read but not listed in man/man7/superstep.7: $name"
    bad=1
  fi
done
while IFS= read -r line; do
  [ -n "$line" ] || continue
  echo "a variable's name built outside src/engines/plugins.cpp: $line"
  bad=1
done < <(grep -rnE '"(BSP|SUPERSTEP)_"' src include --include='*.c' --include='*.cpp' \
           --include='*.h' --include='*.hpp' | grep -v '^src/engines/plugins\.cpp:')
for name in $listed; do
  case " $plugins " in *" $name "*) continue ;; esac
  if ! grep -rqw "$name" "${sources[@]}"; then
    echo "listed in man/man7/superstep.7 but read nowhere: $name"
    bad=1
  fi
done
if [ $bad = 0 ]; then echo PASS; else echo FAIL; exit 1; fi
