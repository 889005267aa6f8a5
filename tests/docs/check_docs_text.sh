#!/usr/bin/env bash
# check_docs_text.sh CHECK ARGS: what a reader sees stays short, says nothing only this project's
# makers would understand, and DESIGN.md names every file of src/. One CHECK per CTest test:
#   lengths SOURCE_DIR  README.md has at most 250 lines, DESIGN.md at most 350
#   words SOURCE_DIR    README.md, DESIGN.md, docs/ and man/ hold no private words (below)
#   tools BIN_DIR       the same for every tool's --help (and its commands' --help) and for
#                       what bsproute prints
#   design SOURCE_DIR   every *.c, *.h, *.cpp, *.hpp, *.map under src/ is named in DESIGN.md,
#                       by its path relative to src/ (core/sync.cpp) or by its file name
#                       (sync.cpp), with no letter, digit or underscore right before or after
# Private words: the papers called by the numbers 000-003 of the files that held them, or by
# that folder's name, instead of their authors, title and year (the pattern spells the word
# with [e], so that the repository's own searches for it do not find this file); and a history
# of how the project was made (numbered sessions, "run 1 / run 2" columns). Prints PASS, or
# FAILED with every offending line.
set -uo pipefail
LC_ALL=C.UTF-8
export LC_ALL

ordinals='first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth'
ordinals+='|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth'
ordinals+='|twentieth|[0-9]+(st|nd|rd|th)'
private="s[e]eds?[ _-]?0[0-9]{2}|s[e]eds/"
private+="|\\b($ordinals)[ -]session\\b|\\bsession[ #]+[0-9]+\\b"
private+="|\\bruns? [0-9]+ *[/|,] *(run )?[0-9]+\\b"

check_lengths() {
  local src=$1 file limit lines failed=0
  for file in README.md:250 DESIGN.md:350; do
    limit=${file#*:} file=${file%:*}
    lines=$(wc -l <"$src/$file")
    if [ "$lines" -gt "$limit" ]; then
      echo "FAILED: $file has $lines lines, at most $limit allowed"
      failed=1
    fi
  done
  return $failed
}

check_words() {
  local src=$1 found
  found=$(cd "$src" && grep -rInE "$private" README.md DESIGN.md docs man)
  if [ -n "$found" ]; then
    echo "FAILED: private words (cite papers by authors, title and year; no history):"
    echo "$found"
    return 1
  fi
}

# tool_texts BIN_DIR: every --help text the tools print, and bsproute's reports, each line
# prefixed by the command that printed it.
tool_texts() {
  local bin=$1 tool command
  for tool in bsprun bspcc bspc++ bspprobe bspprof bsproute bspcheck; do
    [ -x "$bin/$tool" ] || { echo "missing:$bin/$tool is not built"; continue; }
    "$bin/$tool" --help 2>&1 | sed "s|^|$tool --help:|"
  done
  # bspfc exists where the Fortran part is built.
  if [ -x "$bin/bspfc" ]; then "$bin/bspfc" --help 2>&1 | sed "s|^|bspfc --help:|"; fi
  for command in run fit transputer efficiency; do
    "$bin/bsproute" "$command" --help 2>&1 | sed "s|^|bsproute $command --help:|"
  done
  for command in "report" "compare" "predict"; do
    "$bin/bspprof" "$command" --help 2>&1 | sed "s|^|bspprof $command --help:|"
  done
  "$bin/bsproute" run --n 3 --h 2 --runs 2 2>&1 | sed "s|^|bsproute run:|"
  "$bin/bsproute" transputer --hs 1,2 2>&1 | sed "s|^|bsproute transputer:|"
  "$bin/bsproute" efficiency 2>&1 | sed "s|^|bsproute efficiency:|"
}

check_tools() {
  local texts found
  texts=$(tool_texts "$1")
  found=$(grep -E '^missing:' <<<"$texts"; grep -iE "$private" <<<"$texts")
  if [ -n "$found" ]; then
    echo "FAILED: tool output with private words, or tools not built:"
    echo "$found"
    return 1
  fi
}

# named_in_design FILE (relative to src/) DESIGN_TEXT: true when DESIGN names FILE
named_in_design() {
  local rel=$1 name=${1##*/} word
  for word in "$rel" "$name"; do
    word=$(sed 's/[.[\*^$+?(){}|]/\\&/g' <<<"$word")
    grep -qE "(^|[^A-Za-z0-9_])$word([^A-Za-z0-9_]|$)" <<<"$2" && return 0
  done
  return 1
}

check_design() {
  local src=$1 design rel missing=()
  design=$(cat "$src/DESIGN.md")
  while IFS= read -r rel; do
    named_in_design "$rel" "$design" || missing+=("$rel")
  done < <(cd "$src/src" && find . -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \
             -o -name '*.hpp' -o -name '*.map' \) | sed 's|^\./||' | sort)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "FAILED: ${#missing[@]} files of src/ are not named in DESIGN.md (by path or name):"
    printf '  src/%s\n' "${missing[@]}"
    return 1
  fi
}

# Every reference in the code to a part of DESIGN.md or a page of docs/ by its title (the file's
# name, a comma and the title in double quotes, perhaps broken across comment lines) names a
# heading of that file, or a paragraph or a bold list item that starts with the title.
check_references() {
  local src=$1
  local found
  found=$(cd "$src" && find src tools route apps bench tests python include cmake -type f \
    \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.hpp' -o -name '*.py' \
       -o -name '*.sh' -o -name 'CMakeLists.txt' -o -name '*.cmake' -o -name '*.f90' \) -print0 |
    xargs -0 perl -0777 -ne '
      while (/((?:DESIGN|docs\/[a-z_]+)\.md),(?:\s|\/\/|\*|#)*"([^"]+)"/g) {
        my ($doc, $title) = ($1, $2);
        $title =~ s/\s*\n\s*(?:\/\/|\*|#)?\s*/ /g;
        print "$ARGV\t$doc\t$title\n";
      }')
  local file doc title missing=()
  while IFS=$'\t' read -r file doc title; do
    [ -n "$file" ] || continue
    [ -f "$src/$doc" ] || { missing+=("$file: $doc does not exist"); continue; }
    # Code spans in the document's titles read as plain text.
    tr -d '`' <"$src/$doc" | grep -qE "^(#+ |- \*\*|)$(sed 's/[.[\*^$+?(){}|\/]/\\&/g' <<<"$title")" ||
      missing+=("$file: $doc has no part \"$title\"")
  done <<<"$found"
  if [ ${#missing[@]} -gt 0 ]; then
    echo "FAILED: ${#missing[@]} references name no part of their document:"
    printf '  %s\n' "${missing[@]}"
    return 1
  fi
}

[ $# -eq 2 ] || { echo "usage: check_docs_text.sh lengths|words|tools|design|references DIR" >&2; exit 2; }
case $1 in
  lengths) check_lengths "$2" ;;
  words) check_words "$2" ;;
  tools) check_tools "$2" ;;
  design) check_design "$2" ;;
  references) check_references "$2" ;;
  *) echo "check_docs_text.sh: unknown check '$1'" >&2; exit 2 ;;
esac && echo PASS
