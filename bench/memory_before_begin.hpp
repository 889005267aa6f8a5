// Memory a benchmark maps before bsp_begin: shared by its processes where they
// are forks of one (the shared-memory engine), each process's own under
// mpirun. Two benchmarks measure the launch's processors through it with no
// library in between: bench_total_exchange the crossing of a block of bytes,
// and the latency benchmarks (sample_timing.hpp) a cache line's round trip.
#pragma once

#include <cstddef>
#include <vector>

namespace bench {

class MemoryBeforeBegin {
 public:
  // Maps `bytes` (call before bsp_begin); data() is null where that failed.
  explicit MemoryBeforeBegin(std::size_t bytes);
  ~MemoryBeforeBegin();
  MemoryBeforeBegin(const MemoryBeforeBegin&) = delete;
  MemoryBeforeBegin& operator=(const MemoryBeforeBegin&) = delete;

  // Collective, after bsp_begin(p) with the p it was mapped for: whether every
  // process sees the others' writes.
  bool shared_by_all();
  char* data() { return base_; }

 private:
  std::size_t bytes_;
  char* base_;
};

// A cache line's round trip between processes 0 and 1 through a shared page,
// which is what the host's placement of their two processors makes every line
// crossing cost. The host may move the processors while a launch runs, so a
// benchmark samples it between its own timed samples and reports the median
// of those: the same stretch of the launch.
class LineRoundTrips {
 public:
  LineRoundTrips();  // before bsp_begin
  // Collective, after bsp_begin: whether round trips are measured. Not where
  // the page is not shared, p is not 2, or the processes have fewer than two
  // processors between them (each trip would wait for a time slice); then
  // sample() does nothing and take_median() returns 0.
  bool start();
  // Collective: one sample, the mean of 2000 round trips.
  void sample();
  // The median seconds of the samples since the last call.
  double take_median();

 private:
  MemoryBeforeBegin memory_;
  bool measured_ = false;
  std::vector<double> samples_;
};

}  // namespace bench
