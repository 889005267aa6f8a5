// One bsp_put of `bytes` to the next process, then bsp_sync, many times in a
// row: the steady cost of a superstep that moves one block, once every
// buffer has settled (bench_total_exchange times single supersteps that
// alternate put, hpput and hpget on the same buffers). Printed: the mean
// over the loop, the median of five loops, and their spread.
// Usage: bench_put_loop [bytes] [supersteps]   (default 65536 3000; p from BSP_NPROCS or 2)
#include <bsp.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench_support.hpp"

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 65536;
  int steps = argc > 2 ? std::atoi(argv[2]) : 3000;
  if (n < 1 || steps < 1) {
    std::fprintf(stderr, "bench_put_loop: bytes and supersteps must be at least 1\n");
    return 2;
  }
  const char* procs = std::getenv("BSP_NPROCS");
  bsp_begin(procs ? std::atoi(procs) : 2);
  int p = bsp_nprocs(), next = (bsp_pid() + 1) % p;
  std::vector<char> src(static_cast<std::size_t>(n), static_cast<char>(bsp_pid())),
      dst(static_cast<std::size_t>(n));
  bsp_push_reg(dst.data(), n);
  bsp_sync();
  std::vector<double> loops;
  for (int loop = 0; loop < 5; ++loop) {
    double t0 = bsp_time();
    for (int i = 0; i < steps; ++i) {
      bsp_put(next, src.data(), dst.data(), 0, n);
      bsp_sync();
    }
    loops.push_back((bsp_time() - t0) / steps);
  }
  if (dst[static_cast<std::size_t>(n) - 1] != static_cast<char>((bsp_pid() + p - 1) % p))
    bsp_abort("bench_put_loop: wrong data");
  if (bsp_pid() == 0) {
    double lo = loops[0], hi = loops[0];
    for (double t : loops) lo = t < lo ? t : lo, hi = t > hi ? t : hi;
    std::printf(
        "%d B bsp_put + bsp_sync, p=%d: %.2f us per superstep (median of 5 loops of %d; "
        "%.2f-%.2f)\n",
        n, p, bench::median(loops) * 1e6, steps, lo * 1e6, hi * 1e6);
  }
  bsp_end();
  return 0;
}
