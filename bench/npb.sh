#!/usr/bin/env bash
# NAS Parallel Benchmarks IS, MG and LU: Superstep's BSPlib codes (apps/is, apps/mg, apps/lu)
# beside NPB's own MPI codes, on the same machine, the same class and the same p.
#   bash bench/npb.sh NPB_DIR [build-dir]          (build-dir defaults to build)
#   CLASSES="S W A" PROCS="1 2" LAUNCHES=5 KERNELS="is mg lu" bash bench/npb.sh NPB_DIR
#   CONFIGS="npb-mpi superstep-shm" bash bench/npb.sh NPB_DIR     (some of the six programs)
#   UDP_IMPAIR="loss=0.01" bash bench/npb.sh NPB_DIR   (the packet table again with that much loss)
#   bash bench/npb.sh --npb-timers FILE   (what the script reads of an NPB timer report in FILE)
#   bash bench/npb.sh --split-table SPLITS COMMS   (the third table from the two files the script
#     writes, tab-separated: kernel, rank and class (A3), p, program, then for SPLITS timed
#     iterations, measured s and computation s, for COMMS NPB's total s and communication s)
#   bash bench/npb.sh --help
# NPB_DIR: an NPB 3.4 source tree you downloaded from NASA (the folder NPB3.4-MPI, or the one
# above it; 3.4.0's fixed-form Fortran, mg.f and lu.f, as well as the .f90 of 3.4.1 and later).
# It is copied to a temporary folder and built there (config/make.def from make.def.template
# with mpicc and mpif90, -O3), one binary per kernel and class; NPB_DIR itself is not touched.
# Every row is a median over LAUNCHES interleaved launches of six programs:
#   npb-mpi        NPB's code under mpirun (Open MPI, its shared-memory transport)
#   superstep-shm  apps/is, apps/mg or apps/lu on the shared-memory engine
#   superstep-mpi  the same binary on Superstep's MPI engine, under the same mpirun
#   npb-mpi-tcp    NPB's code under mpirun --mca btl tcp,self (no shared memory: as a cluster)
#   superstep-mpi-tcp  Superstep's MPI engine under that same mpirun
#   superstep-udp  Superstep's udp engine (bsprun --engine udp)
# and the ratio ours / NPB compares the first three with npb-mpi, the last three with
# npb-mpi-tcp. A second table gives the udp engine's packets per launch (BSP_UDP_STATS=1),
# summed over the processes.
# A third table splits the timed part into computation and communication, after Table 4 of
# Donaldson, Hill and Skillicorn, "Exploiting Global Structure for Performance on Clusters"
# (1999), from launches of their own outside the medians, one per program, class and p:
#   ours (where the build has bspprof and bench/apps_models, -DSUPERSTEP_BUILD_BENCH=ON): each
#     of our four programs under the profiler (bsprun --profile, or BSP_PROFILE under mpirun);
#     computation is the sum over the supersteps of the fastest timed iteration of the slowest
#     process's computation (bspprof's W), the rest of that iteration communication and
#     synchronisation;
#   NPB's: npb-mpi and npb-mpi-tcp with NPB's own timers on (a file timer.flag in the working
#     directory, a temporary folder removed after the launch; NPB_TIMER_FLAG is unset for every
#     launch, so the timed launches of the medians run without them): the timed part is NPB's
#     "total", communication the least over the processes of LU's and MG's "totcomm" or IS's
#     "rcomm" (the process that waited least, as ours counts the slowest process's
#     computation), computation the rest.
# Beside each of our rows the ratio communication(NPB-MPI) / communication(ours), the paper's
# "slowdown relative to" column: shared memory and the MPI engine against npb-mpi, the MPI
# engine over TCP and the udp engine against npb-mpi-tcp; "no NPB timer" where NPB's report
# has no communication timer. Each launch must print NPB's "Verification = SUCCESSFUL"; one
# that does not is reported and counted as a failure (exit status 1). Both sides use Open
# MPI's ob1 layer (--mca pml ob1). PROCS defaults to the powers of two up to the number of
# processors: p above it would share processors (oversubscription), which the table would mark.
set -euo pipefail

