#!/usr/bin/env bash
# Builds Superstep twice and runs the tests: first under AddressSanitizer and
# UndefinedBehaviorSanitizer (all but the tests labelled slow), then the whole suite on a
# normal warnings-as-errors build. The last line is CTest's summary of the
# whole suite.
#
# Both builds keep line tables only (-g1: enough for backtraces and sanitizer reports), and the
# sanitizer build compiles at -O1, as AddressSanitizer's documentation suggests: on the two-core
# machine -g cost a quarter more compile time than -g1, and ASan at -O2 -g over 40% more than
# at -O1 -g1, most of CI's time (the sanitizer build alone took 9.4 minutes at -O2 -g).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
# The RelWithDebInfo flags of both languages.
sanitize_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")
normal_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")

cmake -S . -B build-sanitize -DSUPERSTEP_WERROR=ON -DSUPERSTEP_SANITIZE=ON -DSUPERSTEP_BUILD_BENCH=OFF \
  "${sanitize_flags[@]}" >/dev/null
cmake --build build-sanitize -j"$jobs"
# handle_segv=0: a test that crashes a process on purpose expects the signal itself.
ASAN_OPTIONS=detect_leaks=1:handle_segv=0 ctest --test-dir build-sanitize -j"$jobs" --output-on-failure -LE slow

cmake -S . -B build -DSUPERSTEP_WERROR=ON "${normal_flags[@]}" >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build -j"$jobs" --output-on-failure
