// A real --quick probe at p = 1 and 2 on a small h range writes a result that
// has the documented layout, a well-formed plot, and a table. Nothing here
// checks a timing: only that each figure is there and is a number.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "result_schema.hpp"
#include "run_command.hpp"
#include "superstep_internal/json_text.hpp"
#include "xml_balance.hpp"

namespace bspprobe {
namespace {

using toolkit::testing::quoted;

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(QuickRun, WritesSchemaConformingResultPlotAndTable) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("bspprobe_quick_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto json = dir / "probe.json", svg = dir / "probe.svg";
  const auto r =
      toolkit::testing::run_command(std::string(quoted(BSPPROBE_EXE)) +
                                    " --quick --quiet --procs 1,2 --max-words 4096 --machine "
                                    "'test machine' --output " +
                                    quoted(json.string()) + " --plot " + quoted(svg.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("test machine"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("g of all"), std::string::npos) << r.output;

  const Json result = Json::parse(slurp(json));
  EXPECT_EQ(schema_problems(result), std::vector<std::string>{});
  EXPECT_EQ(result["machine"].get<std::string>(), "test machine");
  EXPECT_EQ(result["mode"].get<std::string>(), "quick");
  ASSERT_EQ(result["per_p"].size(), 2u);
  EXPECT_EQ(result["per_p"][0]["p"].get<double>(), 1);
  EXPECT_EQ(result["per_p"][1]["p"].get<double>(), 2);
  EXPECT_TRUE(result["per_p"][0]["g_global"].is_null());
  EXPECT_TRUE(result["per_p"][1]["g_send"].is_object());
  EXPECT_FALSE(result["formula11"].is_null());
  EXPECT_GT(result["s_flops"].get<double>(), 0);

  EXPECT_EQ(toolkit::testing::xml_balance_problem(slurp(svg)), "");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace bspprobe
