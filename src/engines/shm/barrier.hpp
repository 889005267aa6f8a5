// A barrier for processes that share an anonymous mapping, carrying an OR of
// flags (so one barrier also tells everybody what anybody needs at a sync).
// Waiters wait as waiting.hpp says. It works one of two ways, chosen at
// start:
//   by arrivals  each process raises its own line (ArrivalLine) with the
//                barrier's number and its flags, then reads everybody's. A
//                process waits for one cache line from each other process,
//                and the loads overlap; used while every process has a
//                processor of its own and there are few of them (each line
//                is read by all: traffic grows as p * p).
//   by counting  each process adds itself to one shared count; the last to
//                arrive publishes the OR and a new generation, which the
//                others wait for. Four or five lines pass in a row, but
//                waiting processes watch one word, which is what matters when
//                they share processors (they sleep on it).
#pragma once

#include <atomic>
#include <cstdint>

#include "engines/shm/waiting.hpp"

namespace superstep::shm {

struct alignas(64) SharedBarrier {
  std::atomic<std::uint32_t> arrived;
  alignas(64) std::atomic<std::uint32_t> generation;
  std::atomic<std::uint32_t> sleepers;
  alignas(64) std::atomic<std::uint32_t> flags;
  std::uint32_t result[2];  // the OR of a generation's flags, by generation parity
};

// One per process, for the barrier by arrivals: the number of the last
// barrier it arrived at, and its flags there, by that number's parity (a
// process may arrive at the next one while others still read this one's).
struct alignas(64) ArrivalLine {
  SharedSignal arrived;
  std::atomic<std::uint32_t> flags[2];
};

class Barrier {
 public:
  // The most processes for which the barrier works by arrivals.
  static constexpr int kMostByArrivals = 16;
  // Whether a run of nprocs processes, as many per processor as given,
  // synchronises by arrivals.
  static bool by_arrivals(int nprocs, int processes_per_cpu) {
    return processes_per_cpu <= 1 && nprocs <= kMostByArrivals;
  }

  // `lines` (nprocs of them) is used by arrivals, `shared` by counting.
  Barrier(SharedBarrier* shared, ArrivalLine* lines, int nprocs, int pid, bool by_arrivals,
          const Waiting& waiting)
      : shared_(shared),
        lines_(by_arrivals ? lines : nullptr),
        nprocs_(static_cast<std::uint32_t>(nprocs)),
        pid_(pid),
        waiting_(waiting) {}

  std::uint32_t arrive_and_wait(std::uint32_t flags) {
    waiting_.check_stop();
    return lines_ ? by_arrivals(flags) : by_counting(flags);
  }

  // How this barrier waits, for other waits of the same processes.
  const Waiting& waiting() const { return waiting_; }

 private:
  std::uint32_t by_arrivals(std::uint32_t flags);
  std::uint32_t by_counting(std::uint32_t flags);

  SharedBarrier* shared_;
  ArrivalLine* lines_;
  std::uint32_t nprocs_;
  int pid_;
  std::uint32_t passed_ = 0;  // barriers this process has arrived at (by arrivals)
  Waiting waiting_;
};

}  // namespace superstep::shm
