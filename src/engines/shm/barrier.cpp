#include "engines/shm/barrier.hpp"

namespace superstep::shm {

std::uint32_t Barrier::by_arrivals(std::uint32_t flags) {
  std::uint32_t number = ++passed_;
  ArrivalLine& mine = lines_[pid_];
  mine.flags[number & 1].store(flags, std::memory_order_relaxed);
  raise_signal(mine.arrived, number);
  std::uint32_t all = flags;
  for (std::uint32_t q = 0; q < nprocs_; ++q) {
    if (q == static_cast<std::uint32_t>(pid_)) continue;
    // A process that has left this barrier may already be at the next one.
    ArrivalLine& theirs = lines_[q];
    wait_for_signal_from(waiting_, theirs.arrived, number);
    all |= theirs.flags[number & 1].load(std::memory_order_relaxed);
  }
  return all;
}

std::uint32_t Barrier::by_counting(std::uint32_t flags) {
  std::uint32_t gen = shared_->generation.load(std::memory_order_acquire);
  if (flags) shared_->flags.fetch_or(flags, std::memory_order_relaxed);
  if (shared_->arrived.fetch_add(1, std::memory_order_acq_rel) + 1 == nprocs_) {
    // Last to arrive: publish the result, reset, and release the others.
    shared_->arrived.store(0, std::memory_order_relaxed);
    shared_->result[gen & 1] = shared_->flags.exchange(0, std::memory_order_acq_rel);
    shared_->generation.store(gen + 1, std::memory_order_seq_cst);
    Waiting::wake(shared_->generation, shared_->sleepers);
  } else {
    waiting_.until_changed(shared_->generation, gen, shared_->sleepers);
  }
  return shared_->result[gen & 1];
}

}  // namespace superstep::shm
