// apps::LocalWork, the apps' computation term: a phase's work is the slowest process's time,
// the best of its repetitions, scaled where asked, summed over phases, the same on every process.
// Process s sleeps (s + 1) 20 ms in phase 0 (200 ms more in the first repetition) and the last
// process 10 ms in phase 1, scaled by 3: the work is at least 20 p + 30 ms (the slowest, not the
// mean) and below 20 p + 30 + 150 ms (the best repetition, not the first).
#include <bsp.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include "local_work.hpp"
#include "spmd.hpp"

namespace {

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

bool check() {
  const int p = bsp_nprocs(), s = bsp_pid();
  apps::LocalWork work(2);
  int returned = 0;
  for (int it = 0; it < 2; ++it) {
    returned = work.time(0, [&] {
      sleep_ms((s + 1) * 20 + (it == 0 ? 200 : 0));
      return 7;
    });
    work.time(1, [&] { sleep_ms(s == p - 1 ? 10 : 0); });
  }
  work.scale(1, 3);
  const double total = work.slowest_sum();
  const double lowest = (20.0 * p + 30) / 1000, highest = lowest + 0.150;
  bool same = true;
  for (double t : apps::all_gather(total)) same = same && t == total;
  if (returned != 7 || !same || total < lowest || total >= highest) {
    std::printf("FAIL: p = %d, pid %d: work %.4f s, expected in [%.4f, %.4f), returned %d, %s\n",
                p, s, total, lowest, highest, returned, same ? "same everywhere" : "differs");
    return false;
  }
  return true;
}

}  // namespace

int main() {
  bool ok = false;
  apps::run_spmd(bsp_nprocs(), [&] {
    ok = check();
    if (bsp_pid() == 0 && ok) std::printf("PASS\n");
  });
  return ok ? 0 : 1;
}
