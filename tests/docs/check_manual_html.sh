#!/usr/bin/env bash
# check_manual_html.sh SOURCE_DIR HTML_DIR: the HTML manual the build rendered (HTML_DIR) has a
# page for every manual page of man/ (an alias's sends the reader to its target's), each no older
# than its source, and every link of the index and between the pages reaches a page that exists.
# Exits 77 (skipped) where mandoc is not installed, so the build rendered nothing.
set -uo pipefail
src=$1 html=$2
command -v mandoc >/dev/null || { echo "mandoc is not installed: skipped"; exit 77; }
[ -f "$html/index.html" ] || { echo "FAILED: $html/index.html is missing (build the manual_html target)"; exit 1; }
bad=0
cd "$src/man" || exit 2
for page in man1/*.1 man3/*.3 man7/*.7; do
  file=${page#*/}
  out="$html/$file.html"
  if [ ! -s "$out" ]; then
    echo "FAILED: no HTML page for $page"
    bad=1
  elif [ "$page" -nt "$out" ]; then
    echo "FAILED: $out is older than $page (build the manual_html target)"
    bad=1
  fi
done
for link in $(grep -ohE 'href="[^"#:]+\.html"' "$html"/*.html | sed -E 's/href="(.*)"/\1/' | sort -u); do
  [ -f "$html/$link" ] || { echo "FAILED: a link to $link, which was not rendered"; bad=1; }
done
[ $bad -eq 0 ] && echo PASS
exit $bad
