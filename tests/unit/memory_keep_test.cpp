// util/memory_keep: a buffer keeps memory beyond kKeepBytes while uses that
// need it keep coming, and gives it back after kQuietUses quiet uses in a row.
#include "util/memory_keep.hpp"

#include <gtest/gtest.h>

namespace superstep {
namespace {

constexpr std::uint64_t kLarge = MemoryKeep::kKeepBytes + 1;
constexpr std::uint64_t kSmall = MemoryKeep::kKeepBytes;

TEST(MemoryKeep, NothingLargeYetReleasesAtOnce) {
  MemoryKeep keep;
  EXPECT_TRUE(keep.release(0));  // a buffer that never grew may always trim (it does nothing)
  EXPECT_TRUE(keep.release(kSmall));
}

TEST(MemoryKeep, GivesBackAfterQuietUsesInARow) {
  MemoryKeep keep;
  EXPECT_FALSE(keep.release(kLarge));
  for (int i = 1; i < MemoryKeep::kQuietUses; ++i) EXPECT_FALSE(keep.release(kSmall)) << i;
  EXPECT_TRUE(keep.release(kSmall));
  EXPECT_TRUE(keep.release(0));  // and stays released while uses stay small
}

TEST(MemoryKeep, ALargeUseBeforeTheQuietRunEndsKeepsTheMemory) {
  MemoryKeep keep;
  // A large use every third one (the FFT's permutation): never released.
  for (int round = 0; round < 10; ++round) {
    EXPECT_FALSE(keep.release(kLarge));
    EXPECT_FALSE(keep.release(kSmall));
    EXPECT_FALSE(keep.release(kSmall));
  }
  // The last large use ends the pattern (two quiet uses already followed it):
  // released kQuietUses quiet uses after it.
  for (int i = 3; i < MemoryKeep::kQuietUses; ++i) EXPECT_FALSE(keep.release(kSmall)) << i;
  EXPECT_TRUE(keep.release(kSmall));
}

}  // namespace
}  // namespace superstep
