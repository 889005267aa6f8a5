// Small collective helpers on top of bsp.h. Each is called by every process in the same
// superstep. (The level-1 collectives of bsp_level1.h will replace all_gather once merged.)
#pragma once

#include <bsp.h>
#include <bsp_profile.h>

#include <type_traits>
#include <vector>

namespace apps {

// Runs the SPMD part, spmd(), on p processes from bsp_begin to bsp_end. True on process 0
// afterwards; false on the others, which have nothing left to do but exit.
template <class Spmd>
bool run_spmd(int p, Spmd&& spmd) {
  bsp_begin(p);
  const int pid = bsp_pid();
  spmd();
  bsp_end();
  return pid == 0;
}

// Block of n items owned by process s when n items are spread as evenly as possible.
inline long long block_begin(long long n, int p, int s) {
  return n / p * s + (s < n % p ? s : n % p);
}
inline long long block_size(long long n, int p, int s) { return n / p + (s < n % p ? 1 : 0); }

// Stops the program (bsp_abort) unless it runs on the `asked` processes of -p: under mpirun
// bsp_begin gets the job size, whatever -p says. Called by every process after bsp_begin.
inline void require_procs(const char* app, int asked) {
  if (bsp_nprocs() != asked)
    bsp_abort("%s: asked for %d processes but got %d (under mpirun: the job size)\n", app, asked,
              bsp_nprocs());
}

// Every process's value, in pid order, on every process. Costs three supersteps (register,
// put, deregister), so it belongs outside timed regions.
template <class T>
std::vector<T> all_gather(const T& mine) {
  static_assert(std::is_trivially_copyable_v<T>);
  const int p = bsp_nprocs();
  std::vector<T> all(static_cast<std::size_t>(p));
  bsp_push_reg(all.data(), static_cast<int>(sizeof(T)) * p);
  bsp_sync();
  for (int q = 0; q < p; ++q)
    bsp_put(q, &mine, all.data(), static_cast<int>(sizeof(T)) * bsp_pid(), sizeof(T));
  bsp_sync();
  bsp_pop_reg(all.data());
  return all;
}

// Wall time of a superstep-delimited region: starts and ends with a sync, so it is the
// slowest process's time, the same on every process. In a profile (bsprun --profile) the
// superstep that start() ends is labelled kTimerStartLabel and the one stop() ends
// kTimerStopLabel: the timed region is the supersteps after the first up to the second
// (bench/apps_models.cpp sums bspprof's predictions over them).
inline constexpr const char* kTimerStartLabel = "apps: timer start";
inline constexpr const char* kTimerStopLabel = "apps: timer stop";

class SpmdTimer {
 public:
  void start() {
    bsp_profile_label(kTimerStartLabel);
    bsp_sync();
    t0_ = bsp_time();
  }
  double stop() {
    bsp_profile_label(kTimerStopLabel);
    bsp_sync();
    return bsp_time() - t0_;
  }

 private:
  double t0_ = 0;
};

}  // namespace apps
