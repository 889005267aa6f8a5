#include "memory_before_begin.hpp"

#include <bsp.h>
#include <sched.h>
#include <sys/mman.h>

#include <atomic>
#include <cstdint>
#include <new>
#include <vector>

#include "bench_support.hpp"

namespace bench {

MemoryBeforeBegin::MemoryBeforeBegin(std::size_t bytes) : bytes_(bytes) {
  void* at = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  base_ = at == MAP_FAILED ? nullptr : static_cast<char*>(at);
}

MemoryBeforeBegin::~MemoryBeforeBegin() {
  if (base_) munmap(base_, bytes_);
}

// Each process marks its slot; every one then sees all marks where the memory
// is shared, and only its own where it is not, so all processes answer alike.
bool MemoryBeforeBegin::shared_by_all() {
  const int p = bsp_nprocs();
  if (!base_ || bytes_ < static_cast<std::size_t>(p) * sizeof(int)) return false;
  auto* marks = reinterpret_cast<volatile int*>(base_);
  marks[bsp_pid()] = bsp_pid() + 1;
  bsp_sync();
  bool all = true;
  for (int q = 0; q < p; ++q) all &= marks[q] == q + 1;
  bsp_sync();
  return all;
}

namespace {
int processors_allowed() {
  cpu_set_t allowed;
  return sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : 1;
}
}  // namespace

double line_round_trip_seconds(MemoryBeforeBegin& memory) {
  constexpr std::size_t kLine = 4096;  // a page of its own, past the marks
  constexpr std::uint32_t kTrips = 2000;
  constexpr int kSamples = 5;
  // Every process takes the same branch: the same p, the same answer from
  // shared_by_all, and the processors they inherited alike.
  if (bsp_nprocs() != 2 || processors_allowed() < 2 || !memory.data() || !memory.shared_by_all())
    return 0;
  auto* word = new (memory.data() + kLine) std::atomic<std::uint32_t>(0);
  const bool first = bsp_pid() == 0;
  std::vector<double> trips;
  for (int s = 0; s < kSamples; ++s) {
    if (first) word->store(0, std::memory_order_relaxed);
    bsp_sync();
    const double t0 = bsp_time();
    for (std::uint32_t k = 0; k < kTrips; ++k) {
      // Process 0 sends 2k + 1, process 1 answers 2k + 2.
      const std::uint32_t ask = 2 * k + 1, answer = ask + 1;
      if (first) {
        word->store(ask, std::memory_order_release);
        while (word->load(std::memory_order_acquire) != answer) {
        }
      } else {
        while (word->load(std::memory_order_acquire) != ask) {
        }
        word->store(answer, std::memory_order_release);
      }
    }
    trips.push_back((bsp_time() - t0) / kTrips);
    bsp_sync();
  }
  return median(trips);
}

}  // namespace bench
