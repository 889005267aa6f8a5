// The copy every block of user data takes inside the library (staging a put,
// delivering it, an hpput into a shared area, a get's answer, a stream into
// its buffer): memmove, except where the C library's copy is known to crawl.
//
// Why not plain memcpy: on x86-64 glibc copies blocks from about 2 KiB up with
// `rep movsb` where the processor has fast short rep moves (FSRM), and
// `rep movsb` is many times slower when the destination lies a few bytes
// after the source modulo a 4 KiB page (the loads and stores alias in the
// store buffer). Measured on a two-core AMD EPYC (Zen 3) VM, glibc 2.36: 64 KiB
// copied at 330 ps/B with the destination 1-31 bytes after the source modulo
// 4096, against 20 ps/B at any other distance (bench/copy_distance.cpp). That
// distance is no rarity here: user buffers from malloc start 16 bytes into a
// page, the staging rings and shared areas on page boundaries, so a whole
// pattern of transfers can land on it every superstep (a 64 KiB hpput
// exchange ran at 10x one memcpy). Newer glibc avoids `rep movsb` there on
// some processors (and for distances below 64 on Intel's); this copy does so
// everywhere: within 1-63 bytes (the slow window measured here, 1-31, with
// room for Intel's) it moves 64 bytes at a time with 16-byte vector loads and
// stores into whole destination lines, which measured 1.1-1.7x memcpy's best
// at every size from 4 KiB to 16 MiB and every distance (memcpy itself 17-25x
// at the slow ones). The window is a property of the two addresses, not a
// speed of one machine; outside it, and where the blocks overlap, it is
// memmove.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace superstep {

// Whether a copy from src to dst by `rep movsb` lands in the slow window: the
// destination 1..63 bytes after the source modulo a 4 KiB page. The kernel's
// own copy (process_vm_readv) crawls there too (engines/shm/remote_memory).
inline bool copy_distance_is_slow(std::uintptr_t dst, std::uintptr_t src) {
  std::uintptr_t distance = (dst - src) & 4095;
  return distance >= 1 && distance <= 63;
}

// How far past `at` a block that will be copied from or to `other` should
// start so that the two lie a whole number of cache lines apart: the copy
// between them (the library's, the kernel's, MPI's) then never meets a slow
// distance, and moves whole lines.
inline std::uint64_t line_gap(std::uintptr_t at, std::uint64_t other) { return (other - at) & 63; }

// Whether copy_block takes its own vector loop for these addresses rather than
// the C library's: a slow distance, at least 64 bytes, and the two blocks apart.
inline bool block_copy_avoids_libc(const void* dst, const void* src, std::size_t n) {
  auto d = reinterpret_cast<std::uintptr_t>(dst), s = reinterpret_cast<std::uintptr_t>(src);
  bool apart = d >= s + n || s >= d + n;
  return n >= 64 && copy_distance_is_slow(d, s) && apart;
}

// Copies n bytes of two blocks that do not overlap, 64 at a time: n >= 64.
// The first and last 64 bytes are copied as they lie, everything between into
// whole 64-byte lines of the destination (stores that split lines cost twice
// as much where the source is 1 byte off). Intrinsics rather than a plain
// loop: the compiler would recognise a byte loop as a copy and call memcpy,
// the very thing to avoid.
// Out of line and cold: the callers of copy_block stay small where they are inlined
// (bsp_move, bsp_send), and the window is rare.
[[gnu::noinline, gnu::cold]] inline void copy_block_by_vectors(void* dst, const void* src,
                                                               std::size_t n) {
#if defined(__SSE2__)
  auto copy64 = [](char* d, const char* s, auto store) {
    __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
    __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 16));
    __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 32));
    __m128i e = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 48));
    store(reinterpret_cast<__m128i*>(d), a);
    store(reinterpret_cast<__m128i*>(d + 16), b);
    store(reinterpret_cast<__m128i*>(d + 32), c);
    store(reinterpret_cast<__m128i*>(d + 48), e);
  };
  auto unaligned = [](__m128i* at, __m128i v) { _mm_storeu_si128(at, v); };
  auto aligned = [](__m128i* at, __m128i v) { _mm_store_si128(at, v); };
  auto* d = static_cast<char*>(dst);
  const auto* s = static_cast<const char*>(src);
  copy64(d, s, unaligned);
  std::size_t i = 64 - (reinterpret_cast<std::uintptr_t>(d) & 63);
  for (; i + 64 <= n; i += 64) copy64(d + i, s + i, aligned);
  copy64(d + n - 64, s + n - 64, unaligned);
#else
  // No vectors to hand, and no slow distances of the C library's copy known here.
  std::memcpy(dst, src, n);
#endif
}

// memmove, without its slow distances (above).
inline void copy_block(void* dst, const void* src, std::size_t n) {
  if (block_copy_avoids_libc(dst, src, n)) [[unlikely]]
    copy_block_by_vectors(dst, src, n);
  else
    std::memmove(dst, src, n);
}

}  // namespace superstep
