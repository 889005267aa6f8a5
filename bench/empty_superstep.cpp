// What an empty superstep (bsp_sync with nothing to send) costs at p
// processes, beside a raw two-process shared-memory barrier measured in the
// same run, and at p = 2 on shared memory a cache line's round trip between
// the two processes, sampled between the timed samples (the host's placement
// of their processors sets it).  Usage: bench_empty_superstep [p] [syncs-per-sample]
#include <bsp.h>

#include <cstdio>

#include "sample_timing.hpp"

int main(int argc, char** argv) {
  const auto [p, n, samples, floor, round_trips] = bench::begin_latency_run(argc, argv);
  double sync = bench::median_seconds_per_unit(
      samples,
      [n] {
        for (int i = 0; i < n; ++i) bsp_sync();
        return static_cast<double>(n);
      },
      round_trips);
  const double round_trip = round_trips ? round_trips->take_median() : 0;
  if (bsp_pid() == 0) {
    std::printf(
        "empty superstep, p=%d: %.3f us (median of %d samples of %d syncs); raw two-process "
        "shared-memory barrier: %.3f us; ratio %.2f\n",
        p, sync * 1e6, samples, n, floor * 1e6, sync / floor);
    if (round_trip > 0)
      std::printf("  a cache line's round trip between the two processes meanwhile: %.3f us\n",
                  round_trip * 1e6);
  }
  bsp_end();
  return 0;
}
