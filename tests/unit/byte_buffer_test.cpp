// ByteBuffer (core/byte_buffer.hpp) and lent memory: a buffer lent memory
// (the shm engine lends each outgoing stream its lane in the mailbox) keeps
// its bytes there while they fit, moves them to the heap with their contents
// when they outgrow it, goes back to the lent memory when trimmed, and never
// frees what it was lent (the sanitizer build would report a bad free).
#include "core/byte_buffer.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace superstep {
namespace {

bool inside(const ByteBuffer& b, const std::vector<char>& memory) {
  return b.data() >= memory.data() && b.data() < memory.data() + memory.size();
}

void fill(char* at, std::size_t n, int seed) {
  for (std::size_t i = 0; i < n; ++i) at[i] = static_cast<char>(i * 7 + seed);
}

TEST(ByteBuffer, LentMemoryHoldsTheBytesWhileTheyFit) {
  std::vector<char> lane(1024);
  ByteBuffer b;
  b.lend(lane.data(), lane.size());
  EXPECT_TRUE(b.lent());
  EXPECT_EQ(b.capacity(), 1024u);
  fill(b.grow(1000), 1000, 1);
  b.append("abcdefghijklmnopqrstuvwx", 24);
  EXPECT_TRUE(b.lent());
  EXPECT_EQ(b.data(), lane.data());
  EXPECT_EQ(b.size(), 1024u);
  EXPECT_EQ(lane[1023], 'x');
}

TEST(ByteBuffer, OutgrowingLentMemoryMovesTheBytesToTheHeap) {
  std::vector<char> lane(256);
  ByteBuffer b;
  b.lend(lane.data(), lane.size());
  fill(b.grow(200), 200, 3);
  char* more = b.grow(100);  // 300 > 256
  fill(more, 100, 5);
  EXPECT_FALSE(b.lent());
  EXPECT_FALSE(inside(b, lane));
  EXPECT_GE(b.capacity(), 300u);
  std::vector<char> want(300);
  fill(want.data(), 200, 3);
  fill(want.data() + 200, 100, 5);
  EXPECT_EQ(std::vector<char>(b.data(), b.data() + b.size()), want);
  // The lent memory still holds what was written before the move.
  EXPECT_EQ(std::vector<char>(lane.data(), lane.data() + 200),
            std::vector<char>(want.data(), want.data() + 200));
}

TEST(ByteBuffer, TrimGoesBackToLentMemoryOnlyPastTheKeptSize) {
  std::vector<char> lane(256);
  ByteBuffer b;
  b.lend(lane.data(), lane.size());
  b.grow(4096);
  EXPECT_FALSE(b.lent());
  b.clear();
  b.trim(1 << 20);  // the heap buffer is small enough to keep
  EXPECT_FALSE(b.lent());
  EXPECT_GE(b.capacity(), 4096u);
  b.trim(1024);  // past what is kept: freed, back to the lane
  EXPECT_TRUE(b.lent());
  EXPECT_EQ(b.data(), lane.data());
  EXPECT_EQ(b.capacity(), 256u);
  b.trim(0);  // lent memory is never given up
  EXPECT_TRUE(b.lent());
}

TEST(ByteBuffer, TrimKeepsNothingWithoutLentMemory) {
  ByteBuffer b;
  b.grow(4096);
  b.clear();
  b.trim(1024);
  EXPECT_EQ(b.data(), nullptr);
  EXPECT_EQ(b.capacity(), 0u);
}

TEST(ByteBuffer, LendingDropsTheHeapBuffer) {
  std::vector<char> lane(64);
  ByteBuffer b;
  b.grow(4096);
  b.clear();
  b.lend(lane.data(), lane.size());
  EXPECT_TRUE(b.lent());
  EXPECT_EQ(b.size(), 0u);
}

TEST(ByteBuffer, MovingCarriesTheLentMemory) {
  std::vector<char> lane(512);
  ByteBuffer a;
  a.lend(lane.data(), lane.size());
  a.grow(16);
  ByteBuffer b(std::move(a));
  EXPECT_TRUE(b.lent());
  EXPECT_EQ(b.size(), 16u);
  b.grow(1024);
  b.clear();
  b.trim(0);
  EXPECT_EQ(b.data(), lane.data());
  EXPECT_EQ(a.data(), nullptr);  // NOLINT(bugprone-use-after-move): moved-from state
}

}  // namespace
}  // namespace superstep
