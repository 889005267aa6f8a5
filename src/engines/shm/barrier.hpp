// A barrier for processes that share an anonymous mapping, carrying an OR of
// flags (so one barrier also tells everybody what anybody needs at a sync).
// Waiters wait as waiting.hpp says.
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

class Barrier {
 public:
  Barrier(SharedBarrier* shared, int nprocs, const Waiting& waiting)
      : shared_(shared), nprocs_(static_cast<std::uint32_t>(nprocs)), waiting_(waiting) {}

  std::uint32_t arrive_and_wait(std::uint32_t flags);

  // Wakes every sleeping waiter so that it looks at the stop word.
  static void wake_all(SharedBarrier* shared) { Waiting::wake_all(shared->generation); }

  // How this barrier waits, for other waits of the same processes.
  const Waiting& waiting() const { return waiting_; }

 private:
  SharedBarrier* shared_;
  std::uint32_t nprocs_;
  Waiting waiting_;
};

}  // namespace superstep::shm
