#!/usr/bin/env bash
# bspprof's HTML page in a real browser: profile a small program, draw it, and
# load the page in headless Chromium. The page must write nothing to the
# console and give a screenshot that is not blank; then, with a small script
# added (html_layout_probe.js), the page as laid out must number every
# superstep with its call site on the timeline and the strata chart, have a
# legend entry for exactly the series each chart draws, keep every label
# inside its chart and every element inside the page, tell the models apart
# and the error's sign, and show the banners the run calls for: none, more
# processes than processors, a loaded machine, and none for a profile that
# records neither (older profiles). Exit 77 (skipped) where Chromium is absent.
# Usage: html_renders.sh BSPRUN BSPPROF PROGRAM
set -euo pipefail
bsprun=$1 bspprof=$2 program=$3
here=$(cd "$(dirname "$0")" && pwd)
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "skipped: chromium is not installed (scripts/install-deps.sh installs it)"
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "skipped: python3 is needed to read the page"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Chromium wants a writable home and profile; no sandbox as root in a container.
chrome() {
  HOME=$dir timeout 90 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --hide-scrollbars --user-data-dir="$dir/chrome" --window-size=1024,1400 "$@"
}

"$bsprun" -n 2 --profile "$dir/run.json" "$program"
params=(--g 1e-9 --l 1e-6 --L 1e-6)
"$bspprof" report "$dir/run.json" "${params[@]}" --html "$dir/page.html" >/dev/null

chrome --enable-logging=stderr --v=0 --screenshot="$dir/shot.png" "file://$dir/page.html" \
  2>"$dir/browser.log" >/dev/null || true
if grep -E "CONSOLE|Uncaught" "$dir/browser.log"; then
  echo "FAIL: the page wrote to the browser console"
  exit 1
fi
if [ ! -s "$dir/shot.png" ]; then
  echo "FAIL: no screenshot; browser log:"
  cat "$dir/browser.log"
  exit 1
fi
python3 - "$dir/shot.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
at, idat = 8, b''
while at < len(data):
    n, kind = struct.unpack('>I4s', data[at:at + 8])
    if kind == b'IDAT':
        idat += data[at + 8:at + 8 + n]
    at += 12 + n
pixels = zlib.decompress(idat)
distinct = len(set(pixels))
print(f'screenshot: {len(pixels)} bytes, {distinct} distinct byte values')
sys.exit(0 if distinct > 16 else 1)
PY

# check NAME PROCESSORS LOAD BANNERS: the profile with its machine figures set
# (an empty PROCESSORS or LOAD leaves the field out), drawn and read back.
check() {
  local name=$1 processors=$2 load=$3 banners=$4
  python3 - "$dir/run.json" "$dir/$name.json" "$processors" "$load" <<'PY'
import json, sys
prof = json.load(open(sys.argv[1]))
for key, value in (('processors', sys.argv[3]), ('load', sys.argv[4])):
    prof['run'].pop(key, None)
    if value:
        prof['run'][key] = float(value) if key == 'load' else int(value)
json.dump(prof, open(sys.argv[2], 'w'))
PY
  "$bspprof" report "$dir/$name.json" "${params[@]}" --html "$dir/$name.html" >/dev/null
  python3 - "$dir/$name.html" "$here/html_layout_probe.js" <<'PY'
import sys
page, probe = open(sys.argv[1]).read(), open(sys.argv[2]).read()
open(sys.argv[1], 'w').write(page.replace('</body>', '<script>' + probe + '</script></body>'))
PY
  chrome --dump-dom "file://$dir/$name.html" >"$dir/$name.dom" 2>>"$dir/browser.log" || true
  local steps
  steps=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["processes"][0]["supersteps"]))' "$dir/run.json")
  if ! python3 "$here/html_page_check.py" "$dir/$name.dom" "$steps" "$banners"; then
    echo "FAIL: $name (processors ${processors:-unrecorded}, load ${load:-unrecorded})"
    exit 1
  fi
  echo "$name: $steps supersteps numbered, legends match, nothing overflows, banners [$banners]"
}
check quiet 64 0.5 ""
check oversubscribed 1 0 "oversubscribed"
check loaded 4 7 "loaded"
check older_profile "" "" ""
echo "the page renders and reads"
