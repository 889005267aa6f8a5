// The shared-memory engine's half of the run-status channel
// (util/run_status.hpp): publishes each process's superstep and state to the
// launcher that asked for it with BSP_STATUS_FD.
#pragma once

#include <cstdint>

#include "util/run_status.hpp"

namespace superstep::shm::run_status {

// The slots of the current run, or nullptr when nobody asked.
extern ProcessStatus* g_slots;

// In process 0 at bsp_begin, before the others exist: sets up the slots for
// nprocs processes (the processes created afterwards share the mapping).
void begin(int nprocs);

inline void note(int pid, std::uint64_t superstep, RunState state) {
  if (g_slots == nullptr) [[likely]]
    return;
  g_slots[pid].superstep.store(superstep, std::memory_order_relaxed);
  g_slots[pid].state.store(static_cast<std::uint32_t>(state), std::memory_order_relaxed);
}

inline void note_state(int pid, RunState state) {
  if (g_slots == nullptr) [[likely]]
    return;
  g_slots[pid].state.store(static_cast<std::uint32_t>(state), std::memory_order_relaxed);
}

}  // namespace superstep::shm::run_status
