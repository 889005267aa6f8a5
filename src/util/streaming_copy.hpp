// A copy whose stores bypass the caches (non-temporal stores): the written
// lines go to memory, and every cached copy of them, this processor's or
// another's, is invalidated without being read first. messaging/ring_copy
// chooses it for the staging rings where it measures plain stores slower
// (docs/performance.md, "Method": where the host places the two processors far apart).
#pragma once

#include <cstddef>
#include <cstdint>

#include "util/block_copy.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace superstep {

// Copies n bytes of two blocks that do not overlap. The whole 64-byte lines of
// the destination take non-temporal stores, the partial lines at either end
// plain ones; a store fence at the end orders them before whatever this
// process writes next (the flag that publishes them). Without SSE2, a plain copy.
inline void copy_block_streaming(void* dst, const void* src, std::size_t n) {
#if defined(__SSE2__)
  auto* d = static_cast<char*>(dst);
  const auto* s = static_cast<const char*>(src);
  std::size_t head = (64 - (reinterpret_cast<std::uintptr_t>(d) & 63)) & 63;
  if (n < head + 64) {
    copy_block(dst, src, n);
    return;
  }
  copy_block(d, s, head);
  std::size_t i = head;
  for (; i + 64 <= n; i += 64) {
    __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
    __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + 16));
    __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + 32));
    __m128i e = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + 48));
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + i), a);
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + i + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + i + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + i + 48), e);
  }
  copy_block(d + i, s + i, n - i);
  _mm_sfence();
#else
  copy_block(dst, src, n);
#endif
}

}  // namespace superstep