usage() {
  echo "usage: bash bench/npb.sh NPB_DIR [build-dir] | --npb-timers FILE | --split-table SPLITS COMMS | --help" >&2
  exit 2
}
# npb_comm_time FILE: from NPB's timer report in a program's output (lines "timer N(name) :
# minimum maximum average"), the timed part (the largest "total") and the communication (the
# least "totcomm", or "rcomm" where there is no totcomm, as in IS), tab-separated; "none" for
# the communication where the report has neither, "none none" where there is no report.
npb_comm_time() {
  awk '
    /^ *timer +[0-9]+ *\(/ {
      name = $0; sub(/^[^(]*\(/, "", name); sub(/\).*$/, "", name); gsub(/ /, "", name)
      rest = $0; sub(/^[^)]*\)[^:]*:/, "", rest)
      if (split(rest, f, " ") < 3) next
      least[name] = f[1]; most[name] = f[2]
    }
    END {
      if (!("total" in most)) { print "none\tnone"; exit }
      comm = ("totcomm" in least) ? least["totcomm"] : (("rcomm" in least) ? least["rcomm"] : "none")
      printf "%s\t%s\n", most["total"], comm
    }' "$1"
}
# split_table SPLITS COMMS: the computation/communication table from the profiled launches
# (SPLITS: kernel, ranked class, p, program, iterations, measured s, computation s) and NPB's
# timed launches (COMMS: kernel, ranked class, p, program, total s, communication s or "none").
split_table() {
  [ -s "$1" ] || [ -s "$2" ] || return 0
  echo "Computation and communication of the timed part, one launch per program outside the medians"
  echo "(ours: bsprun --profile and bspprof, the fastest timed iteration; NPB-MPI: its own timers,"
  echo "timer.flag): after Table 4 of Donaldson, Hill and Skillicorn (1999). The last column is"
  echo "communication(NPB-MPI) / communication(ours) over the same transport, the paper's"
  echo "\"slowdown relative to\": NPB-MPI's communication is the least of its processes' (LU and MG:"
  echo "totcomm, IS: rcomm); ours is the time outside the slowest process's computation (W)."
  echo
  echo "| kernel | class | p | program | timed s | computation s | communication and sync s | computation share | NPB-MPI communication / ours |"
  echo "|---|---|---|---|---:|---:|---:|---:|---:|"
  { awk -F'\t' '{ print $1 "\t" $2 "\t" $3 "\t" $4 "\tours\t" $6 "\t" $7 }' "$1"
    awk -F'\t' '{ print $1 "\t" $2 "\t" $3 "\t" $4 "\tnpb\t" $5 "\t" $6 }' "$2"; } |
    awk -F'\t' 'BEGIN { split("npb-mpi superstep-shm superstep-mpi npb-mpi-tcp superstep-mpi-tcp superstep-udp", n, " ")
                        for (i = 1; i <= 6; ++i) order[n[i]] = i }
                 { print $0 "\t" order[$4] }' |
    sort -t$'\t' -k1,1 -k2,2 -k3,3n -k8,8n | awk -F'\t' '
    # Our rows come after the NPB row of their transport: npb-mpi (1) before 2 and 3, npb-mpi-tcp
    # (4) before 5 and 6.
    { key = $1 SUBSEP $2 SUBSEP $3
      timed = $6
      if ($5 == "npb") {
        comm = $7
        npb[key, $4] = comm
        if (comm == "none") {
          printf "| %s | %s | %s | %s (NPB timers) | %.4f | - | no communication timer | - | - |\n",
                 toupper($1), substr($2, 2), $3, $4, timed
          next
        }
        comp = timed - comm
        if (comp < 0) comp = 0
        printf "| %s | %s | %s | %s (NPB timers) | %.4f | %.4f | %.4f | %.0f%% | - |\n", toupper($1),
               substr($2, 2), $3, $4, timed, comp, comm, (timed > 0 ? 100 * comp / timed : 0)
        next
      }
      rest = timed - $7; if (rest < 0) rest = 0
      base = ($8 <= 3) ? "npb-mpi" : "npb-mpi-tcp"
      ratio = "-"
      if ((key, base) in npb) {
        if (npb[key, base] == "none") ratio = "no NPB timer"
        else if (rest > 0) ratio = sprintf("%.2f", npb[key, base] / rest)
      }
      printf "| %s | %s | %s | %s | %.4f | %.4f | %.4f | %.0f%% | %s |\n", toupper($1), substr($2, 2),
             $3, $4, timed, $7, rest, (timed > 0 ? 100 * $7 / timed : 0), ratio }'
}
case ${1:-} in
  --help | -h)
    [ $# -eq 1 ] || usage
    sed -n '2,/^set -euo pipefail/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
    exit 0 ;;
  --npb-timers)
    [ $# -eq 2 ] || usage
    [ -r "$2" ] || { echo "npb.sh: cannot read $2" >&2; exit 2; }
    read -r total comm < <(npb_comm_time "$2")
    echo "total s: $total; communication s: $comm"
    exit 0 ;;
  --split-table)
    [ $# -eq 3 ] || usage
    split_table "$2" "$3"
    exit 0 ;;
esac
[ $# -ge 1 ] && [ $# -le 2 ] || usage
npb_src=$1
build=${2:-build}
[ -d "$npb_src/NPB3.4-MPI" ] && npb_src=$npb_src/NPB3.4-MPI
# NPB 3.4.0 has mg.f and lu.f; 3.4.1 and later mg.f90 and lu.f90.
[ -f "$npb_src/IS/is.c" ] && { [ -f "$npb_src/MG/mg.f90" ] || [ -f "$npb_src/MG/mg.f" ]; } &&
  { [ -f "$npb_src/LU/lu.f90" ] || [ -f "$npb_src/LU/lu.f" ]; } && [ -f "$npb_src/config/make.def.template" ] ||
  { echo "npb.sh: $1 is no NPB 3.4 MPI source tree (no IS/is.c, MG/mg.f90 or mg.f, LU/lu.f90 or lu.f, config/make.def.template)" >&2; exit 2; }
[ -x "$build/apps/is" ] && [ -x "$build/apps/mg" ] && [ -x "$build/apps/lu" ] && [ -x "$build/bin/bsprun" ] ||
  { echo "npb.sh: build first: cmake -S . -B $build -DSUPERSTEP_BUILD_APPS=ON && cmake --build $build --target app_is app_mg app_lu bsprun bsp_mpi bsp_udp" >&2; exit 2; }
for tool in mpirun mpicc mpif90 make; do
  command -v "$tool" >/dev/null || { echo "npb.sh: $tool not found (Debian: openmpi-bin libopenmpi-dev gfortran)" >&2; exit 2; }
done
cores=$(nproc)
default_procs=""
for ((p = 1; p <= cores; p *= 2)); do default_procs="$default_procs $p"; done
procs=${PROCS:-$default_procs}
classes=${CLASSES:-S W}
kernels=${KERNELS:-is mg lu}
launches=${LAUNCHES:-5}
for c in $classes; do
  case $c in S | W | A | B | C) ;; *) echo "npb.sh: class $c is not one of S W A B C" >&2; exit 2 ;; esac
