// Every process's values, gathered on process 0 (p times mine.size(), process by process;
// the others get zeros): how the BSP benchmarks bring their samples to the process that prints.
// Three supersteps (register, put, pop). Collective: every process calls it with as many values.
#pragma once

#include <bsp.h>

#include <cstddef>
#include <vector>

namespace bench {

inline std::vector<double> gather_on_pid0(const std::vector<double>& mine) {
  const std::size_t n = mine.size(), p = static_cast<std::size_t>(bsp_nprocs());
  std::vector<double> all(n * p, 0.0);
  bsp_push_reg(all.data(), static_cast<int>(all.size() * sizeof(double)));
  bsp_sync();
  bsp_put(0, mine.data(), all.data(), static_cast<int>(bsp_pid() * n * sizeof(double)),
          static_cast<int>(n * sizeof(double)));
  bsp_sync();
  bsp_pop_reg(all.data());
  bsp_sync();
  return all;
}

}  // namespace bench
