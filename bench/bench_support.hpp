// What the benchmarks print their figures beside: the two-process barrier
// floor that bspprobe measures (tools/bspprobe/floors.hpp), medians, and a
// series' first, slowest and median sample with where it settled.
#pragma once

#include <string>
#include <vector>

namespace bench {

// Median seconds per barrier of two processes meeting over shared memory:
// the cheapest a superstep can be on this machine right now.
double two_process_barrier_seconds();

double median(const std::vector<double>& sample);

// A series of samples of one pattern in the order they were taken: a program lives through
// its first supersteps too, so the first and the slowest stand beside the median.
struct Series {
  double first = 0;
  double slowest = 0;
  double median = 0;
  // The first sample (counted from 1) from which on every sample is within 1.5 times the
  // median of the last two thirds: where the series settled.
  int steady_from = 1;
  std::size_t n = 0;
};
Series series_of(const std::vector<double>& samples);

// "first 2.6, slowest 2.8, median 0.47 (steady from 5 of 24)", every figure times `scale`,
// printed with printf's `format` (e.g. "%.1f").
std::string series_text(const Series& s, double scale, const char* format);

}  // namespace bench
