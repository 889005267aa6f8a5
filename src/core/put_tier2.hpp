// Tier 2 of bsp_put and bsp_hpput: a small put like the last one to the same process.
//
// Taken when the program's first tier (superstep/detail/put_tier1.h) did not apply and the put
// is of 1 to 16 bytes (LastPut::kMaxBytes; 0 while profiling or checking, which reach it
// through tier 3's watched_put, where profiling alone takes it and counts the put) from a
// non-NULL src, into the registration `dst` that the last small put to pid
// resolved in this superstep (LastPut: no registry lookup), within that area, and its stream
// has room without growing. Its bytes then extend the open record or start a new one
// (Outbox::put_inline_if_room), and where the next put is likely to continue this one a run
// is opened that tier 1 extends with no call. Returns false, having done nothing, otherwise:
// the caller then takes tier 3 (core/put_tier3.hpp). A put of this tier is never a misuse.
#pragma once

#include "core/runtime.hpp"

namespace superstep {

template <bool kProfiled>
[[gnu::always_inline]] inline bool Runtime::small_put_to_last(int pid, const void* src,
                                                              const void* dst, int offset,
                                                              int nbytes, bool hp) {
  if (static_cast<unsigned>(pid) >= static_cast<unsigned>(nprocs_)) return false;
  const LastPut& last = last_put_[pid];
  const std::uint32_t most = kProfiled ? profiled_put_max_ : fast_put_max_;
  // Unsigned: a count of 0 or less is out of range too.
  if (dst != last.ident || static_cast<std::uint32_t>(nbytes) - 1 >= most || offset < 0 || !src)
    return false;
  // Known to the compiler: the copy then needs no call, nor the path any register that a call
  // would make it save.
  if (static_cast<std::uint32_t>(nbytes) > LastPut::kMaxBytes) __builtin_unreachable();
  std::uint64_t end = static_cast<std::uint64_t>(offset) + static_cast<std::uint32_t>(nbytes);
  // Also what stops a NULL dst on an empty entry (ident nullptr, size 0).
  if (end > last.size) return false;
  Outbox& out = outbox_[parity_];
  if (!out.put_inline_if_room(pid, last.base + static_cast<std::uint32_t>(offset), src,
                              static_cast<std::uint32_t>(nbytes)))
    return false;
  if (out.run_likely(pid, static_cast<std::uint32_t>(nbytes))) {
    if constexpr (kProfiled)
      open_profiled_run(pid, dst, end, last.size, nbytes, hp);
    else
      open_put_run(pid, dst, end, last.size);
  }
  return true;
}

// While profiling (the API calls it where watched()): the same, counting the put it takes.
// profiled_put_max_ is 0 in check mode: then it takes nothing.
template <bool hp>
[[gnu::always_inline]] inline bool Runtime::profiled_put_like_last(int pid, const void* src,
                                                                   const void* dst, int offset,
                                                                   int nbytes) {
  if (!small_put_to_last<true>(pid, src, dst, offset, nbytes, hp)) return false;
  // Tier 2 takes puts of at most LastPut::kMaxBytes = profile::kSmallBytes: all small.
  profile_->count(hp ? profile::kHpput : profile::kPut, pid, static_cast<std::uint64_t>(nbytes),
                  true);
  return true;
}

[[gnu::always_inline]] inline bool Runtime::put_like_last(int pid, const void* src, const void* dst,
                                                          int offset, int nbytes) {
  return small_put_to_last<false>(pid, src, dst, offset, nbytes, false);
}

}  // namespace superstep
