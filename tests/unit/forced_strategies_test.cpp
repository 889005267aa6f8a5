// BSP_FORCE: name=word entries separated by commas, each strategy auto unless named, the last
// entry of a name the one that counts, and bad entries one usage error naming what to write.
#include "util/forced_strategies.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace superstep {
namespace {

class ForcedStrategies : public ::testing::Test {
 protected:
  void TearDown() override { unsetenv("BSP_FORCE"); }
  static void force(const char* value) { setenv("BSP_FORCE", value, 1); }
};

TEST_F(ForcedStrategies, AutoWhenUnsetEmptyOrNotNamed) {
  unsetenv("BSP_FORCE");
  for (Strategy s : {Strategy::kXmem, Strategy::kXmemLarge, Strategy::kShareAreas,
                     Strategy::kBulkMessages, Strategy::kStagingStores})
    EXPECT_EQ(forced(s), 0);
  force("");
  EXPECT_EQ(forced(Strategy::kShareAreas), 0);
  force("xmem=off");
  EXPECT_EQ(forced(Strategy::kShareAreas), 0);
  EXPECT_EQ(forced(Strategy::kXmem), 1);
}

TEST_F(ForcedStrategies, EachNameItsWordsInOrder) {
  force("xmem_large=read,share_areas=always,bulk_messages=off,staging_stores=streaming");
  EXPECT_EQ(forced(Strategy::kXmemLarge), 2);
  EXPECT_EQ(forced(Strategy::kShareAreas), 1);
  EXPECT_EQ(forced(Strategy::kBulkMessages), 2);
  EXPECT_EQ(forced(Strategy::kStagingStores), 2);
  EXPECT_EQ(forced(Strategy::kXmem), 0);
}

TEST_F(ForcedStrategies, EmptyEntriesSkippedAndTheLastOfANameCounts) {
  force(",share_areas=off,,share_areas=auto,xmem_large=copy,");
  EXPECT_EQ(forced(Strategy::kShareAreas), 0);
  EXPECT_EQ(forced(Strategy::kXmemLarge), 1);
}

TEST_F(ForcedStrategies, AWordTheStrategyDoesNotTakeStops) {
  force("xmem=on");
  EXPECT_EXIT(forced(Strategy::kShareAreas), ::testing::ExitedWithCode(1),
              "error in bsp_begin: BSP_FORCE gives xmem \"on\"; set it to auto or off\n");
  force("staging_stores=");
  EXPECT_EXIT(forced(Strategy::kXmem), ::testing::ExitedWithCode(1),
              "BSP_FORCE gives staging_stores \"\"; set it to auto, plain or streaming\n");
}

TEST_F(ForcedStrategies, AnEntryWithoutANameItKnowsStops) {
  for (const char* entry : {"share_areas", "shared_areas=off", "=off"}) {
    force(entry);
    EXPECT_EXIT(forced(Strategy::kXmem), ::testing::ExitedWithCode(1),
                "BSP_FORCE has \"[^\"]*\"; write name=word entries separated by commas");
  }
}

}  // namespace
}  // namespace superstep
