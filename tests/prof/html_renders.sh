#!/usr/bin/env bash
# bspprof's HTML page in a real browser: profile a small program, draw it, load
# the page in headless Chromium, and require no console messages and a
# screenshot that is not blank. Exit 77 (skipped) where Chromium is absent.
# Usage: html_renders.sh BSPRUN BSPPROF PROGRAM
set -euo pipefail
bsprun=$1 bspprof=$2 program=$3
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "skipped: chromium is not installed (scripts/install-deps.sh installs it)"
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "skipped: python3 is needed to read the screenshot"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bsprun" -n 2 --profile "$dir/run.json" "$program"
"$bspprof" report "$dir/run.json" --g 1e-9 --l 1e-6 --L 1e-6 --html "$dir/page.html" >/dev/null
# Chromium wants a writable home and profile; no sandbox as root in a container.
HOME=$dir timeout 90 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
  --user-data-dir="$dir/chrome" --enable-logging=stderr --v=0 --window-size=1200,1400 \
  --screenshot="$dir/shot.png" "file://$dir/page.html" 2>"$dir/browser.log" >/dev/null || true
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
echo "the page renders"
