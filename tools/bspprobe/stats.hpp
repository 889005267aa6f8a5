// Robust summaries of repeated timings: median and spread.
#pragma once

#include <cstddef>
#include <span>

namespace bspprobe {

// Five-number summary of a sample. Timings on a shared machine have outliers
// (preemption, page faults), so the median is the headline figure and the
// quartiles show how far it can be trusted.
struct Summary {
  double median = 0;
  double q1 = 0;  // 25th percentile
  double q3 = 0;  // 75th percentile
  double min = 0;
  double max = 0;
  std::size_t n = 0;

  // Interquartile range relative to the median (0 when the median is 0).
  double relative_spread() const;
};

// Quantile q in [0, 1] of an unsorted sample, by linear interpolation between
// order statistics (the usual "type 7" definition). Throws
// std::invalid_argument on an empty sample or q outside [0, 1].
double quantile(std::span<const double> sample, double q);

// Summary of an unsorted sample; throws std::invalid_argument when empty.
Summary summarize(std::span<const double> sample);

}  // namespace bspprobe
