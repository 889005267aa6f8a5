// The machine parameters the apps read from a bspprobe result: o per message of a record, and
// o_small for puts of at most 16 bytes (the FFT's), o where the result predates o_small.
#include "machine_params.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "superstep_internal/json_text.hpp"

namespace apps {
namespace {

using superstep::Json;

// A result with one per_p entry at p = 2 whose g_put has the given per_message.
Json result_with(const Json& per_message) {
  Json put = {{"slope", 1e-9}, {"per_message", per_message}};
  Json entry = {{"p", 2}, {"oversubscribed", false}, {"l", {{"median", 5e-6}}}, {"g_put", put}};
  return {{"schema", "superstep-bspprobe/1"}, {"processors", 2}, {"per_p", Json::array({entry})}};
}

std::vector<MachineParams> load(const Json& result) {
  char name[] = "/tmp/apps_machine_params_test_XXXXXX";
  const int fd = mkstemp(name);
  EXPECT_GE(fd, 0);
  close(fd);
  std::ofstream(name) << result.dump();
  std::vector<MachineParams> all = load_machine_params("test", name);
  std::remove(name);
  return all;
}

TEST(MachineParams, SmallPutsCostOSmallAndRecordsO) {
  const auto all = load(result_with({{"o", 7e-9}, {"o_small", 1.5e-9}}));
  ASSERT_EQ(all.size(), 1u);
  EXPECT_DOUBLE_EQ(all[0].o_put, 7e-9);
  EXPECT_DOUBLE_EQ(all[0].o_put_small, 1.5e-9);
  EXPECT_DOUBLE_EQ(all[0].g_put, 1e-9);
}

TEST(MachineParams, ResultsWithoutOSmallChargeSmallPutsO) {
  const auto all = load(result_with({{"o", 3e-9}}));
  ASSERT_EQ(all.size(), 1u);
  EXPECT_DOUBLE_EQ(all[0].o_put_small, 3e-9);
  const auto negative = load(result_with({{"o", 3e-9}, {"o_small", -1e-10}}));
  EXPECT_DOUBLE_EQ(negative[0].o_put_small, 0);  // noise around a cost too small to measure
}

}  // namespace
}  // namespace apps
