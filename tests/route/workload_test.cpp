// Traffic patterns: h-relations are exact, fixed patterns are what they say.
#include "workload.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace bsproute {
namespace {

TEST(Workload, RandomHRelationSendsAndReceivesExactlyH) {
  Rng rng(7);
  const int n = 5, h = 6;
  const Workload w = make_workload(Pattern::random, n, h, rng);
  std::vector<int> received(1 << n, 0);
  for (const auto& list : w) {
    EXPECT_EQ(static_cast<int>(list.size()), h);
    for (int to : list) ++received[static_cast<std::size_t>(to)];
  }
  for (int r : received) EXPECT_EQ(r, h);
}

TEST(Workload, TransposeSwapsAddressHalves) {
  Rng rng(1);
  const Workload w = make_workload(Pattern::transpose, 4, 1, rng);
  EXPECT_EQ(w[0b0111][0], 0b1101);
  EXPECT_EQ(w[0b0001][0], 0b0100);
  EXPECT_THROW(make_workload(Pattern::transpose, 3, 1, rng), std::invalid_argument);
}

TEST(Workload, BitReversal) {
  Rng rng(1);
  const Workload w = make_workload(Pattern::bit_reversal, 3, 2, rng);
  EXPECT_EQ(w[0b001], (std::vector<int>{0b100, 0b100}));
  EXPECT_EQ(w[0b110][0], 0b011);
}

TEST(Workload, NegativeHIsRefused) {
  Rng rng(1);
  EXPECT_THROW(make_workload(Pattern::random, 3, -1, rng), std::invalid_argument);
  EXPECT_TRUE(make_workload(Pattern::random, 3, 0, rng)[0].empty());
}

TEST(Rng, SameSeedSameStreamAndBelowStaysInRange) {
  Rng a(42), b(42);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
  for (int i = 0; i < 1000; ++i) EXPECT_LT(a.below(7), 7u);
  EXPECT_NE(Rng::derive(1, 0), Rng::derive(1, 1));
}

}  // namespace
}  // namespace bsproute
