#include "stats.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace bspprobe {

namespace {

double sorted_quantile(const std::vector<double>& sorted, double q) {
  const double position = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(position);
  if (below + 1 >= sorted.size()) return sorted.back();
  const double fraction = position - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[below + 1] - sorted[below]);
}

std::vector<double> sorted_copy(std::span<const double> sample) {
  if (sample.empty()) throw std::invalid_argument("summary of an empty sample");
  std::vector<double> sorted(sample.begin(), sample.end());
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

}  // namespace

double Summary::relative_spread() const { return median == 0 ? 0 : (q3 - q1) / median; }

double quantile(std::span<const double> sample, double q) {
  if (!(q >= 0 && q <= 1)) throw std::invalid_argument("quantile outside [0, 1]");
  return sorted_quantile(sorted_copy(sample), q);
}

Summary summarize(std::span<const double> sample) {
  const std::vector<double> sorted = sorted_copy(sample);
  Summary s;
  s.median = sorted_quantile(sorted, 0.5);
  s.q1 = sorted_quantile(sorted, 0.25);
  s.q3 = sorted_quantile(sorted, 0.75);
  s.min = sorted.front();
  s.max = sorted.back();
  s.n = sorted.size();
  return s;
}

}  // namespace bspprobe
