// BSP_TEST_MACHINE (util/machine_facts.hpp): the test-only stand-in for what
// the library reads from the machine. Its reader takes the documented forms and
// refuses everything else with a reason; and where the variable is set (the
// CTest runs of this file under forced sizes), what the library sizes by it
// follows it.
#include "util/machine_facts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "util/cache_ring.hpp"
#include "util/processors.hpp"

namespace superstep {
namespace {

TEST(MachineFacts, ReadsSizesAndProcessors) {
  TestMachine m = parse_test_machine("l2=512K,processors=3");
  EXPECT_EQ(m.error, "");
  EXPECT_EQ(m.l2_bytes, std::uint64_t{512} << 10);
  EXPECT_EQ(m.processors, 3);
  EXPECT_EQ(parse_test_machine("l2=2M").l2_bytes, std::uint64_t{2} << 20);
  EXPECT_EQ(parse_test_machine("l2=1G").l2_bytes, std::uint64_t{1} << 30);
  EXPECT_EQ(parse_test_machine("l2=1000").l2_bytes, 1000u);
  EXPECT_FALSE(parse_test_machine("l2=1000").processors.has_value());
  EXPECT_FALSE(parse_test_machine("processors=2").l2_bytes.has_value());
  EXPECT_EQ(parse_test_machine("").error, "");
  EXPECT_EQ(parse_test_machine(",processors=2,").processors, 2);
}

TEST(MachineFacts, RefusesWhatItCannotRead) {
  for (const char* bad : {"l2", "l2=", "l2=big", "l2=2X", "l2=0", "l2=-1", "processors=0",
                          "processors=2K", "processors=x", "cores=2", "l2=2M;processors=2"}) {
    TestMachine m = parse_test_machine(bad);
    EXPECT_NE(m.error, "") << bad;
  }
  EXPECT_EQ(parse_test_machine("cores=2").error, "'cores=2': the keys are l2 and processors");
}

// Run by CTest with BSP_TEST_MACHINE set to each forced size; without it,
// the machine's own figures hold.
TEST(MachineFacts, TheLibrarySizesItselfByTheForcedFigures) {
  const char* text = std::getenv("BSP_TEST_MACHINE");
  TestMachine forced = text ? parse_test_machine(text) : TestMachine{};
  ASSERT_EQ(forced.error, "");
  if (forced.l2_bytes) {
    EXPECT_EQ(level2_cache_bytes(), *forced.l2_bytes);
    EXPECT_EQ(cache_ring_bytes(), std::clamp<std::uint64_t>(2 * *forced.l2_bytes,
                                                             std::uint64_t{1} << 20,
                                                             std::uint64_t{16} << 20));
  }
  if (forced.processors) {
    EXPECT_EQ(available_processors(), *forced.processors);
  }
  EXPECT_GE(cache_ring_bytes(), std::uint64_t{1} << 20);
  EXPECT_LE(cache_ring_bytes(), std::uint64_t{16} << 20);
}

}  // namespace
}  // namespace superstep
