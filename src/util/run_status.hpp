// Where a run stands, for a launcher to read: bsprun names the stuck
// processes and their supersteps when --timeout expires.
//
// The contract: the launcher creates an anonymous file (memfd_create), writes
// a RunStatusHeader with kRunStatusMagic and nprocs 0 at its start, and passes
// the descriptor, open and inheritable, with its number in the environment
// variable BSP_STATUS_FD. The shared-memory engine's bsp_begin, in process 0
// before it creates the others, checks the magic, sizes the file for the
// header and p ProcessStatus slots, zeroes the slots and then publishes p in
// `nprocs`. Every process then stores its superstep and state in its slot
// with relaxed atomic stores, where the engine notes them anyway; the
// launcher reads the file (pread: a later bsp_begin may resize it) whenever
// it wants to know. The library
// marks the descriptor close-on-exec, so programs it starts do not inherit
// it. Without the variable nothing is mapped and each note costs one branch.
#pragma once

#include <atomic>
#include <cstdint>

namespace superstep {

inline constexpr const char* kRunStatusVariable = "BSP_STATUS_FD";
inline constexpr char kRunStatusMagic[8] = {'B', 'S', 'P', 'S', 'T', 'A', 'T', '1'};

enum class RunState : std::uint32_t {
  kNotStarted = 0,  // bsp_begin has not reached this process yet
  kComputing = 1,   // in superstep `superstep`, between syncs
  kInSync = 2,      // in bsp_sync at the end of superstep `superstep`
  kInEnd = 3,       // in bsp_end (the final sync) of superstep `superstep`
  kEnded = 4,       // past bsp_end
};

struct RunStatusHeader {
  char magic[8];
  std::atomic<std::uint32_t> nprocs;  // 0 until the slots are ready
  std::uint32_t reserved;
};

struct ProcessStatus {
  std::atomic<std::uint64_t> superstep;
  std::atomic<std::uint32_t> state;  // a RunState
  std::uint32_t reserved;
};

static_assert(std::atomic<std::uint64_t>::is_always_lock_free &&
                  std::atomic<std::uint32_t>::is_always_lock_free,
              "the status file is shared between processes");

}  // namespace superstep
