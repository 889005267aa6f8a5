// How far a buffer that one process fills and another reads every superstep
// moves round before it comes back to the same bytes (the outbox's shared
// staging area and its private bulk area; the mailboxes of the shared-memory
// engine, tried the same way, showed no gain for 100,000 puts or sends and
// stay as they are).
//
// Writing into cache lines another core still holds costs an invalidation of
// its copy per line: filling 64 KiB into the lines the reader read two
// supersteps ago cost about twice as much as into lines no other core had
// (two-core VM, DESIGN.md). So each superstep fills after where the last one
// of its parity ended, and starts again from the beginning once past this
// many bytes: twice this processor's second-level cache (1-16 MiB), by which
// time those lines have left the reader's cache. (BSP_TEST_MACHINE stands in
// for the cache's size in tests: util/machine_facts.hpp.)
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "machine_facts.hpp"

namespace superstep {

inline std::uint64_t cache_ring_bytes() {
  static const std::uint64_t bytes = [] {
    const std::uint64_t l2 = level2_cache_bytes();
    std::uint64_t twice = l2 > 0 ? 2 * l2 : std::uint64_t{4} << 20;
    return std::clamp<std::uint64_t>(twice, std::uint64_t{1} << 20, std::uint64_t{16} << 20);
  }();
  return bytes;
}

// How much memory the ring uses: past the ring's end too, since a fill that
// moves round (at most a quarter of the ring, next_ring_start) may start
// just before it.
inline std::uint64_t ring_span() { return cache_ring_bytes() + cache_ring_bytes() / 4; }
inline std::uint64_t ring_extent(std::uint64_t area_bytes) {
  return std::min(area_bytes, ring_span());
}

// Left to faults, the first round of a ring takes one every few pages on both
// sides, at every superstep (a fault in a VM costs microseconds: a 64 KiB
// total exchange at p = 4 took twice as long until the ring had come round
// once). So each side maps the ring's pages in one call when a fill first
// reaches them, in extents that double (RingMapping): a steady loop pays for
// the mapping in a few supersteps of the ring's first round, not in every one,
// and a program pays for the pages it uses, at most twice over. Mapping the
// whole ring before the first fill would make the first two supersteps with
// large puts cost every process a ring's worth of page faults however little
// it put, worst where many processes fault at once (docs/performance.md has
// the figures). A registration says how much the next supersteps may put:
// the sync that registers areas maps that far ahead (expect()), so the
// program's first supersteps of puts find their pages mapped.

// The writer, as a fill reaches pages not mapped yet: writes zeros over
// [from, to). Writing, not MADV_POPULATE_WRITE: the kernel clears a new page
// with stores that leave it in memory, not in the caches, and every fill of
// the ring's first round then waited for memory where later rounds found the
// lines cached (64 KiB puts over MPI, two-processor VM: 1.5-1.9x
// MPI_Alltoall in the first round against 1.1-1.5x after writing). Only pages
// no fill has reached are written, so nothing a reader may still read.
inline void prepare_ring_for_writing(char* area, std::uint64_t from, std::uint64_t to) {
  if (to > from) std::memset(area + from, 0, to - from);
}

// Each reader, as its copies out of another process's ring reach pages not
// mapped yet: maps its view of the whole pages in [from, to). Where the
// kernel lacks MADV_POPULATE_READ, the faults stay.
inline void populate_ring_for_reading(const char* area, std::uint64_t from, std::uint64_t to) {
#ifdef MADV_POPULATE_READ
  const std::uintptr_t page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(area);
  const std::uintptr_t begin = (at + from) & ~(page - 1);
  const std::uintptr_t end = (at + to) & ~(page - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_READ);
#else
  (void)area;
  (void)from;
  (void)to;
#endif
}

// How much of one ring one side has mapped: its first bytes, up to
// mapped_end(). The writer: a fill that ends past them maps twice as far as
// the larger of the two (grow(), in 64 KiB steps, never past the ring's
// extent), so a ring fills its first round with a mapping call every few
// fills at first and ever more rarely after. Past the extent nothing is
// mapped ahead: a fill that large faults as it goes. Each reader: as far as
// the writer has mapped, which every staged put's record says (follow()), so
// all of a ring's mapping falls in the supersteps where its writer's does;
// mapping twice as far as each read reached, readers whose bytes lie at
// different places in the fill mapped in different supersteps, and at p = 4
// on a 16-core machine most of the first 15 supersteps carried some mapping.
class RingMapping {
 public:
  // The hot path's test: whether a fill (or a read) ending at `end` needs
  // grow() (or follow()).
  bool reaches_unmapped(std::uint64_t end) const { return end > mapped_; }
  // Records the pages a fill ending at fill_end needs as mapped, and returns
  // the range [from, to) to map for that now (empty where none).
  struct Range {
    std::uint64_t from, to;
  };
  Range grow(std::uint64_t fill_end, std::uint64_t extent) {
    constexpr std::uint64_t kStep = std::uint64_t{64} << 10;
    std::uint64_t want = 2 * std::max(mapped_, fill_end);
    return map_to((want + kStep - 1) & ~(kStep - 1), extent);
  }
  // What grow() maps for a fill ending at fill_end, asked before any fill
  // (a registration says how far the next supersteps' fills may reach).
  Range expect(std::uint64_t fill_end, std::uint64_t extent) { return grow(fill_end, extent); }
  // The same for a reader, to where the writer has mapped (at least as far as
  // the read reaches, which the writer's own mapping covers).
  Range follow(std::uint64_t writer_mapped, std::uint64_t extent) {
    return map_to(writer_mapped, extent);
  }
  // Where the mapped part ends, within the extent.
  std::uint64_t mapped_end(std::uint64_t extent) const { return std::min(mapped_, extent); }

 private:
  Range map_to(std::uint64_t want, std::uint64_t extent) {
    if (mapped_ >= extent || want <= mapped_) return {0, 0};
    want = std::min(want, extent);
    Range range{mapped_, want};
    mapped_ = want == extent ? kWhole : want;
    return range;
  }
  // The whole extent: no fill reaches past it (one past the extent maps nothing more).
  static constexpr std::uint64_t kWhole = ~std::uint64_t{0};
  std::uint64_t mapped_ = 0;
};

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
