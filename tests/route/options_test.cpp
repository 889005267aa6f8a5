// The command line: good input parses, bad input names what is wrong.
#include "options.hpp"

#include <gtest/gtest.h>

namespace bsproute {
namespace {

ParsedOptions parse(std::vector<std::string> args) { return parse_options(args); }

TEST(Options, ParsesACommandAndItsOptions) {
  const ParsedOptions p = parse({"fit", "--ns", "2..4", "--hs=8,16", "--routing", "valiant",
                                 "--topology", "torus", "--runs", "3", "--seed", "9"});
  ASSERT_FALSE(p.stop) << p.stop->text;
  EXPECT_EQ(p.options.command, Command::fit);
  EXPECT_EQ(p.options.ns, (std::vector<int>{2, 3, 4}));
  EXPECT_EQ(p.options.hs, (std::vector<int>{8, 16}));
  EXPECT_EQ(p.options.routing, Routing::valiant);
  EXPECT_EQ(p.options.topology, "torus");
  EXPECT_EQ(p.options.runs, 3);
  EXPECT_EQ(p.options.seed, 9u);
}

TEST(Options, BadInputGivesOneClearLine) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"run", "--n", "0"}, "--n needs"},
      {{"run", "--h", "-1"}, "--h needs"},
      {{"run", "--topology", "ring"}, "unknown topology 'ring'"},
      {{"run", "--routing", "greedy"}, "unknown routing 'greedy'"},
      {{"run", "--pattern", "hot"}, "unknown pattern 'hot'"},
      {{"transputer", "--m", "0"}, "--m needs"},
      {{"run", "--topology", "torus", "--n", "1"}, "torus needs 2 <= n"},
      {{"run", "--n", "3", "--pattern", "transpose"}, "even n"},
      {{"route"}, "unknown command 'route'"},
      {{"run", "--frob"}, "unknown option '--frob'"},
      {{"run", "--runs"}, "option '--runs' needs a value"},
      {{"run", "--svg", "x.svg"}, "option '--svg' is for fit and efficiency, not run"},
      {{"transputer", "--pattern", "uniform"}, "option '--pattern' is for run and fit"},
      {{"efficiency", "--n", "3"}, "option '--n' is for run, not efficiency"},
      {{"fit", "--max-n", "3"}, "option '--max-n' is for efficiency, not fit"},
      {{"run", "extra"}, "unexpected argument 'extra'"},
      {{"run", "--service-rate", "-2"}, "--service-rate needs"},
  };
  for (const auto& [args, expected] : cases) {
    const ParsedOptions p = parse(args);
    ASSERT_TRUE(p.stop) << expected;
    EXPECT_EQ(p.stop->status, 2) << expected;
    EXPECT_NE(p.stop->text.find(expected), std::string::npos) << p.stop->text;
    EXPECT_NE(p.stop->text.find("; see 'bsproute --help'"), std::string::npos);
  }
}

TEST(Options, EachCommandTakesItsOwnOptions) {
  EXPECT_FALSE(parse({"efficiency", "--L", "30", "--svg", "e.svg", "--json", "e.json"}).stop);
  EXPECT_FALSE(parse({"transputer", "--hs", "10,20", "--m", "8", "--routing", "valiant"}).stop);
  const ParsedOptions p = parse({"--n", "5", "--h", "2"});  // run is the default command
  ASSERT_FALSE(p.stop) << p.stop->text;
  EXPECT_EQ(p.options.command, Command::run);
  EXPECT_EQ(p.options.n, 5);
}

TEST(Options, HelpNamesEveryCommand) {
  for (const char* help : {"--help", "-h", "help"}) {
    const ParsedOptions p = parse({help});
    ASSERT_TRUE(p.stop) << help;
    EXPECT_EQ(p.stop->status, 0);
    EXPECT_EQ(p.stop->text, usage_text());
  }
  for (const char* word : {"run", "fit", "transputer", "efficiency", "--topology", "--routing"})
    EXPECT_NE(usage_text().find(word), std::string::npos) << word;
}

}  // namespace
}  // namespace bsproute
