// What the benchmarks print their figures beside: the two-process barrier
// floor that bspprobe measures (tools/bspprobe/floors.hpp), and medians.
#pragma once

#include <vector>

namespace bench {

// Median seconds per barrier of two processes meeting over shared memory:
// the cheapest a superstep can be on this machine right now.
double two_process_barrier_seconds();

double median(const std::vector<double>& sample);

}  // namespace bench
