// How a process of a shared-memory run waits for another: on a 32-bit word in
// shared memory that the other changes. The wait spins briefly, then yields,
// then sleeps on a futex. When there are more processes than processors,
// spinning only steals the core from the process everybody is waiting for, so
// the spin is cut short; a futex sleep costs tens of microseconds, so it comes
// last. The barrier (barrier.hpp) and the signals below both wait this way.
#pragma once

#include <atomic>
#include <cstdint>

namespace superstep::shm {

class Waiting {
 public:
  // `stop` is polled while waiting; when it becomes non-zero, `on_stop` is
  // called (it must not return). Where `asleep_on` is given (the process's
  // record), it holds the address of the word this process sleeps on while
  // it sleeps, so that whoever stops the run can wake it (wake_all_at).
  Waiting(int processes_per_cpu, const std::atomic<std::uint32_t>* stop, void (*on_stop)(),
          std::atomic<std::uintptr_t>* asleep_on = nullptr);

  // Returns once `word` no longer holds `seen`. `sleepers` counts the waiters
  // asleep on the word; whoever changes the word calls wake() after.
  void until_changed(const std::atomic<std::uint32_t>& word, std::uint32_t seen,
                     std::atomic<std::uint32_t>& sleepers) const;
  // Wakes the waiters asleep on `word` if `sleepers` says there are any.
  static void wake(std::atomic<std::uint32_t>& word, const std::atomic<std::uint32_t>& sleepers);
  // Wakes every waiter asleep on `word`, so that it looks at the stop word.
  static void wake_all(std::atomic<std::uint32_t>& word);
  // The same for a word known by its address (an asleep_on value, 0: none).
  // The address is only handed to the kernel, which refuses a bad one.
  static void wake_all_at(std::uintptr_t word);

  void check_stop() const {
    if (stop_->load(std::memory_order_acquire)) on_stop_();
  }

 private:
  int spin_rounds_;
  int yield_rounds_;
  const std::atomic<std::uint32_t>* stop_;
  void (*on_stop_)();
  std::atomic<std::uintptr_t>* asleep_on_;
};

// One process raises a signal with a value; another waits for exactly that
// value. Its owner must not raise it again before the waiter has seen it
// (the shared-memory engine raises a sync's number, and nobody reaches the
// next sync's raise before the waiters of this one have left it).
struct SharedSignal {
  std::atomic<std::uint32_t> value;
  std::atomic<std::uint32_t> sleepers;
};

// Everything the raising process wrote before is visible to a waiter after.
inline void raise_signal(SharedSignal& signal, std::uint32_t value) {
  signal.value.store(value, std::memory_order_seq_cst);
  Waiting::wake(signal.value, signal.sleepers);
}

// Waits until `done(value seen)` holds; both waits below are this one.
template <typename Done>
void wait_on_signal(const Waiting& waiting, SharedSignal& signal, Done done) {
  for (std::uint32_t seen; !done(seen = signal.value.load(std::memory_order_acquire));)
    waiting.until_changed(signal.value, seen, signal.sleepers);
}

inline void wait_for_signal(const Waiting& waiting, SharedSignal& signal, std::uint32_t value) {
  wait_on_signal(waiting, signal, [value](std::uint32_t seen) { return seen == value; });
}

// For a signal raised with ever larger values (mod 2^32), which its owner may
// raise again before the waiter saw this one: waits for `value` or later.
inline void wait_for_signal_from(const Waiting& waiting, SharedSignal& signal,
                                 std::uint32_t value) {
  wait_on_signal(waiting, signal, [value](std::uint32_t seen) {
    return static_cast<std::int32_t>(seen - value) >= 0;
  });
}

// The value a signal carries for sync number n: never 0, the value of a
// signal nobody raised (or its waiter has seen), and different for
// consecutive syncs.
constexpr std::uint32_t signal_value_of(std::uint64_t n) {
  return static_cast<std::uint32_t>(n % 0xffffffffu) + 1;
}

}  // namespace superstep::shm
