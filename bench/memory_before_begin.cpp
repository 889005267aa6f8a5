#include "memory_before_begin.hpp"

#include <bsp.h>
#include <sched.h>
#include <sys/mman.h>

#include <atomic>
#include <cstdint>
#include <new>

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
// Collective whatever the mapping: every process takes both syncs.
bool MemoryBeforeBegin::shared_by_all() {
  const int p = bsp_nprocs();
  const bool room = base_ && bytes_ >= static_cast<std::size_t>(p) * sizeof(int);
  auto* marks = reinterpret_cast<volatile int*>(base_);
  if (room) marks[bsp_pid()] = bsp_pid() + 1;
  bsp_sync();
  bool all = room;
  for (int q = 0; all && q < p; ++q) all = marks[q] == q + 1;
  bsp_sync();
  return all;
}

namespace {
constexpr std::size_t kPage = 4096;
constexpr std::size_t kVotes = 64;  // past shared_by_all's marks, in the first page
constexpr std::uint32_t kTripsPerSample = 2000;
constexpr unsigned kSpinsBeforeYield = 1u << 14;

int processors_allowed() {
  cpu_set_t allowed;
  return sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : 1;
}

// Spins until `word` holds `value`. A trip takes well under a microsecond
// where each process has a processor; where the machine is busy with other
// work and the partner waits for one, the spin yields after a while instead
// of burning the time slice the partner needs (a figure measured so is not a
// placement's, but the benchmark ends).
void wait_for(const std::atomic<std::uint32_t>& word, std::uint32_t value) {
  for (unsigned spins = 0; word.load(std::memory_order_acquire) != value; ++spins)
    if (spins >= kSpinsBeforeYield) sched_yield();
}

// The word the round trips pass, on a page of its own past the marks.
std::atomic<std::uint32_t>* trip_word(MemoryBeforeBegin& memory) {
  return reinterpret_cast<std::atomic<std::uint32_t>*>(memory.data() + kPage);
}
}  // namespace

LineRoundTrips::LineRoundTrips() : memory_(2 * kPage) {}

bool LineRoundTrips::start() {
  // Every process must take the same branch, or one would wait for a round
  // trip alone: p is the same everywhere, shared_by_all answers alike, and
  // the processors each may use are put to a vote through the shared page.
  measured_ = false;
  if (bsp_nprocs() != 2 || !memory_.shared_by_all()) return false;
  auto* votes = reinterpret_cast<volatile int*>(memory_.data() + kVotes);
  votes[bsp_pid()] = processors_allowed() >= 2 ? 1 : 0;
  bsp_sync();
  measured_ = votes[0] == 1 && votes[1] == 1;
  if (measured_ && bsp_pid() == 0) new (trip_word(memory_)) std::atomic<std::uint32_t>(0);
  bsp_sync();
  return measured_;
}

void LineRoundTrips::sample() {
  if (!measured_) return;
  std::atomic<std::uint32_t>& word = *trip_word(memory_);
  const bool first = bsp_pid() == 0;
  if (first) word.store(0, std::memory_order_relaxed);
  bsp_sync();
  const double t0 = bsp_time();
  for (std::uint32_t k = 0; k < kTripsPerSample; ++k) {
    // Process 0 sends 2k + 1, process 1 answers 2k + 2.
    const std::uint32_t ask = 2 * k + 1, answer = ask + 1;
    if (first) {
      word.store(ask, std::memory_order_release);
      wait_for(word, answer);
    } else {
      wait_for(word, ask);
      word.store(answer, std::memory_order_release);
    }
  }
  samples_.push_back((bsp_time() - t0) / kTripsPerSample);
  bsp_sync();
}

double LineRoundTrips::take_median() {
  if (samples_.empty()) return 0;
  const double m = median(samples_);
  samples_.clear();
  return m;
}

}  // namespace bench
