// The command line: good input parses, bad input names what is wrong.
#include "options.hpp"

#include <gtest/gtest.h>

namespace bsproute {
namespace {

ParsedOptions parse(std::vector<std::string> args) { return parse_options(args); }

TEST(Options, ParsesACommandAndItsOptions) {
  const ParsedOptions p = parse({"fit", "--ns", "2..4", "--hs=8,16", "--routing", "valiant",
                                 "--topology", "torus", "--runs", "3", "--seed", "9"});
  ASSERT_EQ(p.error, "");
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
      {{"run", "--runs"}, "--runs needs a value"},
      {{"run", "--service-rate", "-2"}, "--service-rate needs"},
  };
  for (const auto& [args, expected] : cases) {
    const ParsedOptions p = parse(args);
    EXPECT_NE(p.error.find(expected), std::string::npos) << p.error;
    EXPECT_NE(p.error.find("bsproute --help"), std::string::npos);
  }
}

TEST(Options, HelpNamesEveryCommand) {
  EXPECT_TRUE(parse({"--help"}).options.help);
  for (const char* word : {"run", "fit", "transputer", "efficiency", "--topology", "--routing"})
    EXPECT_NE(usage_text().find(word), std::string::npos) << word;
}

}  // namespace
}  // namespace bsproute
