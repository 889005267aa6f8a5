#!/usr/bin/env bash
# python_instructions.sh BUILD [PYTHON]: the instructions of an 8-byte put and of an empty
# superstep, in Python (the package in BUILD/python, run by PYTHON, default python3) and in C
# (BUILD/bench/bench_python_overhead_c), at p = 1, as valgrind's callgrind counts them. Each
# figure is the slope between a run of 20,000 calls and one of 60,000, so that starting the
# interpreter and importing cancel out; the Python put's figure includes its for loop, as in
# python_overhead.py. Instruction counts do not depend on the machine's load, which the
# times of python_overhead.py do. Prints four lines; judges nothing.
set -euo pipefail
build=${1:?usage: python_instructions.sh BUILD [PYTHON]}
python=${2:-python3}
twin=$build/bench/bench_python_overhead_c
command -v valgrind >/dev/null || { echo "python_instructions: valgrind is not installed" >&2; exit 2; }
[ -x "$twin" ] || { echo "python_instructions: build $twin first (SUPERSTEP_BUILD_BENCH=ON)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/calls.py" <<'EOF'
import sys
import numpy as np
import superstep as bsp

puts, syncs = int(sys.argv[1]), int(sys.argv[2])


def spmd():
    area = np.zeros(1024)
    bsp.push_reg(area)
    bsp.sync()
    value, put, sync = np.array([1.0]), bsp.put, bsp.sync
    for i in range(puts):
        put(0, value, area, i % 1024)
    sync()
    for _ in range(syncs):
        sync()


bsp.run(spmd, 1)
EOF
# instructions COMMAND...: the instructions callgrind counts in COMMAND.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : //p'
}
slope() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b - a) / 40000 }'; }
export PYTHONPATH=$build/python${PYTHONPATH:+:$PYTHONPATH}
a=$(instructions "$python" "$work/calls.py" 20000 0); b=$(instructions "$python" "$work/calls.py" 60000 0)
echo "Python 8-byte put (with its for loop): $(slope "$a" "$b") instructions"
a=$(instructions "$python" "$work/calls.py" 0 20000); b=$(instructions "$python" "$work/calls.py" 0 60000)
echo "Python empty superstep: $(slope "$a" "$b") instructions"
a=$(instructions "$twin" 1 1 20000 1 1); b=$(instructions "$twin" 1 1 60000 1 1)
echo "C 8-byte put: $(slope "$a" "$b") instructions"
a=$(instructions "$twin" 1 1 1 20000 1); b=$(instructions "$twin" 1 1 1 60000 1)
echo "C empty superstep: $(slope "$a" "$b") instructions"
