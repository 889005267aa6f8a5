// Tier 3 of bsp_put and bsp_hpput: every put of at least one byte whose arguments are in range
// (api/put.cpp checks them) and which tiers 1 and 2 did not take.
//
// Profiling and check mode take watched_put (core/profiled_puts.cpp) instead (api/put.cpp),
// which counts the put, and, profiling alone, takes tier 2 there. Looks dst up in the
// registry; false, having done nothing, where dst + offset .. + nbytes is not registered on pid
// (the API then reports the misuse with the call's site). Else the put is remembered for tier
// 2 when small, and written:
//   - a large hpput between two processes that share the destination's pages (shared areas)
//     is copied there at the sync (hpput_direct, core/shared_areas.cpp);
//   - a put of at most Outbox::inline_max() bytes (1024) becomes a record in pid's stream, or
//     extends the open one (Outbox::put, messaging/outbox.hpp);
//   - a larger one is staged in the shared staging ring, or in the bulk area, or (an hpput)
//     read from its source at the sync (messaging/outbox_large_puts.cpp).
#pragma once

#include "core/runtime.hpp"

namespace superstep {

[[gnu::always_inline]] inline void Runtime::write_put(int pid, const void* src, const void* dst,
                                                      std::uint64_t remote, std::uint64_t nbytes,
                                                      bool hp, std::uint32_t remember_max) {
  if (nbytes <= remember_max) [[likely]]
    remember_put(pid, dst);
  Outbox& out = outbox_[parity_];
  if (!hp)
    out.put(pid, remote, src, nbytes);
  else if (nbytes < shared_area_min_ || pid == pid_ || !hpput_direct(pid, dst, remote, src, nbytes))
    out.hpput(pid_, pid, remote, src, nbytes);
}

[[gnu::always_inline]] inline bool Runtime::put(int pid, const void* src, void* dst,
                                                std::uint64_t offset, std::uint64_t nbytes,
                                                bool hp) {
  std::uint64_t remote = resolve(pid, dst, offset, nbytes);
  if (remote == 0) [[unlikely]]
    return false;
  write_put(pid, src, dst, remote, nbytes, hp, fast_put_max_);
  return true;
}

}  // namespace superstep