done
for k in $kernels; do
  case $k in is | mg | lu) ;; *) echo "npb.sh: kernel $k is not is, mg or lu" >&2; exit 2 ;; esac
done

all_configs="npb-mpi superstep-shm superstep-mpi npb-mpi-tcp superstep-mpi-tcp superstep-udp"
read -r -a configs <<<"${CONFIGS:-$all_configs}"
for config in "${configs[@]}"; do
  case " $all_configs " in *" $config "*) ;; *) echo "npb.sh: program $config is not one of $all_configs" >&2; exit 2 ;; esac
done

# NPB's timers follow timer.flag alone (the variable, when set, would take precedence).
unset NPB_TIMER_FLAG
work=$(mktemp -d "${TMPDIR:-/tmp}/npb.XXXXXX")
trap 'rm -rf "$work"' EXIT
work=$(cd "$work" && pwd -P)
cp -r "$npb_src" "$work/npb"
npb=$work/npb

# config/make.def: the template with mpicc/mpif90 at -O3; gfortran 10 and later reject NPB's
# MPI calls with buffers of different ranks unless told to allow the mismatch, and 3.4.0's MG
# has BOZ constants that gfortran 10 and later take only with -fallow-invalid-boz.
fflags="-O3"
echo "end" >"$work/probe.f90"
for flag in -fallow-argument-mismatch -fallow-invalid-boz; do
  if mpif90 "$flag" -c "$work/probe.f90" -o "$work/probe.o" 2>/dev/null; then fflags="$fflags $flag"; fi
done
sed -e "s|^MPIFC[[:space:]]*=.*|MPIFC = mpif90|" -e "s|^MPICC[[:space:]]*=.*|MPICC = mpicc|" \
    -e "s|^FFLAGS[[:space:]]*=.*|FFLAGS = $fflags|" -e "s|^CFLAGS[[:space:]]*=.*|CFLAGS = -O3|" \
    "$npb/config/make.def.template" >"$npb/config/make.def"
