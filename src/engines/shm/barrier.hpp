// A barrier for processes that share an anonymous mapping, carrying an OR of
// flags (so one barrier also tells everybody what anybody needs at a sync).
//
// Waiting spins briefly, then yields, then sleeps on a futex. When there are
// more processes than processors, spinning only steals the core from the
// process everybody is waiting for, so the spin is cut short; a futex sleep
// costs tens of microseconds, so it comes last.
#pragma once

#include <atomic>
#include <cstdint>

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
  // `stop` is polled while waiting; when it becomes non-zero, `on_stop` is
  // called (it must not return).
  Barrier(SharedBarrier* shared, int nprocs, int processes_per_cpu,
          const std::atomic<std::uint32_t>* stop, void (*on_stop)());

  std::uint32_t arrive_and_wait(std::uint32_t flags);

  // Wakes every sleeping waiter so that it looks at the stop word.
  static void wake_all(SharedBarrier* shared);

 private:
  void wait_for_change(std::uint32_t generation);
  void check_stop() const;

  SharedBarrier* shared_;
  std::uint32_t nprocs_;
  int spin_rounds_;
  int yield_rounds_;
  const std::atomic<std::uint32_t>* stop_;
  void (*on_stop_)();
};

}  // namespace superstep::shm
