// The computation term of an app's prediction, measured where it runs: after the timed run
// (untimed), every process re-executes its own local phases, the parallel program's kernels on
// this process's data and sizes, without the communication between them, and times each one.
// A phase's work is the slowest process's time (a superstep's W in BSP, so the imbalance the
// run produced is in it), the best over repetitions; the work is the sum over phases.
// Running on every process at once keeps what the run shares (caches, memory bandwidth).
#pragma once

#include <algorithm>
#include <chrono>
#include <limits>
#include <vector>

namespace apps {

class LocalWork {
 public:
  explicit LocalWork(int phases)
      : best_s_(static_cast<std::size_t>(phases), std::numeric_limits<double>::infinity()) {}

  // Times work() as one repetition of `phase` on this process; returns what work returns.
  template <class Work>
  auto time(int phase, Work work) {
    const auto t0 = std::chrono::steady_clock::now();
    struct Record {
      std::chrono::steady_clock::time_point t0;
      double& best;
      ~Record() {
        const std::chrono::duration<double> t = std::chrono::steady_clock::now() - t0;
        best = std::min(best, t.count());
      }
    } record{t0, best_s_[static_cast<std::size_t>(phase)]};
    return work();
  }

  // This process's best time of a phase (infinity before its first repetition).
  double best_s(int phase) const { return best_s_[static_cast<std::size_t>(phase)]; }
  // Scales this process's best time of a phase, e.g. from the repetition timed to the count of
  // repetitions the run made.
  void scale(int phase, double factor) { best_s_[static_cast<std::size_t>(phase)] *= factor; }

  // Collective (three supersteps per phase, untimed): the sum over phases of the slowest
  // process's time, on every process.
  double slowest_sum() const;

 private:
  std::vector<double> best_s_;
};

}  // namespace apps
