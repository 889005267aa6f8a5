#include "engines/shm/barrier.hpp"

#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <climits>

#include "core/cpu_relax.hpp"

namespace superstep::shm {

namespace {
void futex_wait(std::atomic<std::uint32_t>* word, std::uint32_t expected) {
  timespec timeout{0, 100'000'000};  // wake now and then to look at the stop word
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(word), FUTEX_WAIT, expected, &timeout,
          nullptr, 0);
}

void futex_wake(std::atomic<std::uint32_t>* word) {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(word), FUTEX_WAKE, INT_MAX, nullptr, nullptr,
          0);
}
}  // namespace

Barrier::Barrier(SharedBarrier* shared, int nprocs, int processes_per_cpu,
                 const std::atomic<std::uint32_t>* stop, void (*on_stop)())
    : shared_(shared),
      nprocs_(static_cast<std::uint32_t>(nprocs)),
      spin_rounds_(processes_per_cpu > 1 ? 16 : 64),
      // Yielding hands the processor to a process that has yet to arrive; with
      // many processes per processor each yield is a trip through a long run
      // queue (at p = 1024 on 2 processors a barrier took seconds), so waiters
      // go to sleep sooner the more processes share a processor.
      yield_rounds_(256 / std::max(processes_per_cpu, 1)),
      stop_(stop),
      on_stop_(on_stop) {}

void Barrier::check_stop() const {
  if (stop_->load(std::memory_order_acquire)) on_stop_();
}

std::uint32_t Barrier::arrive_and_wait(std::uint32_t flags) {
  check_stop();
  std::uint32_t gen = shared_->generation.load(std::memory_order_acquire);
  if (flags) shared_->flags.fetch_or(flags, std::memory_order_relaxed);
  if (shared_->arrived.fetch_add(1, std::memory_order_acq_rel) + 1 == nprocs_) {
    // Last to arrive: publish the result, reset, and release the others.
    shared_->arrived.store(0, std::memory_order_relaxed);
    shared_->result[gen & 1] = shared_->flags.exchange(0, std::memory_order_acq_rel);
    shared_->generation.store(gen + 1, std::memory_order_seq_cst);
    if (shared_->sleepers.load(std::memory_order_seq_cst)) futex_wake(&shared_->generation);
  } else {
    wait_for_change(gen);
  }
  return shared_->result[gen & 1];
}

void Barrier::wait_for_change(std::uint32_t gen) {
  auto changed = [&] { return shared_->generation.load(std::memory_order_acquire) != gen; };
  for (int i = 0; i < spin_rounds_; ++i) {
    if (changed()) return;
    cpu_relax();
  }
  for (int i = 0; i < yield_rounds_; ++i) {
    if (changed()) return;
    check_stop();
    sched_yield();
  }
  while (!changed()) {
    check_stop();
    shared_->sleepers.fetch_add(1, std::memory_order_seq_cst);
    futex_wait(&shared_->generation, gen);
    shared_->sleepers.fetch_sub(1, std::memory_order_seq_cst);
  }
}

void Barrier::wake_all(SharedBarrier* shared) { futex_wake(&shared->generation); }

}  // namespace superstep::shm
