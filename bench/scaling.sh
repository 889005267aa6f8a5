#!/usr/bin/env bash
# How the shared-memory engine's costs grow with p: for each p, the empty superstep beside a raw
# two-process barrier, a superstep carrying one 8-byte bsp_put or bsp_get to the next process,
# and total exchanges (every process puts SIZE bytes to every other) by bsp_put, bsp_hpput and
# bsp_hpget as ratios to the memcpy floor measured in the same launch (bench_total_exchange: two
# memcpys for bsp_put, one for the others) and to the same bytes moved between the processors
# with no library. Each figure is the median over LAUNCHES launches (the range in brackets).
# Figures only: nothing here fails on a time. Rows with p above the processors are
# oversubscribed (marked).
#   bash bench/scaling.sh [build-dir]                  (default: build)
#   PROCS="2 4 8 16" bash bench/scaling.sh             process counts (default: 2, 4, ... up to
#                                                      the processors, and their number)
#   LAUNCHES=3 SIZES="65536 1048576" bash bench/scaling.sh
set -euo pipefail
build=${1:-build}
bin=$build/bench
for b in bench_empty_superstep bench_small_superstep bench_total_exchange; do
  [ -x "$bin/$b" ] || { echo "scaling.sh: build first: cmake -S . -B $build -DSUPERSTEP_BUILD_BENCH=ON && cmake --build $build --target $b" >&2; exit 2; }
done
cores=$(nproc)
if [ -z "${PROCS:-}" ]; then
  PROCS=""
  for ((p = 2; p <= cores; p *= 2)); do PROCS+="$p "; done
  case " $PROCS " in *" $cores "*) ;; *) [ "$cores" -ge 2 ] && PROCS+="$cores" ;; esac
  [ -n "$PROCS" ] || PROCS=2
fi
launches=${LAUNCHES:-3}
sizes=${SIZES:-65536 1048576}
for n in $launches $PROCS $sizes; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "scaling.sh: PROCS, LAUNCHES and SIZES take positive whole numbers, not '$n'" >&2; exit 2; }
done
for p in $PROCS; do
  [ "$p" -ge 2 ] || { echo "scaling.sh: every p in PROCS must be at least 2 (an exchange needs two processes)" >&2; exit 2; }
done

# median_range VALUES...: "MEDIAN (LOW-HIGH)", or the one value.
median_range() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    if (NR == 1) printf "%.3g", m; else printf "%.3g (%.3g-%.3g)", m, v[1], v[NR] }'
}
# first_number TEXT REGEX: the first number after REGEX in TEXT
first_number() { grep -oE "$2 *[0-9.]+" <<<"$1" | head -1 | grep -oE '[0-9.]+$'; }

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $cores processors;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); $launches launches of each figure"
echo
header="| p | oversubscribed | empty superstep us | raw barrier us | one-put superstep us | one-get superstep us"
rule="|---|---|---|---|---|---"
for n in $sizes; do
  header+=" | $n B: put / hpput / hpget x floor | to the crossing"
  rule+="|---|---"
done
echo "$header |"
echo "$rule|"
for p in $PROCS; do
  empty=() raw=() put1=() get1=()
  declare -A ratio=() cross=()
  for ((l = 0; l < launches; ++l)); do
    out=$("$bin/bench_empty_superstep" "$p")
    empty+=("$(first_number "$out" "empty superstep, p=$p:")")
    raw+=("$(first_number "$out" "shared-memory barrier:")")
    out=$("$bin/bench_small_superstep" "$p")
    put1+=("$(first_number "$out" "8-byte bsp_put, p=$p:")")
    get1+=("$(first_number "$out" "8-byte bsp_get, p=$p:")")
    for n in $sizes; do
      out=$("$bin/bench_total_exchange" "$p" "$n")
      for kind in put hpput hpget; do
        ratio[$n.$kind]+="$(first_number "$out" "bsp_$kind \\+ sync: *[0-9.]+ us *=") "
        # Against the crossing (left out where the processes share no memory of their own).
        c=$(grep -oE "against it: .*" <<<"$out" | grep -oE "bsp_$kind [0-9.]+" | grep -oE '[0-9.]+$' || true)
        [ -n "$c" ] && cross[$n.$kind]+="$c "
      done
    done
  done
  row="| $p | $([ "$p" -gt "$cores" ] && echo yes || echo no) | $(median_range "${empty[@]}") | $(median_range "${raw[@]}")"
  row+=" | $(median_range "${put1[@]}") | $(median_range "${get1[@]}")"
  for n in $sizes; do
    r="" c=""
    for kind in put hpput hpget; do
      # shellcheck disable=SC2086
      r+="${r:+ / }$(median_range ${ratio[$n.$kind]})"
      # shellcheck disable=SC2086
      c+="${c:+ / }$([ -n "${cross[$n.$kind]:-}" ] && median_range ${cross[$n.$kind]} || echo -)"
    done
    row+=" | $r | $c"
  done
  echo "$row |"
  unset ratio cross
done
echo
echo "Floors, as bench_total_exchange measures them in each launch: bsp_put against two memcpys"
echo "(it buffers), bsp_hpput and bsp_hpget against one; to the crossing: against the same bytes"
echo "copied between the processes with no library (bsp_put: the crossing and a memcpy)."
