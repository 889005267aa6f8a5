#!/usr/bin/env bash
# Runs the applications of apps/ at p = 1, 2, 4, 8 at sizes that take about a second at p = 1,
# each with this machine's BSP parameters (bspprobe --quick, measured first at the same p), and
# writes a table (apps.md) and a plot of speedup against p, measured and predicted (apps.svg).
# Each run is profiled (bsprun --profile): bspprof predicts its timed supersteps by BSP, BSPWB
# and MPM (Roda et al. 1999) with the same parameters, and the table puts those beside the app's own
# prediction, with Roda et al.'s (1999) reported errors for PSRS and FFT below it.
#   bash bench/apps.sh [build-dir] [out-dir]         (defaults: build, bench-apps)
#   PROCS="1 2 4" bash bench/apps.sh                 other process counts
#   PARAMS=bspprobe.json bash bench/apps.sh          an earlier bspprobe result, not re-measured
#   REPORT_ONLY=1 bash bench/apps.sh [build] [out]   the table again from the runs already in out
#                                                    (their logs, profiles and bspprobe result), with
#                                                    this build's bspprof: nothing is run again
# Speedup is over each app's sequential program (printed by the app). Where p exceeds the
# processors, processes share them (oversubscription): the table marks those rows, and the
# prediction uses bspprobe's g and l measured at that p, oversubscribed too.
set -euo pipefail
build=${1:-build}
out=${2:-bench-apps}
procs=${PROCS:-1 2 4 8}
apps=$build/apps
[ -x "$apps/fft" ] && [ -x "$build/bin/bspprobe" ] && [ -x "$build/bin/bspprof" ] &&
  [ -x "$build/bench/apps_models" ] ||
  { echo "apps.sh: build first: cmake -S . -B $build -DSUPERSTEP_BUILD_BENCH=ON && cmake --build $build --target app_fft app_sample_sort app_psrs app_barnes_hut bspprobe bsprun bspprof apps_models" >&2; exit 2; }
