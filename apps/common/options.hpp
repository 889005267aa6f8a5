// Command-line options shared by the apps: size, processes, seed, iterations, a bspprobe
// result for predictions, plus a few options of the app's own. --help prints the usage; a bad
// argument prints one line ("app: what is wrong; see 'app --help'") and exits with status 2
// (tools/toolkit/command_line.hpp).
#pragma once

#include <string>
#include <vector>

namespace apps {

// An option of the app's own, a number: --name VALUE.
struct ExtraOption {
  std::string name;
  std::string help;
  double value;  // the default, replaced by what the command line says
};

// An option of the app's own that names one of a few choices: --name CHOICE.
struct ChoiceOption {
  std::string name;
  std::string help;
  std::vector<std::string> choices;
  std::string value;  // the default, replaced by what the command line says
};

struct AppInfo {
  std::string name;       // program name, used in messages
  std::string summary;    // one line: what it computes and how
  std::string size_help;  // what -n means for this app
  long long default_n;
  int default_iterations;
  std::vector<ExtraOption> extras;
  std::string notes;  // extra paragraphs for --help (constraints, checks)
  std::vector<ChoiceOption> choices = {};
  // The input is fixed by the app (the NAS benchmarks' classes): no -n and no --seed.
  bool fixed_input = false;
};

struct Options {
  long long n = 0;
  int p = 0;  // processes; 0 until parsed: the default is bsp_nprocs()
  unsigned long long seed = 1;
  int iterations = 1;
  std::string params;  // bspprobe JSON for predictions, or empty
  std::vector<ExtraOption> extras;
  std::vector<ChoiceOption> choices;

  double extra(const std::string& name) const;
  const std::string& choice(const std::string& name) const;
};

// Parses argv. Exits 0 after --help, 2 after a bad argument.
Options parse_options(const AppInfo& app, int argc, char** argv);

// One line "app: message" on stderr, exit status 2. For the checks only the app can make
// (n not a power of two, p too large for n).
[[noreturn]] void bad_argument(const AppInfo& app, const std::string& message);

bool is_power_of_two(long long x);

}  // namespace apps
