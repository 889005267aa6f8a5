// The communication patterns realise the h-relations formula 4 says they do.
#include "pattern_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <utility>

namespace bspprobe {
namespace {

TEST(PatternTable, EveryPatternRealisesItsHRelationUnderItsOperator) {
  for (const Pattern& pattern : all_patterns()) {
    for (int p = pattern.min_p; p <= 9; ++p) {
      for (long h : {64L, 1000L, 65536L}) {
        const long m = words_per_message(pattern, p, h);
        const long realised = h_relation(pattern_transfers(pattern, p), p, m, pattern.h_operator);
        EXPECT_EQ(realised, h_divisor(pattern, p) * m) << pattern.name << " p=" << p;
        EXPECT_LE(realised, h) << pattern.name << " p=" << p;
        // Scattered messages are whole pieces of scattered_bytes: m rounds down to them.
        const long piece = std::max(1, pattern.scattered_bytes / 4);
        EXPECT_GT(realised, h - h_divisor(pattern, p) * piece) << pattern.name << " p=" << p;
      }
    }
  }
}

TEST(PatternTable, Formula4SizesForEightProcesses) {
  // h = m_PP = 2 m_E = (p-1) m_OA = (p-1) m_AO = 2 (p-1) m_AA
  const long h = 14 * 1000;
  EXPECT_EQ(words_per_message(find_pattern("PP"), 8, h), 14000);
  EXPECT_EQ(words_per_message(find_pattern("E"), 8, h), 7000);
  EXPECT_EQ(words_per_message(find_pattern("OA"), 8, h), 2000);
  EXPECT_EQ(words_per_message(find_pattern("AO"), 8, h), 2000);
  EXPECT_EQ(words_per_message(find_pattern("AA"), 8, h), 1000);
  EXPECT_EQ(words_per_message(find_pattern("global"), 8, h), 2000);
}

// The scattered total exchange: 16-byte pieces that land p pieces apart, every piece of every
// sender in a place of its own inside the receiving buffer, and none next to the sender's last.
TEST(PatternTable, ScatteredPiecesLandPApartAndNeverCollide) {
  const Pattern& pattern = find_pattern("scattered");
  EXPECT_EQ(pattern.scattered_bytes, 16);
  for (int p = pattern.min_p; p <= 9; ++p) {
    const long m = words_per_message(pattern, p, 4096);
    EXPECT_EQ(m % 4, 0);
    std::set<std::pair<int, long>> used;
    for (const Transfer& t : pattern_transfers(pattern, p))
      for (long k = 0; k < m / 4; ++k) {
        const long word = landing_word(pattern, p, m, t.slot, k, 4);
        EXPECT_GE(word, 0);
        EXPECT_LE(word + 4, receive_words(pattern, p, m));
        EXPECT_TRUE(used.insert({t.to, word}).second) << "p=" << p;
        if (k > 0) {
          EXPECT_EQ(word - landing_word(pattern, p, m, t.slot, k - 1, 4), 4L * p);
        }
      }
  }
}

TEST(PatternTable, ReceivingSlotsNeverCollide) {
  for (const Pattern& pattern : all_patterns()) {
    for (int p = pattern.min_p; p <= 9; ++p) {
      std::set<std::pair<int, int>> used;
      for (const Transfer& t : pattern_transfers(pattern, p)) {
        if (p > 1) {
          EXPECT_NE(t.from, t.to) << pattern.name;
        }
        EXPECT_GE(t.slot, 0);
        EXPECT_LT(t.slot, receive_slots(pattern, p));
        EXPECT_TRUE(used.insert({t.to, t.slot}).second) << pattern.name << " p=" << p;
      }
    }
  }
}

TEST(PatternTable, SumAndMaxOperatorsDifferForSymmetricPatterns) {
  // Exchange: every process sends m and receives m: h = 2m under +, m under max.
  const auto t = pattern_transfers(find_pattern("E"), 4);
  EXPECT_EQ(h_relation(t, 4, 10, HOperator::kSum), 20);
  EXPECT_EQ(h_relation(t, 4, 10, HOperator::kMax), 10);
}

TEST(PatternTable, PatternsNeedingTwoProcessesAreEmptyAtOne) {
  EXPECT_TRUE(pattern_transfers(find_pattern("AA"), 1).empty());
  EXPECT_EQ(pattern_transfers(find_pattern("local"), 1).size(), 1u);
  EXPECT_THROW(find_pattern("nope"), std::out_of_range);
}

// At p = 1 the copying primitives are timed on transfers to the process itself, so that the
// result holds what a program's puts, gets and sends to itself cost there.
TEST(PatternTable, CopyingPrimitivesTransferToItselfAtOne) {
  for (const char* name : {"put", "get", "send"}) {
    const Pattern& pattern = find_pattern(name);
    EXPECT_EQ(pattern.min_p, 1) << name;
    const std::vector<Transfer> t = pattern_transfers(pattern, 1);
    ASSERT_EQ(t.size(), 1u) << name;
    EXPECT_EQ(t[0].from, 0);
    EXPECT_EQ(t[0].to, 0);
    EXPECT_EQ(h_relation(t, 1, 100, pattern.h_operator), 100) << name;
  }
  EXPECT_TRUE(pattern_transfers(find_pattern("global"), 1).empty());
}

}  // namespace
}  // namespace bspprobe