mkdir -p "$out"
# The machine the runs ran on, kept beside them for REPORT_ONLY.
machine=$out/machine.txt
if [ -z "${REPORT_ONLY:-}" ]; then
  { nproc; grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'; cut -d' ' -f1-3 /proc/loadavg; } >"$machine"
fi
[ -f "$machine" ] || { echo "apps.sh: REPORT_ONLY: no $machine" >&2; exit 2; }
cores=$(sed -n 1p "$machine")

params=${PARAMS:-$out/bspprobe.json}
if [ -z "${PARAMS:-}" ] && [ -z "${REPORT_ONLY:-}" ]; then
  echo "== bspprobe --quick at p = ${procs// /,}" >&2
  "$build/bin/bspprobe" --quick --procs "${procs// /,}" --output "$params" --plot "$out/bspprobe.svg" >/dev/null
fi

# name|command arguments (sizes for about a second at p = 1 on a 2-core machine)
runs=(
  "fft|$apps/fft -n 8388608 --iterations 2"
  "sample_sort|$apps/sample_sort -n 8000000 --iterations 2"
  "psrs|$apps/psrs -n 8000000 --iterations 2"
  "barnes_hut|$apps/barnes_hut -n 20000 --iterations 3"
)
rows=$out/apps.tsv
: >"$rows"
for run in "${runs[@]}"; do
  name=${run%%|*}
  cmd=${run#*|}
  for p in $procs; do
    echo "== $name p = $p" >&2
    log=$out/$name.p$p.txt
    profile=$out/$name.p$p.profile.json
    status=0
    if [ -n "${REPORT_ONLY:-}" ]; then
      [ -f "$log" ] && [ -f "$profile" ] || { echo "apps.sh: REPORT_ONLY: no $log or $profile" >&2; exit 2; }
      grep -q '^result: PASS' "$log" || status=1
    else
      "$build/bin/bsprun" -n "$p" --profile "$profile" $cmd -p "$p" --params "$params" >"$log" 2>&1 ||
        status=$?
    fi
    # bspprof's models over the app's fastest timed iteration: iterations, measured, BSP, BSPWB,
    # MPM (seconds); "-" where bspprof cannot predict (its messages go to the log).
    models="-	-	-	-	-"
    if "$build/bin/bspprof" report "$profile" --params "$params" --json >"$out/$name.p$p.bspprof.json" 2>>"$log" &&
      found=$("$build/bench/apps_models" "$out/$name.p$p.bspprof.json" 2>>"$log"); then
      models=$found
    fi
    # time: T s at p = P; NAME T_SEQ s; speedup S    predicted: T_PRED s = ...
    awk -v name="$name" -v p="$p" -v cores="$cores" -v status="$status" -v models="$models" '
      /^time: [0-9.]+ s at p/ { par = $2; seq = $(NF - 3); }
      /^predicted: [0-9.]+ s/ { pred = $2 }
      /^result:/ { result = $2 }
      END {
        if (status != 0 && result == "") result = "exit " status;
        split(models, m, "\t")
        printf "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, p, (p > cores ? "yes" : "no"),
               seq, par, (pred == "" ? "-" : pred), result, FILENAME, m[2], m[3], m[4], m[5] }' "$log" >>"$rows"
  done
done

# The table.
{
  echo "# Applications: speedup against p"
  echo
  echo "Machine: $(sed -n 2p "$machine"), $cores processors;"
  echo "load average before: $(sed -n 3p "$machine"). Rows with p > $cores are oversubscribed."
  echo
  echo "| app | p | oversubscribed | sequential s | parallel s | speedup | predicted s | predicted speedup | error | profiled s | bspprof BSP s | error | BSPWB s | error | MPM s | error | check |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  awk -F'\t' '
    function err(measured, model) {
      return (model == "-" || measured == "-" || measured <= 0) ? "-" : sprintf("%+.1f%%", 100 * (model - measured) / measured)
    }
    function secs(x) { return x == "-" ? "-" : sprintf("%.4f", x) }
    {
    sp = ($5 > 0) ? $4 / $5 : 0
    if ($6 == "-") { ps = "-"; e = "-"; } else { ps = sprintf("%.2f", $4 / $6); e = err($5, $6); }
    printf "| %s | %d | %s | %.4f | %.4f | %.2f | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
           $1, $2, $3, $4, $5, sp, $6, ps, e, secs($9), secs($10), err($9, $10), secs($11),
           err($9, $11), secs($12), err($9, $12), $7 }' "$rows"
  echo
  echo "Speedup: the app's sequential program over the parallel run (both best of the iterations)."
  echo "Predicted: the BSP cost formula of the algorithm with bspprobe's g, o (per message) and l"
  echo "at that p, its work from rates measured on the parallel program's own kernels at the local"
  echo "size (docs/apps.md). Every error is (predicted - measured) / measured,"
  echo "as bspprof and the apps print it: negative where the model is too fast. (Roda et al. 1999,"
  echo "formula 18, use the opposite sign: their errors are positive where the model is too fast.)"
  echo
  echo "Every run was profiled (bsprun --profile; a few microseconds per superstep). Profiled:"
  echo "the fastest timed iteration in the profile, from the end of the timer's first sync to the"
  echo "end of its last, the supersteps bspprof sums its models over. bspprof BSP, BSPWB and MPM"
  echo "(bspprof report --params, Roda et al. 1999, formulas 3, 5 and 7-10) take each superstep's"
  echo "computation W as measured and predict only its communication and synchronisation, with"
  echo "g, L and the sync's o per message of bspprobe's fit at that p; the app's own prediction"
  echo "also predicts W."
  echo
  echo "## Beside Roda et al. (1999)"
  echo
  echo "Roda et al. (1999) predict both programs with BSPWB and MPM on the machines of their"
  echo "time (Ethernet LANs, IBM SP2, Cray T3E, Origin 2000), with computation constants fitted"
  echo "per machine (D, F and R of Table 3 for FFT; B to J of formulas 19-25 for PSRS)."
  echo "FFT (section 4.1, Figures 9-11, 524,288 complex numbers): the error grows with p"
  echo "and reaches 34.30% on the UTP Ethernet LAN and 34.10% on the Origin 2000 at eight"
  echo "processors (Figure 11); the coaxial LAN's small error there is a compensation of errors"
  echo "of opposite sign, the paper says. PSRS (section 4.2, Figure 12, 1,048,576 integers,"
  echo "BSPWB): no error figure is given; the predicted and actual curves overlap on the Cray"
  echo "T3E, and on the Origin 2000 up to 16 processors, further apart at 24."
  echo
  echo "Ours (this run; p > $cores oversubscribed, so those rows measure processes sharing $cores"
  echo "processors, which bspprobe's g and l at that p include). Like Roda et al.'s (1999), our BSP formula"
  echo "predicts the computation too; bspprof's three take it as measured:"
  echo
  awk -F'\t' '
    function err(measured, model) {
      return (model == "-" || measured == "-" || measured <= 0) ? "-" : sprintf("%+.1f%%", 100 * (model - measured) / measured)
    }
    $1 == "psrs" || $1 == "fft" {
      own = ($6 == "-") ? "-" : err($5, $6)
      printf "- %s, p = %d%s: BSP formula %s, bspprof BSP %s, BSPWB %s, MPM %s\n", $1, $2,
             ($3 == "yes" ? " (oversubscribed)" : ""), own, err($9, $10), err($9, $11), err($9, $12) }' "$rows"
} >"$out/apps.md"

# The plot: one panel per app, speedup against p; measured solid, predicted dashed, ideal grey.
awk -F'\t' -v cores="$cores" '
  { app[$1] = 1; if (!($1 in order)) { order[$1] = n++; names[n - 1] = $1 }
    k = $1 SUBSEP $2; meas[k] = ($5 > 0) ? $4 / $5 : 0; pred[k] = ($6 != "-" && $6 > 0) ? $4 / $6 : -1
    if ($2 > maxp) maxp = $2; ps[$2] = 1 }
  END {
    w = 300; h = 240; m = 45; W = n * w; H = h + 40
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">\n", W, H
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    ymax = maxp
    for (i = 0; i < n; ++i) {
      a = names[i]; x0 = i * w + m; y0 = h - 20; pw = w - m - 15; ph = h - 50
      printf "<text x=\"%d\" y=\"18\" font-size=\"13\">%s</text>\n", x0, a
      printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", x0, y0, x0 + pw, y0
      printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", x0, y0, x0, y0 - ph
      for (p in ps) {
        x = x0 + pw * p / maxp
        printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", x, y0 + 14, p
      }
      for (t = 0; t <= ymax; t += (ymax > 4 ? 2 : 1))
        printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", x0 - 5, y0 - ph * t / ymax + 4, t
      printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">p</text>\n", x0 + pw / 2, y0 + 28
      # ideal speedup p, and the processors available
      printf "<line x1=\"%d\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#bbb\"/>\n", x0, y0, x0 + pw, y0 - ph
      xc = x0 + pw * cores / maxp
      printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#d88\" stroke-dasharray=\"2,3\"/>\n", xc, y0, xc, y0 - ph
      printf "<text x=\"%.1f\" y=\"%d\" fill=\"#a44\">%d processors</text>\n", xc + 3, y0 - ph + 10, cores
      split("", pts); line = ""; pline = ""
      for (p = 1; p <= maxp; ++p) {
        k = a SUBSEP p
        if (!(k in meas)) continue
        x = x0 + pw * p / maxp
        line = line sprintf("%.1f,%.1f ", x, y0 - ph * meas[k] / ymax)
        if (pred[k] >= 0) pline = pline sprintf("%.1f,%.1f ", x, y0 - ph * (pred[k] > ymax ? ymax : pred[k]) / ymax)
      }
      printf "<polyline points=\"%s\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\"/>\n", line
      if (pline != "") printf "<polyline points=\"%s\" fill=\"none\" stroke=\"#e07b00\" stroke-width=\"2\" stroke-dasharray=\"6,4\"/>\n", pline
    }
    printf "<text x=\"%d\" y=\"%d\" fill=\"#1f5fbf\">measured speedup</text>\n", m, H - 8
    printf "<text x=\"%d\" y=\"%d\" fill=\"#e07b00\">predicted (BSP cost, bspprobe g and l)</text>\n", m + 120, H - 8
    printf "<text x=\"%d\" y=\"%d\" fill=\"#888\">ideal: p</text>\n", m + 360, H - 8
    printf "</svg>\n"
  }' "$rows" >"$out/apps.svg"
cat "$out/apps.md"
echo "(plot: $out/apps.svg)"
