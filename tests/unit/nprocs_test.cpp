// core/nprocs_before_begin: which BSP_NPROCS values are process counts.
// (That bsp_nprocs() follows them is tested through programs in tests/misuse and
// tests/unit/CMakeLists.txt.)
#include <gtest/gtest.h>

#include "core/nprocs_before_begin.hpp"

namespace superstep {
namespace {

TEST(ParseNprocs, WholePositiveNumbers) {
  EXPECT_EQ(parse_nprocs("1"), 1);
  EXPECT_EQ(parse_nprocs("64"), 64);
  EXPECT_EQ(parse_nprocs("2147483647"), 2147483647);
}

TEST(ParseNprocs, AnythingElseIsRejected) {
  for (const char* bad : {"", "0", "-3", "4x", "x4", "1.5", "2147483648", " "})
    EXPECT_EQ(parse_nprocs(bad), std::nullopt) << '"' << bad << '"';
  EXPECT_EQ(parse_nprocs(nullptr), std::nullopt);
}

}  // namespace
}  // namespace superstep
