#!/usr/bin/env bash
# Builds Superstep if needed and runs the stress tests (label stress) verbosely, so that every
# test's figures (time, peak RSS per process, bytes in flight, time per put) are printed.
# They run one at a time: each wants the whole machine for its figures to mean something.
set -euo pipefail
cd "$(dirname "$0")/.."

cmake -S . -B build -DSUPERSTEP_WERROR=ON -DSUPERSTEP_BUILD_TESTS=ON >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build -L stress --output-on-failure -V
