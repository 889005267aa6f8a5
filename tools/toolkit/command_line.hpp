// The command-line conventions every tool and app of Superstep follows, on CLI11:
//
//   -h, --help      prints the tool's help text on stdout, exit status 0
//   -V, --version   prints "<tool> (Superstep) <version>" on stdout, exit status 0
//   a usage error   one line on stderr, "<tool>: <what is wrong>; see '<tool> --help'",
//                   exit status 2; an unknown option reads "unknown option '--x'", an
//                   option given no value "option '--x' needs a value"
//
// A tool describes its options on app() (values as strings, checked by the tool, which
// throws UsageError with what is wrong) and calls parse(). Nothing is printed while
// parsing: parse() returns what to print and the exit status, so that the tests can
// read it.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace toolkit {

inline constexpr int kExitUsage = 2;

// What is wrong with a command line, one line without the tool's name.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "<tool> (Superstep) <version>", the version being the project's.
std::string version_line(const std::string& tool);

// "<tool>: <what>; see '<tool> --help'"
std::string usage_error_line(const std::string& tool, const std::string& what);

// Parsing ended without a job to do: print text (ends in a newline) and exit.
struct Stop {
  int status = 0;    // 0 after --help or --version, kExitUsage after a usage error
  std::string text;  // for stdout when status is 0, else for stderr
};

// Prints stop.text where it belongs; returns stop.status.
int finish(const Stop& stop);

class CommandLine {
 public:
  // help: the text --help prints.
  CommandLine(std::string tool, std::string help);

  CLI::App& app() { return app_; }
  const std::string& tool() const { return tool_; }

  // Parses args (argv[1], argv[2], ...). nullopt: the tool goes on with what the options
  // stored. Arguments no option or positional takes are an error ("unknown option '--x'",
  // "unexpected argument 'x'"). Help and version win over errors in other options' values.
  std::optional<Stop> parse(const std::vector<std::string>& args);

  Stop usage_error(const std::string& what) const;

 private:
  std::string tool_;
  std::string help_;
  CLI::App app_;
  bool help_given_ = false;
  bool version_given_ = false;
};

// An option of a tool with commands (bspprof report, bsproute fit) that only some of them use.
struct CommandOption {
  const char* name;      // "--svg"
  const char* commands;  // the commands that use it, separated by spaces: "fit efficiency"
};

// Throws UsageError, "option '--svg' is for fit and efficiency, not run", when an option
// given on app's command line is not one command uses.
void refuse_other_commands_options(const CLI::App& app, const std::string& command,
                                   const std::vector<CommandOption>& options);

// Whole numbers and decimal numbers as option values: the whole text must be the number.
// They return nullopt for anything else; the tool says what it wanted.
std::optional<long long> whole_number(const std::string& text);
std::optional<double> decimal_number(const std::string& text);
// Digits alone (an optional '-', no spaces, no '+') of a number in [lo, hi], into value; false
// for anything else.
bool whole_number_in(const std::string& text, long lo, long hi, long& value);

}  // namespace toolkit
