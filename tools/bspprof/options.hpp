// bspprof's command line: a command (report, compare, predict), its files and the options
// that command uses; an option another command uses is refused.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "machine_prediction.hpp"
#include "models.hpp"

namespace bspprof {

struct Options {
  std::string command;  // report, compare or predict
  std::vector<std::string> files;
  std::string params, html;
  std::optional<double> g, l, L;
  std::optional<HOperator> op;
  bool json = false;
  std::size_t max_rows = 60;
  Machine machine;  // predict's
  bool machine_given = false;  // predict: an option of the machine was given
};

struct ParsedOptions {
  Options options;
  std::optional<toolkit::Stop> stop;  // what to print and the exit status, instead of running
};

// Parses argv[1..].
ParsedOptions parse_options(const std::vector<std::string>& args);

// The --help text.
std::string usage_text();

}  // namespace bspprof
