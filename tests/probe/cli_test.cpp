// bspprobe's command line from the outside: bad arguments and bad files give
// one clear line and a non-zero exit status; --help and --from work.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "run_command.hpp"
#include "superstep_internal/json_text.hpp"
#include "synthetic_result.hpp"
#include "xml_balance.hpp"

namespace bspprobe {
namespace {

using toolkit::testing::quoted;
using toolkit::testing::run_command;

const std::string kProbe = BSPPROBE_EXE;

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("bspprobe_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  void write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
  }

  std::filesystem::path dir_;
};

TEST_F(Cli, HelpDescribesTheOptions) {
  const auto r = run_command(quoted(kProbe) + " --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.output.find("Usage: bspprobe"), std::string::npos);
  for (const char* option : {"--quick", "--procs", "--max-p", "--output", "--plot", "--from"})
    EXPECT_NE(r.output.find(option), std::string::npos) << option;
}

TEST_F(Cli, BadArgumentsGiveOneLineAndStatusTwo) {
  const std::pair<const char*, const char*> cases[] = {
      {"--bogus", "bspprobe: unknown option '--bogus'; see 'bspprobe --help'\n"},
      {"--max-p x", "bspprobe: --max-p needs a whole number between 1 and 1024, got 'x'"},
      {"--procs 0", "bspprobe: --procs needs a comma-separated list"},
      {"--procs 1 --max-p 2", "bspprobe: give either --procs or --max-p, not both"},
      {"--output", "bspprobe: option '--output' needs a value"},
  };
  for (const auto& [args, message] : cases) {
    const auto r = run_command(quoted(kProbe) + " " + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.output.rfind(message, 0), 0u) << args << " gave: " << r.output;
    EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << "more than one line: " << r.output;
  }
}

TEST_F(Cli, MissingResultFileIsNamed) {
  const auto r = run_command(quoted(kProbe) + " --from " + quoted(path("absent.json")));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("bspprobe: cannot read " + path("absent.json")), std::string::npos)
      << r.output;
}

TEST_F(Cli, FileThatIsNotJsonIsRefused) {
  write("bad.json", "{\"schema\": ");
  const auto r = run_command(quoted(kProbe) + " --from " + quoted(path("bad.json")));
  EXPECT_EQ(r.status, 1);
  // One line: the file, line and column, and what was expected there.
  EXPECT_EQ(r.output, "bspprobe: " + path("bad.json") +
                          ":1:12: syntax error: unexpected end of input; expected '[', '{', or a "
                          "literal\n");
}

TEST_F(Cli, JsonThatIsNotAResultIsRefused) {
  write("other.json", "{\"schema\": \"superstep-bspprobe/1\"}");
  const auto r = run_command(quoted(kProbe) + " --from " + quoted(path("other.json")));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("is not a bspprobe result: machine: missing (and "), std::string::npos)
      << r.output;
}

TEST_F(Cli, FromRendersTableAndPlotOfAnEarlierResult) {
  write("result.json", testing::synthetic_result({1, 2, 4}).dump());
  const auto r = run_command(quoted(kProbe) + " --from " + quoted(path("result.json")) +
                             " --plot " + quoted(path("plot.svg")));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("Test CPU"), std::string::npos);
  EXPECT_NE(r.output.find("plot: " + path("plot.svg")), std::string::npos);
  std::ifstream svg(path("plot.svg"));
  const std::string text((std::istreambuf_iterator<char>(svg)), std::istreambuf_iterator<char>());
  EXPECT_EQ(toolkit::testing::xml_balance_problem(text), "");
}

TEST_F(Cli, UnwritablePlotIsNamed) {
  write("result.json", testing::synthetic_result({1, 2}).dump());
  const std::string plot = path("no/such/dir/plot.svg");
  const auto r = run_command(quoted(kProbe) + " --from " + quoted(path("result.json")) +
                             " --plot " + quoted(plot));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("bspprobe: cannot write " + plot), std::string::npos) << r.output;
}

}  // namespace
}  // namespace bspprobe
