// Timing of the sequential baselines: the best of `iterations` runs, each after an untimed
// setup (the parallel times are the best over iterations too, measured with bsp_time).
#pragma once

#include <algorithm>
#include <chrono>
#include <limits>

namespace apps {

template <class Setup, class Work>
double best_time(int iterations, Setup setup, Work work) {
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < iterations; ++i) {
    setup();
    const auto t0 = std::chrono::steady_clock::now();
    work();
    const std::chrono::duration<double> t = std::chrono::steady_clock::now() - t0;
    best = std::min(best, t.count());
  }
  return best;
}

}  // namespace apps
