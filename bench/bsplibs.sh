#!/usr/bin/env bash
# Superstep beside another BSPlib, LPF (the Lightweight Parallel Foundations, whose BSPlib layer
# runs over its pthreads engine), on the same machine: the same portable source,
# bench/bsplib_rows.c (the BSPlib primitives alone), compiled once with Superstep's bspcc and
# once with LPF's lpfcc, and launched in turn, ours then LPF's, LAUNCHES times a row.
#   bash bench/bsplibs.sh LPF_PREFIX [build-dir]      (build-dir defaults to build)
#   LAUNCHES=7 ROWS="exchange:2:1048576 puts:4:100000" bash bench/bsplibs.sh LPF_PREFIX
#   LPF_FLAGS="-spinlock cond" bash bench/bsplibs.sh LPF_PREFIX   (passed to LPF's lpfrun)
#   bash bench/bsplibs.sh --help
# LPF_PREFIX: where LPF is installed (bin/lpfcc, bin/lpfrun, include/bsp/bsp.h and its BSPlib
# library, lib/libbsplib.a), built by you from LPF's own sources with its pthreads engine; this
# script neither fetches nor builds it.
# The rows (ROWS, each KIND:P:SIZE):
#   exchange:P:BYTES  total exchange by bsp_hpput, BYTES from every process to every other one,
#                     in ns per byte a process sends; beside it a memcpy of as many bytes by
#                     every process at once, in the same launch of each library (the floor)
#   puts:P:COUNT      COUNT 8-byte bsp_put (and bsp_hpput) to the next process and one sync, us
# Each launch also tells in how many samples two of its processes ran on one processor: the
# kernel may place two on one for a whole launch where another program keeps the other
# processors busy, and such a launch measures fewer processors than p; each row counts those
# launches per library and gives the ratio once more without them.
# Each figure within a launch is the median over its samples of the slowest process, after
# warm-ups (the steady state); each row prints, per library, the median over the launches, the
# fastest and the slowest launch and their spread (slowest / fastest), then ours / LPF's
# medians (below 1: Superstep is faster). A launch that fails is reported and counted (exit
# status 1); no figure fails the script, however slow.
set -euo pipefail

usage() {
  echo "usage: bash bench/bsplibs.sh LPF_PREFIX [build-dir] | --help" >&2
  exit 2
}
case "${1:-}" in
  --help | -h) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
  "" | -*) usage ;;
esac
prefix=$1
build=${2:-build}
launches=${LAUNCHES:-5}
rows=${ROWS:-"exchange:2:1048576 exchange:2:16777216 puts:2:100000 puts:4:100000"}
read -r -a lpf_flags <<< "${LPF_FLAGS:-}"
here=$(cd "$(dirname "$0")" && pwd)

for need in bin/lpfcc bin/lpfrun include/bsp/bsp.h lib/libbsplib.a; do
  [ -e "$prefix/$need" ] || {
    echo "bsplibs.sh: no LPF installed at '$prefix' ($prefix/$need is missing): build LPF with its" >&2
    echo "  pthreads engine and install it there (its bootstrap.sh --prefix=$prefix; make install)" >&2
    exit 2
  }
done
[ -x "$build/bin/bspcc" ] || {
  echo "bsplibs.sh: build Superstep first: cmake -S . -B $build && cmake --build $build --target bsp" >&2
  exit 2
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bin/bspcc" -O2 "$here/bsplib_rows.c" -o "$work/ours"
"$prefix/bin/lpfcc" -engine pthread -O2 "$here/bsplib_rows.c" -o "$work/lpf" -lbsplib

# launch WHO KIND P SIZE: one launch's line of figures, or nothing where it failed.
launch() {
  local who=$1 kind=$2 p=$3 size=$4 out=$work/out
  local status=0
  case $who in
    ours) timeout 600 "$work/ours" "$kind" "$p" "$size" > "$out" 2>&1 || status=$? ;;
    lpf) timeout 600 "$prefix/bin/lpfrun" -engine pthread -np "$p" ${lpf_flags[@]+"${lpf_flags[@]}"} \
      "$work/lpf" "$kind" "$p" "$size" > "$out" 2>&1 || status=$? ;;
  esac
  if [ "$status" -ne 0 ] || ! grep -q "^$kind " "$out"; then
    echo "bsplibs.sh: $who's launch of $kind p=$p $size failed (status $status):" >&2
    cat "$out" >&2
    return 1
  fi
  grep "^$kind " "$out"
}