# Nothing of an earlier build: objects and modules may come from another compiler. The
# binaries go to bin/, which a tree from git lacks (git keeps no empty folder).
find "$npb" \( -name '*.o' -o -name '*.mod' -o -name '*.x' \) -type f -delete
mkdir -p "$npb/bin"
for k in $kernels; do
  for c in $classes; do
    echo "== building NPB-MPI ${k^^} class $c" >&2
    make -C "$npb" "${k^^}" CLASS="$c" >"$work/make.$k.$c.log" 2>&1 ||
      { echo "npb.sh: building NPB's ${k^^} class $c failed:" >&2; tail -5 "$work/make.$k.$c.log" >&2; exit 1; }
    make -C "$npb/${k^^}" clean >/dev/null 2>&1 || true
  done
done

mpirun_flags=(--mca pml ob1)
# launch CONFIG KERNEL CLASS P: the program's output on stdout.
launch() {
  local config=$1 k=$2 c=$3 p=$4
  local over=()
  [ "$p" -gt "$cores" ] && over=(--oversubscribe)
  local ours=("$build/apps/$k" --class "$c" -p "$p")
  case $config in
    npb-mpi) mpirun "${mpirun_flags[@]}" "${over[@]}" -n "$p" "$npb/bin/$k.$c.x" ;;
    superstep-shm) "${ours[@]}" ;;
    superstep-mpi) mpirun "${mpirun_flags[@]}" "${over[@]}" -n "$p" -x BSP_ENGINE=mpi "${ours[@]}" ;;
    npb-mpi-tcp) mpirun "${mpirun_flags[@]}" --mca btl tcp,self "${over[@]}" -n "$p" "$npb/bin/$k.$c.x" ;;
    superstep-mpi-tcp)
      mpirun "${mpirun_flags[@]}" --mca btl tcp,self "${over[@]}" -n "$p" -x BSP_ENGINE=mpi "${ours[@]}" ;;
    superstep-udp) BSP_UDP_STATS=1 "$build/bin/bsprun" --engine udp -n "$p" "${ours[@]}" ;;
    superstep-udp-impaired) BSP_UDP_IMPAIR="$UDP_IMPAIR" BSP_UDP_STATS=1 "$build/bin/bsprun" \
      --engine udp -n "$p" "${ours[@]}" ;;
  esac
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
samples=$work/samples.tsv  # kernel, class (after its rank S1 W2 A3 B4 C5), p, program, Mop/s
: >"$samples"
# The udp engine's counters (BSP_UDP_STATS=1: one line per process at bsp_end), summed over the
# processes of a launch: kernel, class, p, data packets sent, explicit acks, implicit acks (data
# that carried an acknowledgement), retransmissions, duplicates, drops, and the loss injected
# (BSP_UDP_IMPAIR; "none").
packets=$work/packets.tsv
: >"$packets"
# The profiled launches: kernel, class, p, program, timed iterations, measured s, computation s.
splits=$work/splits.tsv
: >"$splits"
# NPB's timed launches: kernel, class, p, program, NPB's total s, its communication s ("none"
# where it has no communication timer).
comms=$work/comms.tsv
: >"$comms"
profiling=""
[ -x "$build/bin/bspprof" ] && [ -x "$build/bench/apps_models" ] && profiling=yes
# profile CONFIG KERNEL CLASS P: one launch of ours under the profiler; its split to $splits.
profile() {
  local config=$1 k=$2 c=$3 p=$4 rank
  local over=()
  [ "$p" -gt "$cores" ] && over=(--oversubscribe)
  local ours=("$build/apps/$k" --class "$c" -p "$p")
  local profiled=()
  case $config in
    superstep-shm) profiled=("$build/bin/bsprun" -n "$p" --profile "$work/profile.json" "${ours[@]}") ;;
    superstep-udp)
      profiled=("$build/bin/bsprun" --engine udp -n "$p" --profile "$work/profile.json" "${ours[@]}") ;;
    superstep-mpi) profiled=(mpirun "${mpirun_flags[@]}" "${over[@]}" -n "$p" -x BSP_ENGINE=mpi
                             -x BSP_PROFILE="$work/profile.json" "${ours[@]}") ;;
    superstep-mpi-tcp) profiled=(mpirun "${mpirun_flags[@]}" --mca btl tcp,self "${over[@]}" -n "$p"
                                 -x BSP_ENGINE=mpi -x BSP_PROFILE="$work/profile.json" "${ours[@]}") ;;
  esac
  rank=$(expr index SWABC "$c")
  rm -rf "$work/profile.json" "$work/profile.json.parts"
  if "${profiled[@]}" >"$work/profiled.txt" 2>&1 &&
     "$build/bin/bspprof" report "$work/profile.json" --json >"$work/report.json" 2>>"$work/profiled.txt" &&
     line=$("$build/bench/apps_models" --split "$work/report.json" 2>>"$work/profiled.txt"); then
    printf '%s\t%s%s\t%s\t%s\t%s\n' "$k" "$rank" "$c" "$p" "$config" "$line" >>"$splits"
  else
    echo "npb.sh: ${k^^} class $c p = $p $config: the profiled launch gave no split:" >&2
    tail -3 "$work/profiled.txt" >&2
  fi
}
# npb_timers CONFIG KERNEL CLASS P: one launch of NPB's code with its own timers on (timer.flag
# in the working directory, a folder of its own, removed after); its times to $comms.
npb_timers() {
  local config=$1 k=$2 c=$3 p=$4 dir status=0 total comm
  dir=$(mktemp -d "$work/timers.XXXXXX")
  : >"$dir/timer.flag"
  (cd "$dir" && launch "$config" "$k" "$c" "$p") >"$work/timed.txt" 2>&1 || status=$?
  rm -rf "$dir"
  read -r total comm < <(npb_comm_time "$work/timed.txt")
  if [ "$status" -eq 0 ] && grep -q "^ Verification *= *SUCCESSFUL" "$work/timed.txt" &&
     [ "$total" != none ]; then
    printf '%s\t%s%s\t%s\t%s\t%s\t%s\n' "$k" "$(expr index SWABC "$c")" "$c" "$p" "$config" "$total" \
      "$comm" >>"$comms"
  else
    echo "npb.sh: ${k^^} class $c p = $p $config with timer.flag: no verified launch with NPB's timer report (status $status):" >&2
    tail -3 "$work/timed.txt" >&2
    failures=$((failures + 1))
  fi
}
# count_packets KERNEL RANKED-CLASS P IMPAIR OUTPUT: a udp launch's counters to $packets.
count_packets() {
  awk -v k="$1" -v c="$2" -v p="$3" -v impair="$4" '
    /^superstep udp: process [0-9]+: / {
      for (f = 1; f < NF; ++f) n[$f] += $(f + 1)
      found = 1
    }
    END { if (found) printf "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", k, c, p, n["sent"],
          n["explicit-acks"], n["implicit-acks"], n["retransmissions"], n["duplicates"], n["drops"],
          impair }' "$5" >>"$packets"
}
failures=0
for k in $kernels; do
  for c in $classes; do
    for p in $procs; do
      echo "== ${k^^} class $c p = $p: $launches interleaved launches of ${#configs[@]} programs" >&2
      for ((i = 1; i <= launches; ++i)); do
        for config in "${configs[@]}"; do
          out=$work/run.txt
          status=0
          launch "$config" "$k" "$c" "$p" >"$out" 2>&1 || status=$?
          mops=$(awk '/^ Mop\/s total/ { print $NF }' "$out")
          if [ "$status" -ne 0 ] || ! grep -q "^ Verification *= *SUCCESSFUL" "$out" || [ -z "$mops" ]; then
            echo "npb.sh: ${k^^} class $c p = $p $config: no successful verification (status $status):" >&2
            tail -5 "$out" >&2
            failures=$((failures + 1))
            continue
          fi
          rank=$(expr index SWABC "$c")
          printf '%s\t%s%s\t%s\t%s\t%s\n' "$k" "$rank" "$c" "$p" "$config" "$mops" >>"$samples"
          [ "$config" = superstep-udp ] && count_packets "$k" "$rank$c" "$p" none "$out"
        done
      done
      # The packet table again, with loss injected: launches of their own, outside the medians.
      if [ -n "${UDP_IMPAIR:-}" ]; then
        for ((i = 1; i <= launches; ++i)); do
          out=$work/run.txt
          if launch superstep-udp-impaired "$k" "$c" "$p" >"$out" 2>&1 &&
             grep -q "^ Verification *= *SUCCESSFUL" "$out"; then
            count_packets "$k" "$(expr index SWABC "$c")$c" "$p" "$UDP_IMPAIR" "$out"
          else
            echo "npb.sh: ${k^^} class $c p = $p udp with $UDP_IMPAIR: no successful verification:" >&2
            tail -5 "$out" >&2
            failures=$((failures + 1))
          fi
        done
      fi
      for config in "${configs[@]}"; do
        case $config in
          npb-mpi | npb-mpi-tcp) npb_timers "$config" "$k" "$c" "$p" ;;
          *) [ -z "$profiling" ] || profile "$config" "$k" "$c" "$p" ;;
        esac
      done
    done
  done
