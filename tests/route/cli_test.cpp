// bsproute from the outside: exit statuses, messages, and the files it writes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_command.hpp"
#include "superstep_internal/json_text.hpp"
#include "xml_balance.hpp"

namespace bsproute {
namespace {

using superstep::Json;

using toolkit::testing::quoted;
using toolkit::testing::run_command;

const std::string kRoute = quoted(BSPROUTE_EXE);

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("bsproute_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(Cli, HelpExitsZero) {
  const auto r = run_command(kRoute + " --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.output.find("Usage: bsproute COMMAND"), std::string::npos);
}

TEST_F(Cli, BadInputExitsTwoWithOneLine) {
  for (const char* args : {"run --n 0", "run --h -1", "run --topology ring", "transputer --m 0"}) {
    const auto r = run_command(kRoute + " " + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.output.rfind("bsproute: ", 0), 0u) << r.output;
    EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << r.output;
  }
}

TEST_F(Cli, RunWritesJsonThatReadsBackAndIsTheSameForTheSameSeed) {
  const auto a = (dir_ / "a.json").string(), b = (dir_ / "b.json").string();
  ASSERT_EQ(run_command(kRoute + " run --n 5 --h 4 --runs 3 --seed 7 --json " + quoted(a)).status,
            0);
  ASSERT_EQ(run_command(kRoute + " run --n 5 --h 4 --runs 3 --seed 7 --json " + quoted(b)).status,
            0);
  EXPECT_EQ(slurp(a), slurp(b));
  const Json j = Json::parse(slurp(a));
  EXPECT_EQ(j["runs"].size(), 3u);
  EXPECT_EQ(j["runs"][0]["delivered"].get<long>(), 32 * 4);
  EXPECT_TRUE(j["runs"][0]["delivered"].is_number_integer());  // counts stay integers
}

TEST_F(Cli, FitAndEfficiencyDrawWellFormedSvg) {
  const auto fit = (dir_ / "fit.svg").string(), eff = (dir_ / "eff.svg").string();
  const auto r = run_command(kRoute + " fit --ns 2..4 --hs 4,8 --runs 2 --svg " + quoted(fit));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("1.22h + 1.6n"), std::string::npos);
  EXPECT_EQ(toolkit::testing::xml_balance_problem(slurp(fit)), "");
  ASSERT_EQ(run_command(kRoute + " efficiency --svg " + quoted(eff)).status, 0);
  EXPECT_EQ(toolkit::testing::xml_balance_problem(slurp(eff)), "");
  EXPECT_NE(slurp(eff).find("nodes joined by a crossbar"), std::string::npos);
  EXPECT_EQ(slurp(eff).find("Figure"), std::string::npos);
}

TEST_F(Cli, UnwritableOutputIsARunTimeFailure) {
  const auto r = run_command(kRoute + " run --n 2 --h 1 --runs 1 --json /nonexistent/dir/x.json");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("cannot write"), std::string::npos);
}

}  // namespace
}  // namespace bsproute
