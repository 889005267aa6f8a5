// The physical floors a benchmark prints its figures beside, measured in the
// same run: what a two-process barrier over shared memory and a plain memcpy
// cost on this machine right now.
#pragma once

#include <cstddef>
#include <vector>

namespace bench {

// Median seconds per barrier of two processes (this one and a forked child)
// spinning on an anonymous shared mapping: the cheapest a superstep can be.
double two_process_barrier_seconds(int barriers_per_sample = 20000, int samples = 7);

// Median seconds to memcpy `bytes` between two buffers already touched.
double memcpy_seconds(std::size_t bytes, int samples = 9);

double median(std::vector<double> v);

}  // namespace bench
