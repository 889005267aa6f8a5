#!/usr/bin/env bash
# Builds Superstep twice and runs the tests: first under AddressSanitizer and
# UndefinedBehaviorSanitizer (all but the tests labelled slow), then the whole suite on a
# normal warnings-as-errors build. The last line is CTest's summary of the
# whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

cmake -S . -B build-sanitize -DSUPERSTEP_WERROR=ON -DSUPERSTEP_SANITIZE=ON -DSUPERSTEP_BUILD_BENCH=OFF >/dev/null
cmake --build build-sanitize -j"$jobs"
# handle_segv=0: a test that crashes a process on purpose expects the signal itself.
ASAN_OPTIONS=detect_leaks=1:handle_segv=0 ctest --test-dir build-sanitize -j"$jobs" --output-on-failure -LE slow

cmake -S . -B build -DSUPERSTEP_WERROR=ON >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build -j"$jobs" --output-on-failure
