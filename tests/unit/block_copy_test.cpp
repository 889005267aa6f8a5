// copy_block (util/block_copy.hpp): the same bytes as memmove at every distance
// between destination and source modulo a page, every size around the 64-byte
// steps of its vector loop, overlapping blocks included; nothing written
// outside the destination; and its own loop taken exactly in the window where
// the C library's copy is slow (bench/copy_distance.cpp shows the speeds).
#include "util/block_copy.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace superstep {
namespace {

constexpr std::size_t kPage = 4096;

// A page-aligned arena: offsets into it are distances modulo the page.
struct Arena {
  explicit Arena(std::size_t bytes) : storage(bytes + kPage) {
    auto at = reinterpret_cast<std::uintptr_t>(storage.data());
    base = storage.data() + ((kPage - at % kPage) % kPage);
  }
  std::vector<char> storage;
  char* base;
};

void fill(char* at, std::size_t n, int seed) {
  for (std::size_t i = 0; i < n; ++i) at[i] = static_cast<char>(i * 31 + seed);
}

// Every distance, every size around the loop's 64-byte steps, and sources at
// several places in their cache line (so the destination's own alignment
// varies apart from the distance: already a whole line, or not).
TEST(BlockCopy, SameBytesAsMemmoveAtEveryDistanceAndSize) {
  const std::size_t sizes[] = {0,   1,   7,   63,   64,   65,   100,       127,
                               128, 129, 191, 4095, 4096, 4097, 65536 + 17};
  Arena src(70000 + kPage), dst(70000 + 2 * kPage), expect(70000 + 2 * kPage);
  fill(src.base, 70000 + 64, 5);
  for (std::size_t from : {0, 1, 16, 33, 48, 63}) {
    for (std::size_t distance = 0; distance < 130; ++distance) {
      for (std::size_t n : sizes) {
        // 64 guard bytes on either side of the destination must stay as they were.
        char* to = dst.base + kPage + from + distance;
        char* model = expect.base + kPage + from + distance;
        std::memset(to - 64, 0x5a, n + 128);
        std::memset(model - 64, 0x5a, n + 128);
        copy_block(to, src.base + from, n);
        std::memmove(model, src.base + from, n);
        ASSERT_EQ(std::memcmp(to - 64, model - 64, n + 128), 0)
            << "source " << from << " into its page, distance " << distance << ", " << n
            << " bytes";
      }
    }
  }
}

TEST(BlockCopy, OverlappingBlocksMoveAsMemmoveDoes) {
  for (std::size_t shift : {1, 16, 63, 64, 200}) {
    for (bool forward : {true, false}) {
      const std::size_t n = 5000;
      std::vector<char> a(n + 256), b(n + 256);
      fill(a.data(), a.size(), 9);
      b = a;
      char* from = a.data() + (forward ? 0 : shift);
      char* to = a.data() + (forward ? shift : 0);
      copy_block(to, from, n);
      std::memmove(b.data() + (forward ? shift : 0), b.data() + (forward ? 0 : shift), n);
      ASSERT_EQ(a, b) << "shift " << shift << (forward ? " forward" : " backward");
    }
  }
}

TEST(BlockCopy, OwnLoopExactlyWhereTheDestinationIsJustAfterTheSourceModuloAPage) {
  Arena arena(16 * kPage);
  char* src = arena.base;
  const std::size_t n = 4096;
  char* far = arena.base + 8 * kPage;
  EXPECT_FALSE(block_copy_avoids_libc(far, src, n));
  for (std::size_t d = 1; d <= 63; ++d) EXPECT_TRUE(block_copy_avoids_libc(far + d, src, n)) << d;
  EXPECT_FALSE(block_copy_avoids_libc(far + 64, src, n));
  EXPECT_FALSE(block_copy_avoids_libc(far + kPage - 16, src, n));  // the destination before it
  EXPECT_TRUE(block_copy_avoids_libc(far + kPage + 16, src, n));   // a page further on
  EXPECT_FALSE(block_copy_avoids_libc(far + 16, src, 63));         // too short for its loop
  EXPECT_FALSE(block_copy_avoids_libc(src + 16, src, n));          // overlapping
}

}  // namespace
}  // namespace superstep
