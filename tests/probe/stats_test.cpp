// Medians and quartiles of timing samples.
#include "stats.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace bspprobe {
namespace {

TEST(Stats, SummaryOfOddSampleIgnoresOrder) {
  const std::vector<double> v = {5, 1, 4, 2, 3};
  const Summary s = summarize(v);
  EXPECT_DOUBLE_EQ(s.median, 3);
  EXPECT_DOUBLE_EQ(s.q1, 2);
  EXPECT_DOUBLE_EQ(s.q3, 4);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 5);
  EXPECT_EQ(s.n, 5u);
  EXPECT_DOUBLE_EQ(s.relative_spread(), 2.0 / 3.0);
}

TEST(Stats, MedianOfEvenSampleInterpolates) {
  const std::vector<double> v = {4, 1, 3, 2};
  EXPECT_DOUBLE_EQ(summarize(v).median, 2.5);
  EXPECT_DOUBLE_EQ(quantile(v, 0.25), 1.75);
  EXPECT_DOUBLE_EQ(quantile(v, 1.0), 4);
}

TEST(Stats, OutlierMovesMaxButNotMedian) {
  const std::vector<double> v = {1, 1, 1, 1, 1000};
  const Summary s = summarize(v);
  EXPECT_DOUBLE_EQ(s.median, 1);
  EXPECT_DOUBLE_EQ(s.max, 1000);
}

TEST(Stats, SingleValueAndErrors) {
  const std::vector<double> one = {7}, none;
  EXPECT_DOUBLE_EQ(summarize(one).q3, 7);
  EXPECT_THROW(summarize(none), std::invalid_argument);
  EXPECT_THROW(quantile(one, 1.5), std::invalid_argument);
}

}  // namespace
}  // namespace bspprobe
