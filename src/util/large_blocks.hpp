// Memory for buffers that may grow large (the streams, the incoming copies,
// the bulk area): a block of kLargeBlockBytes or more is a mapping of its own,
// aligned to that size and advised for transparent huge pages, so that where
// the kernel grants them the first touch of each 2 MiB costs one page fault
// instead of 512. A program's first supersteps write such buffers for the
// first time, and in a virtual machine each 4 KiB fault costs microseconds
// (docs/performance.md, "The first supersteps"). Smaller blocks, and blocks on
// kernels without huge pages, behave as malloc'd memory does.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <new>

namespace superstep {

inline constexpr std::size_t kLargeBlockBytes = std::size_t{2} << 20;

// A block of `bytes` (a multiple of kLargeBlockBytes), aligned to
// kLargeBlockBytes; nullptr where no memory could be mapped. Its pages are
// made as they are first written.
inline void* map_large_block(std::size_t bytes) {
  const std::size_t span = bytes + kLargeBlockBytes;
  void* raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto at = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (at + kLargeBlockBytes - 1) & ~std::uintptr_t{kLargeBlockBytes - 1};
  if (aligned > at) munmap(raw, aligned - at);
  const std::uintptr_t end = at + span;
  if (end > aligned + bytes) munmap(reinterpret_cast<void*>(aligned + bytes), end - aligned - bytes);
#ifdef MADV_HUGEPAGE
  madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE);
#endif
  return reinterpret_cast<void*>(aligned);
}

inline void unmap_large_block(void* block, std::size_t bytes) {
  if (block) munmap(block, bytes);
}

// For a std::vector that may grow large (the gets of a superstep): its
// allocations of kLargeBlockBytes or more are large blocks (rounded up to
// a multiple of that), the others come from operator new.
template <typename T>
struct LargeBlockAllocator {
  using value_type = T;
  LargeBlockAllocator() = default;
  template <typename U>
  LargeBlockAllocator(const LargeBlockAllocator<U>&) {}
  static std::size_t block_bytes(std::size_t n) {
    return (n * sizeof(T) + kLargeBlockBytes - 1) & ~(kLargeBlockBytes - 1);
  }
  T* allocate(std::size_t n) {
    if (n * sizeof(T) < kLargeBlockBytes) return static_cast<T*>(::operator new(n * sizeof(T)));
    void* block = map_large_block(block_bytes(n));
    if (!block) throw std::bad_alloc();
    return static_cast<T*>(block);
  }
  void deallocate(T* p, std::size_t n) {
    if (n * sizeof(T) < kLargeBlockBytes)
      ::operator delete(p);
    else
      unmap_large_block(p, block_bytes(n));
  }
  template <typename U>
  bool operator==(const LargeBlockAllocator<U>&) const { return true; }
};

}  // namespace superstep
