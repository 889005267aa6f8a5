// Which bulk messages may land straight in their destination: only those
// that no other write, message or read of the sync overlaps (core/landing_plan).
#include "core/landing_plan.hpp"

#include <gtest/gtest.h>

#include <random>

namespace superstep {
namespace {

std::vector<bool> brute_force(const std::vector<ByteSpan>& messages,
                              const std::vector<ByteSpan>& others) {
  auto overlap = [](ByteSpan a, ByteSpan b) { return a.begin < b.end && b.begin < a.end; };
  std::vector<bool> out(messages.size(), true);
  for (std::size_t i = 0; i < messages.size(); ++i) {
    for (std::size_t j = 0; j < messages.size(); ++j)
      if (i != j && overlap(messages[i], messages[j])) out[i] = false;
    for (const ByteSpan& x : others)
      if (overlap(messages[i], x)) out[i] = false;
  }
  return out;
}

TEST(LandingPlan, DisjointMessagesWithNothingElseLandInPlace) {
  EXPECT_EQ(lands_in_place({{0, 100}, {100, 200}, {300, 400}}, {}),
            (std::vector<bool>{true, true, true}));
}

TEST(LandingPlan, OverlappingMessagesBothLandInBuffers) {
  // The second begins inside the first; the third is inside neither.
  EXPECT_EQ(lands_in_place({{0, 100}, {99, 150}, {150, 160}}, {}),
            (std::vector<bool>{false, false, true}));
  // One message inside another, given in either order.
  EXPECT_EQ(lands_in_place({{10, 20}, {0, 100}}, {}), (std::vector<bool>{false, false}));
  EXPECT_EQ(lands_in_place({{0, 100}, {10, 20}}, {}), (std::vector<bool>{false, false}));
  // The same bytes twice.
  EXPECT_EQ(lands_in_place({{5, 9}, {5, 9}}, {}), (std::vector<bool>{false, false}));
}

TEST(LandingPlan, AnyOtherSpanTouchingTheBytesKeepsAMessageOutOfPlace) {
  std::vector<ByteSpan> messages{{0, 100}, {200, 300}, {400, 500}};
  // An inline put on the last byte of the first, a read just after the second
  // (no overlap), a get spanning the third and beyond.
  EXPECT_EQ(lands_in_place(messages, {{99, 100}, {300, 310}, {350, 1000}}),
            (std::vector<bool>{false, true, false}));
  // One span over all of them.
  EXPECT_EQ(lands_in_place(messages, {{50, 450}}), (std::vector<bool>{false, false, false}));
}

TEST(LandingPlan, AgreesWithComparingEveryPair) {
  std::mt19937_64 random(7);
  for (int round = 0; round < 2000; ++round) {
    auto span = [&] {
      std::uint64_t begin = random() % 400, len = 1 + random() % 60;
      return ByteSpan{begin, begin + len};
    };
    std::vector<ByteSpan> messages(random() % 8), others(random() % 8);
    for (ByteSpan& s : messages) s = span();
    for (ByteSpan& s : others) s = span();
    ASSERT_EQ(lands_in_place(messages, others), brute_force(messages, others)) << "round " << round;
  }
}

}  // namespace
}  // namespace superstep
