// bspprobe's command line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"

namespace bspprobe {

struct Options {
  bool quick = false;
  std::vector<int> procs;  // numbers of processes to measure, ascending, no repeats
  long max_words = 0;      // largest h-relation, in 32-bit words
  std::string output = "bspprobe.json";
  std::string plot = "bspprobe.svg";
  std::string machine;  // empty: describe this host
  std::string from;     // non-empty: re-render this result file, measure nothing
  bool progress = true;
  bool save = false;  // --save: the output is this user's saved parameters
  int tries = 1;      // measurements at most while other programs keep the processors busy
  int measure_p = 0;  // internal: this process measures at p and prints raw JSON
};

// What parsing found: options, or what to print before exiting (--help, --version, or
// one line saying what is wrong, command_line.hpp).
struct ParsedOptions {
  Options options;
  std::optional<toolkit::Stop> stop;  // empty when there is a probe to run
};

// Parses argv[1..]. available_procs is what bsp_nprocs() reports before
// bsp_begin; it sets the default largest p (at most 4 with --quick).
ParsedOptions parse_options(const std::vector<std::string>& args, int available_procs);

// 1, 2, 4, ... up to max_p, and max_p itself.
std::vector<int> powers_of_two_up_to(int max_p);

std::string usage_text();

constexpr long kDefaultMaxWords = 1L << 22;
constexpr long kQuickMaxWords = 1L << 20;
constexpr long kMinMaxWords = 64;
constexpr int kMaxProcs = 1024;
constexpr int kMaxTries = 10;
// --save measures these, as the build does: a run of up to 8 processes finds its own p.
inline const std::vector<int> kSavedProcs = {1, 2, 4, 8};

}  // namespace bspprobe