done

model=$(lscpu | awk -F: '/^Model name/ { sub(/^[ \t]+/, "", $2); print $2; exit }')
echo
echo "NPB 3.4 $(echo "$kernels" | tr a-z A-Z): Mop/s, median of $launches interleaved launches (spread: (max - min) / median)"
echo "machine: ${model:-unknown processor}, $cores processors; $(mpirun --version 2>&1 | head -1); $(mpif90 --version 2>&1 | head -1)"
echo "load average before the launches: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
# The table: per kernel, class, p and program, the median and spread; the ratio to the NPB run
# over the same transport (shared memory for the first three programs, TCP for the others).
sort -t$'\t' -k1,1 -k2,2 -k3,3n -k4,4 -k5,5g "$samples" | awk -F'\t' -v cores="$cores" '
  function flush(   n, med, spread) {
    if (count == 0) return
    n = count
    med = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    spread = med > 0 ? (v[n] - v[1]) / med * 100 : 0
    key = kern SUBSEP cls SUBSEP procs
    median[key, cfg] = med
    spreads[key, cfg] = spread
    if (!(key in seen)) { seen[key] = 1; order[++keys] = key }
    count = 0
  }
  { if ($1 != kern || $2 != cls || $3 != procs || $4 != cfg) { flush(); kern = $1; cls = $2; procs = $3; cfg = $4 }
    v[++count] = $5 }
  END {
    flush()
    split("npb-mpi superstep-shm superstep-mpi npb-mpi-tcp superstep-mpi-tcp superstep-udp", names, " ")
    printf "| kernel | class | p | program | Mop/s (median) | spread | ours / NPB |\n"
    printf "|---|---|---|---|---:|---:|---:|\n"
    for (i = 1; i <= keys; ++i) {
      split(order[i], f, SUBSEP)
      for (j = 1; j <= 6; ++j) {
        c = names[j]
        if (!((order[i], c) in median)) continue
        base = (j <= 3) ? "npb-mpi" : "npb-mpi-tcp"
        ratio = "-"
        if (c != base && (order[i], base) in median && median[order[i], base] > 0)
          ratio = sprintf("%.2f", median[order[i], c] / median[order[i], base])
        printf "| %s | %s | %s%s | %s | %.1f | %.0f%% | %s |\n", toupper(f[1]), substr(f[2], 2), f[3],
               (f[3] > cores ? " (oversubscribed)" : ""), c, median[order[i], c],
               spreads[order[i], c], ratio
      }
    }
  }'
