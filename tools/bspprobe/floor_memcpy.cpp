#include <cstring>
#include <vector>

#include "floors.hpp"
#include "timing.hpp"

namespace bspprobe {

Summary measure_memcpy_seconds_per_byte(const Plan& plan) {
  const auto bytes = static_cast<std::size_t>(plan.memcpy_bytes);
  std::vector<char> src(bytes, 1), dst(bytes, 0);  // filled: every page is touched
  std::vector<double> per_byte;
  for (int r = 0; r < plan.s_repetitions + 1; ++r) {
    const double t0 = now_seconds();
    std::memcpy(dst.data(), src.data(), bytes);
    clobber_memory(dst.data());
    const double t = now_seconds() - t0;
    if (r > 0) per_byte.push_back(t / static_cast<double>(bytes));  // the first warms the TLB
  }
  return summarize(per_byte);
}

}  // namespace bspprobe
