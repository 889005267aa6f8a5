// The page's human units: the largest unit in which a value is at least 1.
#include "units.hpp"

#include <gtest/gtest.h>

namespace bspprof {
namespace {

TEST(Units, TimesReadInTheUnitThatSuitsThem) {
  EXPECT_EQ(human_time(0.00066), "660 µs");
  EXPECT_EQ(human_time(0.00125), "1.25 ms");
  EXPECT_EQ(human_time(2.5), "2.5 s");
  EXPECT_EQ(human_time(8.5e-6), "8.5 µs");
  EXPECT_EQ(human_time(3e-9), "3 ns");
  EXPECT_EQ(human_time(0), "0 ns");
  EXPECT_EQ(time_unit(0.0005).name, "µs");
}

TEST(Units, SizesReadInPowersOf1024) {
  EXPECT_EQ(human_bytes(24), "24 B");
  EXPECT_EQ(human_bytes(1536), "1.5 KiB");
  EXPECT_EQ(human_bytes(6291456), "6 MiB");
  EXPECT_EQ(byte_unit(3.0 * 1024 * 1024 * 1024).name, "GiB");
  EXPECT_EQ(in_unit(1536, byte_unit(1536)), "1.5");
}

}  // namespace
}  // namespace bspprof
