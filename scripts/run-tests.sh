#!/usr/bin/env bash
# Builds Superstep twice and runs the tests: first under AddressSanitizer and
# UndefinedBehaviorSanitizer (all but the slow ones and a few more, said below), then the whole suite on a
# normal warnings-as-errors build. The last line is CTest's summary of the
# whole suite.
#
# Both builds keep line tables only (-g1: enough for backtraces and sanitizer reports), and the
# sanitizer build compiles at -O1, as AddressSanitizer's documentation suggests. Builds were most
# of CI's time: on the two-core machine the sanitizer build took about 9 minutes at -O2 -g and 6
# at -O1 -g1, the normal one 4.7-4.9 at -O2 -g and 3.7 at -O2 -g1; the sanitizer tests ran as
# fast at -O1 (4.0 minutes against 4.2).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --tests  # nothing to do where they are installed
jobs=$(nproc)
# The RelWithDebInfo flags of both languages.
sanitize_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")
normal_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")

cmake -S . -B build-sanitize -DSUPERSTEP_WERROR=ON -DSUPERSTEP_SANITIZE=ON -DSUPERSTEP_BUILD_TESTS=ON \
  -DSUPERSTEP_BUILD_BENCH=OFF \
  "${sanitize_flags[@]}" >/dev/null
cmake --build build-sanitize -j"$jobs"
# handle_segv=0: a test that crashes a process on purpose expects the signal itself.
# Under the sanitizers, all but the slow tests, the long campaigns where a build registers them
# (SUPERSTEP_CAMPAIGNS) and the checks of text and layout (docs, house), whose answers do not
# depend on how the library was compiled; the normal build below runs every test.
ASAN_OPTIONS=detect_leaks=1:handle_segv=0 ctest --test-dir build-sanitize -j"$jobs" \
  --output-on-failure -LE "^(slow|campaign|docs|house)$"

cmake -S . -B build -DSUPERSTEP_WERROR=ON -DSUPERSTEP_BUILD_TESTS=ON -DSUPERSTEP_BUILD_BENCH=ON \
  "${normal_flags[@]}" >/dev/null
cmake --build build -j"$jobs"
ctest --test-dir build -j"$jobs" --output-on-failure
