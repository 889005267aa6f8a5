// Fresh memory for large buffers in huge pages where the kernel offers them.
//
// The first write to a 4 KiB page of fresh memory faults, and in a virtual
// machine a fault costs microseconds (about 4.7 us a page on the two-core VM
// of CI): a 256 MiB bsp_put's first copy into the MPI engine's bulk area took
// 0.3 s where a memcpy into touched memory takes 0.04 s. Transparent huge
// pages fault 2 MiB at a time, zeroed by the kernel at memory speed, so the
// same first copy costs about a memcpy. Most systems leave them to
// madvise(MADV_HUGEPAGE) (/sys/kernel/mm/transparent_hugepage/enabled:
// "madvise"); where they are off, the advice does nothing.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>

namespace superstep {

// From this size a buffer asks for huge pages: below it, one huge page more
// than the buffer uses would weigh in its resident memory.
inline constexpr std::size_t kHugePageAdviceMin = std::size_t{4} << 20;
inline constexpr std::uintptr_t kHugePageBytes = std::uintptr_t{2} << 20;

// Advises huge pages for the whole huge pages inside [at, at + n), where n is
// at least kHugePageAdviceMin; the ends stay in small pages, so that the
// advice never reaches memory beside the buffer. Private anonymous memory
// only (what malloc and realloc hand out for large sizes).
inline void advise_huge_pages(void* at, std::size_t n) {
#ifdef MADV_HUGEPAGE
  if (n < kHugePageAdviceMin) return;
  const auto begin = (reinterpret_cast<std::uintptr_t>(at) + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(at) + n) & ~(kHugePageBytes - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)at;
  (void)n;
#endif
}

}  // namespace superstep
