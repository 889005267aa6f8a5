#include "engines/shm/waiting.hpp"

#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <climits>

#include "util/cpu_relax.hpp"

namespace superstep::shm {

namespace {
void futex_wait(const std::atomic<std::uint32_t>& word, std::uint32_t expected) {
  timespec timeout{0, 100'000'000};  // wake now and then to look at the stop word
  syscall(SYS_futex, reinterpret_cast<const std::uint32_t*>(&word), FUTEX_WAIT, expected, &timeout,
          nullptr, 0);
}
}  // namespace

Waiting::Waiting(int processes_per_cpu, const std::atomic<std::uint32_t>* stop, void (*on_stop)(),
                 std::atomic<std::uintptr_t>* asleep_on)
    : spin_rounds_(processes_per_cpu > 1 ? 16 : 64),
      // Yielding hands the processor to a process that has yet to arrive; with
      // many processes per processor each yield is a trip through a long run
      // queue (at p = 1024 on 2 processors a barrier took seconds), so waiters
      // go to sleep sooner the more processes share a processor.
      yield_rounds_(256 / std::max(processes_per_cpu, 1)),
      stop_(stop),
      on_stop_(on_stop),
      asleep_on_(asleep_on) {}

void Waiting::until_changed(const std::atomic<std::uint32_t>& word, std::uint32_t seen,
                            std::atomic<std::uint32_t>& sleepers) const {
  auto changed = [&] { return word.load(std::memory_order_acquire) != seen; };
  for (int i = 0; i < spin_rounds_; ++i) {
    if (changed()) return;
    cpu_relax();
  }
  for (int i = 0; i < yield_rounds_; ++i) {
    if (changed()) return;
    check_stop();
    sched_yield();
  }
  if (changed()) return;
  // Who stops the run sets the stop word before it reads asleep_on, so it
  // either finds this word or this process finds the stop word.
  if (asleep_on_) asleep_on_->store(reinterpret_cast<std::uintptr_t>(&word));
  while (!changed()) {
    check_stop();
    // Whoever changes the word reads sleepers after its store (both
    // sequentially consistent): either it sees this one and wakes it, or the
    // futex sees the new value and does not sleep.
    sleepers.fetch_add(1, std::memory_order_seq_cst);
    futex_wait(word, seen);
    sleepers.fetch_sub(1, std::memory_order_seq_cst);
  }
  if (asleep_on_) asleep_on_->store(0, std::memory_order_relaxed);
}

void Waiting::wake(std::atomic<std::uint32_t>& word, const std::atomic<std::uint32_t>& sleepers) {
  if (sleepers.load(std::memory_order_seq_cst)) wake_all(word);
}

void Waiting::wake_all(std::atomic<std::uint32_t>& word) {
  wake_all_at(reinterpret_cast<std::uintptr_t>(&word));
}

void Waiting::wake_all_at(std::uintptr_t word) {
  if (word) syscall(SYS_futex, word, FUTEX_WAKE, INT_MAX, nullptr, nullptr, 0);
}

}  // namespace superstep::shm
