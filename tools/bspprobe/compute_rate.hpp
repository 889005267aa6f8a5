// The computing rate s of one process (Hill et al. 1998, section 5.1.2): the average
// of an out-of-cache inner product rate (a lower bound) and an in-cache dense
// matrix multiply rate (an upper bound), in single-precision flop/s as in Table 1.
#pragma once

#include "plan.hpp"
#include "stats.hpp"

namespace bspprobe {

struct ComputeRate {
  Summary inner_product_flops;  // flop/s per repetition
  Summary matmul_flops;
  double s() const { return (inner_product_flops.median + matmul_flops.median) / 2; }
};

ComputeRate measure_compute_rate(const Plan& plan);

}  // namespace bspprobe
