#include "local_work.hpp"

#include "spmd.hpp"

namespace apps {

double LocalWork::slowest_sum() const {
  double total = 0;
  for (double mine : best_s_) {
    double slowest = 0;
    for (double t : all_gather(mine)) slowest = std::max(slowest, t);
    total += slowest;
  }
  return total;
}

}  // namespace apps
