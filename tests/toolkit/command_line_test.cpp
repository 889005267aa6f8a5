// The shared command-line layer: help and version, the one wording of a usage error, the
// exit statuses, and CLI11's habits kept from the tools (the next argument taken as the value
// of "--name=", "--flag=value" accepted, a repeated option refused).
#include "command_line.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace toolkit {
namespace {

struct Tool {
  CommandLine line{"tool", "usage: tool [options]\n"};
  std::string name = "default";
  bool flag = false;
  long long count = 0;
  std::vector<std::string> files;

  Tool() {
    line.app().add_option("--name", name);
    line.app().add_flag("--flag", flag);
    line.app().add_option_function<std::string>("-c,--count", [this](const std::string& v) {
      const std::optional<long long> n = whole_number(v);
      if (!n || *n < 1) throw UsageError("--count needs a whole number from 1, not '" + v + "'");
      count = *n;
    });
  }
  std::optional<Stop> parse(const std::vector<std::string>& args) { return line.parse(args); }
};

void expect_usage_error(const std::vector<std::string>& args, const std::string& what) {
  Tool tool;
  const std::optional<Stop> stop = tool.parse(args);
  ASSERT_TRUE(stop) << what;
  EXPECT_EQ(stop->status, kExitUsage) << what;
  EXPECT_EQ(stop->text, "tool: " + what + "; see 'tool --help'\n");
}

TEST(CommandLine, GoodArgumentsLeaveNothingToPrint) {
  Tool tool;
  EXPECT_FALSE(tool.parse({"--name", "a", "--flag", "-c", "3"}));
  EXPECT_EQ(tool.name, "a");
  EXPECT_TRUE(tool.flag);
  EXPECT_EQ(tool.count, 3);
}

TEST(CommandLine, ValuesAttachedAndEmpty) {
  Tool tool;
  EXPECT_FALSE(tool.parse({"--name=", "--count=4"}));
  EXPECT_EQ(tool.name, "");
  EXPECT_EQ(tool.count, 4);
  Tool short_attached;
  EXPECT_FALSE(short_attached.parse({"-c7"}));
  EXPECT_EQ(short_attached.count, 7);
}

TEST(CommandLine, TheLastOfARepeatedOptionCounts) {
  Tool tool;
  EXPECT_FALSE(tool.parse({"--count", "2", "--count", "5"}));
  EXPECT_EQ(tool.count, 5);
}

TEST(CommandLine, HelpAndVersionExitZeroAndWinOverErrors) {
  for (const char* help : {"--help", "-h"}) {
    Tool tool;
    const std::optional<Stop> stop = tool.parse({"--count", "x", help});
    ASSERT_TRUE(stop);
    EXPECT_EQ(stop->status, 0);
    EXPECT_EQ(stop->text, "usage: tool [options]\n");
  }
  for (const char* version : {"--version", "-V"}) {
    Tool tool;
    const std::optional<Stop> stop = tool.parse({version});
    ASSERT_TRUE(stop);
    EXPECT_EQ(stop->status, 0);
    EXPECT_EQ(stop->text, version_line("tool") + "\n");
    EXPECT_EQ(stop->text.rfind("tool (Superstep) ", 0), 0u);
  }
}

TEST(CommandLine, UsageErrorsInOneWording) {
  expect_usage_error({"--bogus"}, "unknown option '--bogus'");
  expect_usage_error({"--bogus=3", "--flag"}, "unknown option '--bogus'");
  expect_usage_error({"-x"}, "unknown option '-x'");
  expect_usage_error({"stray"}, "unexpected argument 'stray'");
  expect_usage_error({"--flag", "--name"}, "option '--name' needs a value");
  expect_usage_error({"-c"}, "option '-c' needs a value");
  expect_usage_error({"--flag=yes"}, "option '--flag' takes no value");
  expect_usage_error({"--count", "0"}, "--count needs a whole number from 1, not '0'");
}

TEST(CommandLine, OptionsOfOtherCommandsAreRefused) {
  Tool tool;
  ASSERT_FALSE(tool.parse({"--name", "x", "--flag"}));
  const std::vector<CommandOption> uses = {
      {"--name", "fit efficiency"}, {"--flag", "run fit transputer"}, {"--count", "run"}};
  EXPECT_NO_THROW(refuse_other_commands_options(tool.line.app(), "fit", uses));
  try {
    refuse_other_commands_options(tool.line.app(), "run", uses);
    ADD_FAILURE() << "--name is not run's";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "option '--name' is for fit and efficiency, not run");
  }
  try {
    refuse_other_commands_options(tool.line.app(), "efficiency", uses);
    ADD_FAILURE() << "--flag is not efficiency's";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "option '--flag' is for run, fit and transputer, not efficiency");
  }
}

TEST(CommandLine, FinishReturnsTheStatus) {
  EXPECT_EQ(finish(Stop{kExitUsage, ""}), 2);
  EXPECT_EQ(finish(Stop{0, ""}), 0);
}

TEST(CommandLine, Numbers) {
  EXPECT_EQ(whole_number("42"), 42);
  EXPECT_EQ(whole_number("-3"), -3);
  EXPECT_FALSE(whole_number("4x"));
  EXPECT_FALSE(whole_number(""));
  EXPECT_FALSE(whole_number("99999999999999999999"));
  EXPECT_EQ(decimal_number("2.5e-3"), 2.5e-3);
  EXPECT_FALSE(decimal_number("1.5s"));
  EXPECT_FALSE(decimal_number("inf"));
  EXPECT_FALSE(decimal_number("nan"));
}

}  // namespace
}  // namespace toolkit
