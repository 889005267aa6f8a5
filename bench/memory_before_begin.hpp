// Memory a benchmark maps before bsp_begin: shared by its processes where they
// are forks of one (the shared-memory engine), each process's own under
// mpirun. Two benchmarks measure the launch's processors through it with no
// library in between: bench_total_exchange the crossing of a block of bytes,
// and the latency benchmarks (sample_timing.hpp) a cache line's round trip.
#pragma once

#include <cstddef>

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

// Collective, after bsp_begin: the median seconds of a cache line's round trip
// between processes 0 and 1 through `memory` (a shared page of its own), which
// is what the host's placement of their two processors makes a line crossing
// cost in this launch. 0 where it cannot be measured without misleading: the
// memory is not shared, p is not 2, or the processes have fewer than two
// processors between them (each trip would then wait for a time slice).
double line_round_trip_seconds(MemoryBeforeBegin& memory);

}  // namespace bench
