// The put path of bsp_put and bsp_hpput, from the call to the record, and the entry points of
// bsp_get and bsp_hpget. A put takes the first of these tiers that applies, each in one file:
//
//   1. superstep/detail/put_tier1.h, inline in an optimised program (and first in the library's
//      bsp_put below): a put of 8 or 16 bytes that continues the run of puts to the same
//      process (same registration, the next offset) while the run has room. No call.
//   2. core/put_tier2.hpp: a put of at most 16 bytes into the registration that the last small
//      put to that process resolved: appended to its stream with no registry lookup; opens the
//      run that tier 1 extends.
//   3. core/put_tier3.hpp: any other put whose arguments are in range (checked here): the
//      registry lookup, then a record in the stream (at most 1024 bytes, messaging/outbox.hpp)
//      or a large put staged (messaging/outbox_large_puts.cpp). While profiling or checking,
//      core/profiled_puts.cpp instead, which counts the put, and, profiling alone, takes
//      tier 2 there.
//
// No tier reports a misuse: each returns having done nothing, and drma_misuse (api/misuse.cpp)
// names the first bad argument, with the caller's file and line where bsp.h's macros (bsp_put() is
// bsp_put_at(..., __FILE__, __LINE__)) or the C++ interface passed them. So the call site
// travels on the path of a misuse only, never on the paths of a put that works.
#include <bsp.h>

#include "api/checks.hpp"
#include "api/misuse.hpp"
#include "core/put_tier2.hpp"
#include "core/put_tier3.hpp"
#include "core/runtime.hpp"

using superstep::Call;
using superstep::drma_misuse;
using superstep::Runtime;

namespace {

// Whether the arguments of a put or get are in range (a NULL address only where nbytes is 0).
[[gnu::always_inline]] inline bool in_range(const Runtime* rt, int pid, const void* src,
                                            const void* dst, int offset, int nbytes) {
  return rt && static_cast<unsigned>(pid) < static_cast<unsigned>(rt->nprocs()) && offset >= 0 &&
         nbytes >= 0 && (nbytes == 0 || (src && dst));
}

// nbytes and the caller's line in one argument, as the program's first tier passes them
// (superstep_nbytes_and_line, superstep/detail/put_tier1.h).
constexpr int nbytes_of(std::uint64_t nbytes_and_line) {
  return static_cast<int>(static_cast<std::uint32_t>(nbytes_and_line));
}
constexpr int line_of(std::uint64_t nbytes_and_line) {
  return static_cast<int>(nbytes_and_line >> 32);
}

// Tier 3, and the report of a misuse, the only reader of file and line. Out of line, so that
// tier 2 before it touches neither them nor the registers this one needs. watched: profiling
// or check mode is on, and Runtime::watched_put (core/profiled_puts.cpp) takes the put.
template <bool hp, bool watched>
[[gnu::noinline]] void put_tier3(int pid, const void* src, void* dst, int offset,
                                 std::uint64_t nbytes_and_line, const char* file) {
  Runtime* rt = Runtime::active();
  const int nbytes = nbytes_of(nbytes_and_line);
  const auto at = static_cast<std::uint64_t>(offset), n = static_cast<std::uint64_t>(nbytes);
  const superstep::CallSite site{file, line_of(nbytes_and_line)};
  // §3.2.4 note 4: a communication of zero bytes does nothing (and checks no registration).
  if (in_range(rt, pid, src, dst, offset, nbytes) &&
      (nbytes == 0 || (watched ? rt->watched_put(site, pid, src, dst, at, n, hp)
                               : rt->put(pid, src, dst, at, n, hp)))) [[likely]]
    return;
  drma_misuse({hp ? "bsp_hpput" : "bsp_put", file, line_of(nbytes_and_line)}, pid, src, dst,
              offset, nbytes, dst);
}

// Tiers 2 and 3 while profiling or checking: tier 2 where profiling alone is on, which counts
// the put it takes (core/profiled_puts.cpp), else tier 3's watched form. Out of line, as tier 3,
// and apart from it, so that the profiled tier 2 does not pay for tier 3's registers.
template <bool hp>
[[gnu::noinline]] void put_watched(int pid, const void* src, void* dst, int offset,
                                   std::uint64_t nbytes_and_line, const char* file) {
  if (Runtime::active()->profiled_put_like_last<hp>(pid, src, dst, offset,
                                                    nbytes_of(nbytes_and_line)))
    return;
  put_tier3<hp, true>(pid, src, dst, offset, nbytes_and_line, file);
}

// Tiers 2 and 3.
template <bool hp>
[[gnu::always_inline]] inline void put_after_first_tier(int pid, const void* src, void* dst,
                                                        int offset, std::uint64_t nbytes_and_line,
                                                        const char* file) {
  Runtime* rt = Runtime::active();
  if (rt && rt->put_like_last(pid, src, dst, offset, nbytes_of(nbytes_and_line))) [[likely]]
    return;
  // Profiling and check mode (BSP_PROFILE, BSP_CHECK): the one branch they take on this path.
  if (rt && rt->watched()) [[unlikely]]
    put_watched<hp>(pid, src, dst, offset, nbytes_and_line, file);
  else
    put_tier3<hp, false>(pid, src, dst, offset, nbytes_and_line, file);
}

// A whole put, from tier 1 on, as the library's own bsp_put and bsp_hpput take it.
template <bool hp>
[[gnu::always_inline]] inline void put(int pid, const void* src, void* dst, int offset,
                                       int nbytes, const char* file, int line) {
  if (superstep_put_continues(pid, src, dst, offset, nbytes, hp)) [[likely]]
    return;
  put_after_first_tier<hp>(pid, src, dst, offset, superstep_nbytes_and_line(nbytes, line), file);
}

void get(const Call& call, int pid, const void* src, int offset, void* dst, int nbytes,
         bool hp) {
  Runtime* rt = Runtime::active();
  if (!in_range(rt, pid, src, dst, offset, nbytes) ||
      !rt->get(pid, src, static_cast<std::uint64_t>(offset), dst,
               static_cast<std::uint64_t>(nbytes), hp, {call.file, call.line}))
    drma_misuse(call, pid, src, dst, offset, nbytes, src);
}

}  // namespace

