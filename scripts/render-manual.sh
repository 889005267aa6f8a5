#!/usr/bin/env bash
# Renders the manual pages in man/ (the one source of Superstep's manual) as
# HTML into OUTDIR: one page per manual page, named NAME.SECTION.html, with
# links between them, and index.html. Needs mandoc.
#   bash scripts/render-manual.sh build/docs/api     (the build runs it where mandoc is installed)
set -euo pipefail
export LC_ALL=C
out=${1:?usage: render-manual.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
command -v mandoc >/dev/null || { echo "render-manual.sh: mandoc is not installed" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root/man"

entries=()
for page in man1/*.1 man3/*.3 man7/*.7; do
  file=${page#*/}
  name=${file%.*}
  section=${file##*.}
  # An alias (a symbolic link to the page that documents it, e.g. bspc++.1 -> bspcc.1) gets a
  # page that sends the reader on to its target, which the index and the other pages link to.
  if [ -L "$page" ]; then
    target=$(basename "$(readlink "$page")")
    printf '<!DOCTYPE html>\n<html><head><meta charset="utf-8"/><meta http-equiv="refresh" content="0; url=%s.html"/><title>%s(%s)</title></head><body><p>See <a href="%s.html">%s</a>.</p></body></html>\n' \
      "$target" "$name" "$section" "$target" "${target%.*}($section)" >"$out/$name.$section.html"
    entries+=("<li><a href=\"$target.html\">$name($section)</a>: see ${target%.*}($section)</li>")
    continue
  fi
  # Links to the other pages of this manual (mandoc links only mdoc's .Xr).
  mandoc -Thtml -Ostyle=style.css "$page" |
    sed -E 's#<b>(bsp[a-z_+.]*|superstep)</b>\(([137])\)#<a href="\1.\2.html"><b>\1</b></a>(\2)#g' \
      >"$out/$name.$section.html"
  # The NAME line of the source, for the index ("bsp_put \- copy ..."), with
  # its escaped hyphens (\-) as plain ones.
  summary=$(sed -n '/^\.SH NAME/{n;p;q}' "$page" | sed 's/.*\\- //; s/\\-/-/g')
  entries+=("<li><a href=\"$name.$section.html\">$name($section)</a>: $summary</li>")
done
cp "$root/man/style.css" "$out/style.css"
{
  echo '<!DOCTYPE html>'
  echo '<html><head><meta charset="utf-8"/><link rel="stylesheet" href="style.css"/>'
  echo '<title>Superstep manual</title></head><body>'
  echo '<h1>Superstep manual</h1>'
  echo '<p>Generated from the manual pages in <code>man/</code> by'
  echo '<code>scripts/render-manual.sh</code>; start at <a href="bsp.h.3.html">bsp.h(3)</a>.</p>'
  echo '<ul>'
  printf '%s\n' "${entries[@]}"
  echo '</ul></body></html>'
} >"$out/index.html"
