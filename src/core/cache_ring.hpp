// How far a buffer that one process fills and another reads every superstep
// moves round before it comes back to the same bytes (the outbox's staging
// area; the mailboxes of the shared-memory engine, tried the same way, showed
// no gain for 100,000 puts or sends and stay as they are).
//
// Writing into cache lines another core still holds costs an invalidation of
// its copy per line: filling 64 KiB into the lines the reader read two
// supersteps ago cost about twice as much as into lines no other core had
// (two-core VM, DESIGN.md). So each superstep fills after where the last one
// of its parity ended, and starts again from the beginning once past this
// many bytes: twice this processor's second-level cache (1-16 MiB), by which
// time those lines have left the reader's cache.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>

namespace superstep {

inline std::uint64_t cache_ring_bytes() {
  static const std::uint64_t bytes = [] {
    long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    std::uint64_t twice = l2 > 0 ? 2 * static_cast<std::uint64_t>(l2) : std::uint64_t{4} << 20;
    return std::clamp<std::uint64_t>(twice, std::uint64_t{1} << 20, std::uint64_t{16} << 20);
  }();
  return bytes;
}

// Maps the ring's pages of a staging area of area_bytes into this process at
// once: the writer's (allocating them) before its first fill, and each
// reader's view of another's area before its first copy out of it. Left to
// faults, the first round of the ring takes one every few pages on both
// sides, at every superstep (a fault in a VM costs microseconds: a 64 KiB
// total exchange at p = 4 took twice as long until the ring had come round
// once). Where the kernel lacks MADV_POPULATE_*, the faults stay.
inline void populate_ring(const char* area, std::uint64_t area_bytes, bool for_writing) {
#if defined(MADV_POPULATE_WRITE) && defined(MADV_POPULATE_READ)
  // Past the ring's end too: a fill that moves round (at most a quarter of
  // the ring, next_ring_start) may start just before it.
  std::uint64_t ring = cache_ring_bytes() + cache_ring_bytes() / 4;
  madvise(const_cast<char*>(area), std::min(area_bytes, ring),
          for_writing ? MADV_POPULATE_WRITE : MADV_POPULATE_READ);
#else
  (void)area;
  (void)area_bytes;
  (void)for_writing;
#endif
}

// Where the next fill of a ring buffer starts, given where the last one of
// the same parity began and ended: after it, page-aligned, or at 0 once past
// the ring; where it began if it filled nothing. A fill of over a quarter of
// the ring (half the L2 cache) starts the next at 0 again: it does not stay
// in the reader's cache anyway, and moving it round only spreads it over
// more memory (1 MiB puts at p = 2 cost 10% more moving than staying).
inline std::uint64_t next_ring_start(std::uint64_t last_start, std::uint64_t last_end) {
  if (last_end == last_start) return last_start;
  if (last_end - last_start > cache_ring_bytes() / 4) return 0;
  std::uint64_t next = (last_end + 4095) & ~std::uint64_t{4095};
  return next < cache_ring_bytes() ? next : 0;
}

}  // namespace superstep