extern "C" {

// After the program's inline first tier (superstep/detail/put_tier1.h).
void superstep_put_after_first_tier(int pid, const void* src, void* dst, int offset,
                                    std::uint64_t nbytes_and_line, const char* file) {
  put_after_first_tier<false>(pid, src, dst, offset, nbytes_and_line, file);
}

void superstep_hpput_after_first_tier(int pid, const void* src, void* dst, int offset,
                                      std::uint64_t nbytes_and_line, const char* file) {
  put_after_first_tier<true>(pid, src, dst, offset, nbytes_and_line, file);
}

// In parentheses: bsp.h's macros of these names pass the call site to the *_at functions; these
// are the functions themselves, for &bsp_put and callers without the macros.
void(bsp_put)(int pid, const void* src, void* dst, int offset, int nbytes) {
  put<false>(pid, src, dst, offset, nbytes, nullptr, 0);
}

void bsp_put_at(int pid, const void* src, void* dst, int offset, int nbytes, const char* file,
                int line) {
  put<false>(pid, src, dst, offset, nbytes, file, line);
}

void(bsp_hpput)(int pid, const void* src, void* dst, int offset, int nbytes) {
  put<true>(pid, src, dst, offset, nbytes, nullptr, 0);
}

void bsp_hpput_at(int pid, const void* src, void* dst, int offset, int nbytes, const char* file,
                  int line) {
  put<true>(pid, src, dst, offset, nbytes, file, line);
}

void(bsp_get)(int pid, const void* src, int offset, void* dst, int nbytes) {
  get("bsp_get", pid, src, offset, dst, nbytes, false);
}

void bsp_get_at(int pid, const void* src, int offset, void* dst, int nbytes, const char* file,
                int line) {
  get({"bsp_get", file, line}, pid, src, offset, dst, nbytes, false);
}

void(bsp_hpget)(int pid, const void* src, int offset, void* dst, int nbytes) {
  get("bsp_hpget", pid, src, offset, dst, nbytes, true);
}

void bsp_hpget_at(int pid, const void* src, int offset, void* dst, int nbytes, const char* file,
                  int line) {
  get({"bsp_hpget", file, line}, pid, src, offset, dst, nbytes, true);
}

}  // extern "C"
