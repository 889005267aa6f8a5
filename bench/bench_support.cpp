#include "bench_support.hpp"

#include "floors.hpp"
#include "plan.hpp"
#include "stats.hpp"

namespace bench {

double two_process_barrier_seconds() {
  bspprobe::Plan plan = bspprobe::make_plan(/*quick=*/true, /*max_words=*/1024);
  return bspprobe::measure_barrier_seconds(plan).median;
}

double median(const std::vector<double>& sample) { return bspprobe::summarize(sample).median; }

}  // namespace bench
