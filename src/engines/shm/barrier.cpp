#include "engines/shm/barrier.hpp"

namespace superstep::shm {

std::uint32_t Barrier::arrive_and_wait(std::uint32_t flags) {
  waiting_.check_stop();
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
