#include "bench_support.hpp"

#include <algorithm>
#include <cstdio>

#include "floors.hpp"
#include "plan.hpp"
#include "stats.hpp"

namespace bench {

double two_process_barrier_seconds() {
  bspprobe::Plan plan = bspprobe::make_plan(/*quick=*/true, /*max_words=*/1024);
  return bspprobe::measure_barrier_seconds(plan).median;
}

double median(const std::vector<double>& sample) { return bspprobe::summarize(sample).median; }

Series series_of(const std::vector<double>& samples) {
  Series s;
  s.n = samples.size();
  if (samples.empty()) return s;
  s.first = samples.front();
  s.slowest = *std::max_element(samples.begin(), samples.end());
  s.median = median(samples);
  const std::vector<double> late(samples.begin() + static_cast<long>(samples.size() / 3),
                                 samples.end());
  const double bound = 1.5 * median(late);
  s.steady_from = static_cast<int>(samples.size()) + 1;
  for (std::size_t i = samples.size(); i-- > 0 && samples[i] <= bound;)
    s.steady_from = static_cast<int>(i) + 1;
  return s;
}

std::string series_text(const Series& s, double scale, const char* format) {
  auto number = [&](double v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, format, v * scale);
    return std::string(buf);
  };
  char tail[64];
  std::snprintf(tail, sizeof tail, " (steady from %d of %zu)", s.steady_from, s.n);
  return "first " + number(s.first) + ", slowest " + number(s.slowest) + ", median " +
         number(s.median) + tail;
}

}  // namespace bench
