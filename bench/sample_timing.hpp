// How the latency benchmarks time a superstep pattern: `samples` times, all
// processes meet (bsp_sync), run the work, and note the seconds per unit of
// it (the work returns how many units it ran: syncs, or 1 for one
// superstep); the figure is the median sample. A reduce step may turn each
// process's sample into one all agree on (the slowest process's, say).
#pragma once

#include <bsp.h>

#include <cstdlib>
#include <vector>

#include "bench_support.hpp"
#include "memory_before_begin.hpp"

namespace bench {

// The start of a latency benchmark: `[p] [supersteps-per-sample]` from the
// command line (2; 20,000 at p <= 2, 2,000 above, where each costs more),
// 9 samples, the raw two-process barrier measured before any process starts,
// then bsp_begin(p); and where measured (memory_before_begin.hpp), a cache
// line's round trips between the launch's two processes, null otherwise.
struct LatencyRun {
  int p;
  int n;
  int samples;
  double floor;
  LineRoundTrips* round_trips;
};
inline LatencyRun begin_latency_run(int argc, char** argv) {
  LatencyRun run;
  run.p = argc > 1 ? std::atoi(argv[1]) : 2;
  run.n = argc > 2 ? std::atoi(argv[2]) : (run.p <= 2 ? 20000 : 2000);
  run.samples = 9;
  run.floor = two_process_barrier_seconds();
  static LineRoundTrips round_trips;  // its page is mapped before bsp_begin
  bsp_begin(run.p);
  run.round_trips = round_trips.start() ? &round_trips : nullptr;
  return run;
}

// With `round_trips`, a round trip is sampled before each timed sample, so
// that round_trips->take_median() covers the same stretch of the launch.
template <typename Work, typename Reduce>
double median_seconds_per_unit(int samples, Work work, Reduce reduce,
                               LineRoundTrips* round_trips = nullptr) {
  std::vector<double> per;
  for (int s = 0; s < samples; ++s) {
    if (round_trips) round_trips->sample();
    bsp_sync();
    double t0 = bsp_time();
    double units = work();
    per.push_back(reduce((bsp_time() - t0) / units));
  }
  return median(per);
}

template <typename Work>
double median_seconds_per_unit(int samples, Work work, LineRoundTrips* round_trips = nullptr) {
  return median_seconds_per_unit(
      samples, work, [](double t) { return t; }, round_trips);
}

}  // namespace bench
