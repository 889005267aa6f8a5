// What one call of the element-by-element primitives costs, with no other
// process and no barrier in the figure: a loop of `count` 8-byte bsp_put
// calls, each continuing the last, into this process's own registered array;
// `count` 8-byte bsp_send calls; and, after the sync, `count` bsp_move calls
// draining them. Only the loops are timed; the best of `loops` is printed
// per call (the least disturbed by anything else the machine does). The
// figures of whole supersteps beside Open MPI's are bench_small_puts'.
// Usage: bench_call_costs [count] [loops]   (default 100000 40)
#include <bsp.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char** argv) {
  int count = argc > 1 ? std::atoi(argv[1]) : 100000;
  int loops = argc > 2 ? std::atoi(argv[2]) : 40;
  if (count < 1 || count > INT_MAX / 8 || loops < 1) {
    std::fprintf(stderr, "bench_call_costs: count must be 1 to INT_MAX / 8 and loops at least 1\n");
    return 2;
  }
  bsp_begin(1);
  std::vector<std::uint64_t> src(static_cast<std::size_t>(count)), dst(src.size());
  for (int i = 0; i < count; ++i) src[static_cast<std::size_t>(i)] = static_cast<std::uint64_t>(i);
  bsp_push_reg(dst.data(), count * 8);
  bsp_sync();
  double best_put = 1e9, best_send = 1e9, best_move = 1e9;
  std::uint64_t sum = 0;
  for (int loop = 0; loop < loops; ++loop) {
    double t0 = bsp_time();
    for (int i = 0; i < count; ++i)
      bsp_put(0, &src[static_cast<std::size_t>(i)], dst.data(), i * 8, 8);
    best_put = std::min(best_put, bsp_time() - t0);
    bsp_sync();
    t0 = bsp_time();
    for (int i = 0; i < count; ++i) bsp_send(0, nullptr, &src[static_cast<std::size_t>(i)], 8);
    best_send = std::min(best_send, bsp_time() - t0);
    bsp_sync();
    int n = 0;
    bsp_qsize(&n, nullptr);
    t0 = bsp_time();
    for (int k = 0; k < n; ++k) {
      std::uint64_t v;
      bsp_move(&v, 8);
      sum += v;
    }
    best_move = std::min(best_move, bsp_time() - t0);
  }
  if (dst[static_cast<std::size_t>(count) - 1] != static_cast<std::uint64_t>(count) - 1 ||
      sum !=
          static_cast<std::uint64_t>(loops) * (static_cast<std::uint64_t>(count) * (count - 1) / 2))
    bsp_abort("bench_call_costs: wrong data");
  double per = 1e9 / count;
  std::printf(
      "per call, 8 bytes, best of %d loops of %d: bsp_put %.2f ns, bsp_send %.2f ns, bsp_move "
      "%.2f ns\n",
      loops, count, best_put * per, best_send * per, best_move * per);
  bsp_end();
  return 0;
}