# field NAME: the value of NAME=... in the lines on standard input, one a line.
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }

# stats: "median fastest slowest spread" of the numbers on standard input.
stats() {
  sort -g | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "- - - -"; exit }
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.4g %.4g %.4g %.2f\n", m, v[1], v[NR], (v[1] > 0 ? v[NR] / v[1] : 0) }'
}

# cell FILE NAME: "median (fastest-slowest, spread S)" of NAME over the launches in FILE.
cell() {
  local m lo hi spread
  read -r m lo hi spread < <(field "$2" < "$1" | stats)
  echo "$m ($lo-$hi, x$spread)"
}

# ratio OURS LPF NAME: ours / LPF's medians of NAME over the launches in the two files.
ratio() {
  local ours lpf
  ours=$(field "$3" < "$1" | stats | cut -d' ' -f1)
  lpf=$(field "$3" < "$2" | stats | cut -d' ' -f1)
  awk -v a="$ours" -v b="$lpf" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'
}

# own_processors FILE: the launches in FILE whose processes ran on processors of their own in
# most samples (the kernel may put two on one for a whole launch while another program keeps
# the other processors busy; bench/bsplib_rows.c).
own_processors() { awk '{ s = $0; sub(/.*sharing_a_processor=/, "", s); sub(/ .*/, "", s)
  n = $0; sub(/.*samples=/, "", n); sub(/ .*/, "", n); if (2 * s <= n) print }' "$1"; }

# sharing FILE: "k/n", of the n launches in FILE the k whose processes shared a processor.
sharing() { echo "$(($(wc -l < "$1") - $(own_processors "$1" | wc -l)))/$(wc -l < "$1")"; }

echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) processors," \
  "L2 $(lscpu | sed -n 's/^L2 cache: *//p' | head -1); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
failures=0
table=$work/table
for row in $rows; do
  IFS=: read -r kind p size <<< "$row"
  : > "$work/ours.$row"
  : > "$work/lpf.$row"
  for ((i = 1; i <= launches; ++i)); do
    for who in ours lpf; do
      if line=$(launch "$who" "$kind" "$p" "$size"); then
        echo "$who: $line"
        echo "$line" >> "$work/$who.$row"
      else
        failures=$((failures + 1))
      fi
    done
  done
  if [ "$kind" = exchange ]; then
    names="hpput_ns_per_byte memcpy_ns_per_byte"
  else
    names="put_us hpput_us"
  fi
  own_processors "$work/ours.$row" > "$work/ours-own.$row"
  own_processors "$work/lpf.$row" > "$work/lpf-own.$row"
  for name in $names; do
    printf '| %s p=%s %s, %s | %s | %s | %s | %s, %s | %s |\n' "$kind" "$p" "$size" "$name" \
      "$(cell "$work/ours.$row" "$name")" "$(cell "$work/lpf.$row" "$name")" \
      "$(ratio "$work/ours.$row" "$work/lpf.$row" "$name")" \
      "$(sharing "$work/ours.$row")" "$(sharing "$work/lpf.$row")" \
      "$(ratio "$work/ours-own.$row" "$work/lpf-own.$row" "$name")" >> "$table"
  done
done
echo
echo "Medians over $launches launches a library (fastest-slowest launch, spread slowest/fastest);"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "Shared: of the launches of each (ours, LPF's), those in which two processes ran on one"
echo "processor in most samples; the last column leaves those launches out (where p exceeds the"
echo "processors, every launch shares, and the column is '-')."
echo "| row | Superstep | LPF | ours / LPF | shared | ours / LPF, own processors |"
echo "|---|---|---|---|---|---|"
cat "$table"
[ "$failures" -eq 0 ] || { echo "bsplibs.sh: $failures launches failed" >&2; exit 1; }
