// What an empty superstep (bsp_sync with nothing to send) costs at p
// processes, beside a raw two-process shared-memory barrier measured in the
// same run.  Usage: bench_empty_superstep [p] [syncs-per-sample]
#include <bsp.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench_support.hpp"

int main(int argc, char** argv) {
  int p = argc > 1 ? std::atoi(argv[1]) : 2;
  int n = argc > 2 ? std::atoi(argv[2]) : (p <= 2 ? 20000 : 2000);
  const int samples = 9;
  double floor = bench::two_process_barrier_seconds();
  bsp_begin(p);
  std::vector<double> per;
  for (int s = 0; s < samples; ++s) {
    bsp_sync();
    double t0 = bsp_time();
    for (int i = 0; i < n; ++i) bsp_sync();
    per.push_back((bsp_time() - t0) / n);
  }
  if (bsp_pid() == 0) {
    double sync = bench::median(per);
    std::printf(
        "empty superstep, p=%d: %.3f us (median of %d samples of %d syncs); raw two-process "
        "shared-memory barrier: %.3f us; ratio %.2f\n",
        p, sync * 1e6, samples, n, floor * 1e6, sync / floor);
  }
  bsp_end();
  return 0;
}
