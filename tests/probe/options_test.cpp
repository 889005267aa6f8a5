// bspprobe's command line: defaults and the messages for bad arguments.
#include "options.hpp"

#include <gtest/gtest.h>

namespace bspprobe {
namespace {

ParsedOptions parse(std::vector<std::string> args, int available = 2) {
  return parse_options(args, available);
}

TEST(Options, DefaultsMeasurePowersOfTwoUpToTheProcessors) {
  const ParsedOptions r = parse({}, 6);
  ASSERT_FALSE(r.stop) << r.stop->text;
  EXPECT_EQ(r.options.procs, (std::vector<int>{1, 2, 4, 6}));
  EXPECT_EQ(r.options.max_words, kDefaultMaxWords);
  EXPECT_FALSE(r.options.quick);
  EXPECT_EQ(r.options.output, "bspprobe.json");
  EXPECT_EQ(r.options.plot, "bspprobe.svg");
}

TEST(Options, QuickCapsDefaultProcessesAtFour) {
  EXPECT_EQ(parse({"--quick"}, 16).options.procs, (std::vector<int>{1, 2, 4}));
  EXPECT_EQ(parse({"--quick"}, 2).options.procs, (std::vector<int>{1, 2}));
  EXPECT_EQ(parse({"--quick"}).options.max_words, kQuickMaxWords);
  EXPECT_EQ(parse({"--quick", "--max-p", "8"}).options.procs, (std::vector<int>{1, 2, 4, 8}));
}

TEST(Options, ProcsListIsSortedWithoutRepeats) {
  const ParsedOptions r = parse({"--procs=8,1,2,2"});
  ASSERT_FALSE(r.stop) << r.stop->text;
  EXPECT_EQ(r.options.procs, (std::vector<int>{1, 2, 8}));
}

TEST(Options, ValuesBothWays) {
  const ParsedOptions r =
      parse({"--output", "a.json", "--plot=", "--machine=box", "--quiet", "--max-words", "4096"});
  ASSERT_FALSE(r.stop) << r.stop->text;
  EXPECT_EQ(r.options.output, "a.json");
  EXPECT_EQ(r.options.plot, "");
  EXPECT_EQ(r.options.machine, "box");
  EXPECT_FALSE(r.options.progress);
  EXPECT_EQ(r.options.max_words, 4096);
}

TEST(Options, EmptyValueWithEquals) {
  const ParsedOptions r = parse({"--plot=", "--output=b.json"});
  ASSERT_FALSE(r.stop) << r.stop->text;
  EXPECT_EQ(r.options.plot, "");
  EXPECT_EQ(r.options.output, "b.json");
}

TEST(Options, PowersOfTwo) {
  EXPECT_EQ(powers_of_two_up_to(1), (std::vector<int>{1}));
  EXPECT_EQ(powers_of_two_up_to(8), (std::vector<int>{1, 2, 4, 8}));
  EXPECT_EQ(powers_of_two_up_to(12), (std::vector<int>{1, 2, 4, 8, 12}));
}

TEST(Options, BadArgumentsSayWhatIsWrong) {
  struct Case {
    std::vector<std::string> args;
    const char* expected;
  };
  const std::vector<Case> cases = {
      {{"--bogus"}, "unknown option '--bogus'"},
      {{"--max-p"}, "option '--max-p' needs a value"},
      {{"--max-p", "abc"}, "--max-p needs a whole number between 1 and 1024, got 'abc'"},
      {{"--max-p", "0"}, "got '0'"},
      {{"--procs", "1,,2"}, "--procs needs a comma-separated list"},
      {{"--procs", "2", "--max-p", "4"}, "either --procs or --max-p"},
      {{"--max-words", "10"}, "--max-words needs a whole number of 32-bit words between 64"},
      {{"--output="}, "--output needs a non-empty value"},
      {{"--quick=yes"}, "option '--quick' takes no value"},
  };
  for (const Case& c : cases) {
    const ParsedOptions r = parse(c.args);
    ASSERT_TRUE(r.stop) << c.args[0];
    EXPECT_EQ(r.stop->status, 2) << c.args[0];
    EXPECT_NE(r.stop->text.find(c.expected), std::string::npos) << c.args[0] << ": " << r.stop->text;
    EXPECT_NE(r.stop->text.find("; see 'bspprobe --help'"), std::string::npos) << r.stop->text;
  }
}

}  // namespace
}  // namespace bspprobe