if [ -s "$packets" ]; then
  echo
  echo "The udp engine's packets per launch (BSP_UDP_STATS=1; the whole run, untimed parts too,"
  echo "summed over the processes; median of the launches): after Table 5 of Donaldson, Hill and"
  echo "Skillicorn, \"Exploiting Global Structure for Performance on Clusters\" (1999)."
  echo
  echo "| kernel | class | p | loss injected | data packets | explicit acks | implicit acks | retransmissions | duplicates | drops |"
  echo "|---|---|---|---|---:|---:|---:|---:|---:|---:|"
  sort -t$'\t' -k1,1 -k2,2 -k3,3n -k10,10 "$packets" | awk -F'\t' '
    function median(col,   n, i, j, t, a) {
      n = count
      for (i = 1; i <= n; ++i) a[i] = v[i, col]
      for (i = 2; i <= n; ++i) for (j = i; j > 1 && a[j - 1] > a[j]; --j) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function flush() {
      if (count == 0) return
      printf "| %s | %s | %s | %s | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f |\n", toupper(kern),
             substr(cls, 2), procs, impair, median(4), median(5), median(6), median(7), median(8),
             median(9)
      count = 0
    }
    { if ($1 != kern || $2 != cls || $3 != procs || $10 != impair) {
        flush(); kern = $1; cls = $2; procs = $3; impair = $10 }
      ++count; for (f = 4; f <= 9; ++f) v[count, f] = $f }
    END { flush() }'
fi
echo
split_table "$splits" "$comms"
if [ -z "$profiling" ]; then
  echo "(No computation/communication split of ours: it needs bspprof and bench/apps_models, built"
  echo "with -DSUPERSTEP_BUILD_BENCH=ON: cmake --build $build --target bspprof apps_models.)"
fi
if [ "$failures" -gt 0 ]; then
  echo "npb.sh: $failures launches did not verify" >&2
  exit 1
fi
