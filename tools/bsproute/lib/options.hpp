// bsproute's command line: a command and its options.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "routing.hpp"
#include "simulator.hpp"
#include "workload.hpp"

namespace bsproute {

enum class Command { run, fit, transputer, efficiency };

struct Options {
  Command command = Command::run;
  bool help = false;
  std::string topology = "hypercube";
  int n = 4;
  int h = 8;
  std::vector<int> ns;  // fit: defaults to 2..7
  std::vector<int> hs;  // fit, transputer: defaults chosen per command
  std::vector<int> ms;  // transputer: packet sizes in bytes; default 8,16,32,64
  Routing routing = Routing::paper;
  Pattern pattern = Pattern::random;
  NodeModel model;
  int runs = 0;  // 0: the command's default
  std::uint64_t seed = 1;
  double L = 20;
  double td_over_tm = 1;
  int max_n = 10;
  std::string json;  // empty: no JSON file
  std::string svg;   // empty: no SVG file
};

struct ParsedOptions {
  Options options;
  std::string error;  // one line for the user; empty when the command line is good
};

// Parses argv[1..]: a command word, then options as "--name value" or
// "--name=value". Every value is checked here (n >= 1, h >= 0, a known
// topology, routing and pattern, m > 0, ...), so the simulator only sees good
// input.
ParsedOptions parse_options(const std::vector<std::string>& args);

// The --help text, laid out to be turned into a manual page.
std::string usage_text();

}  // namespace bsproute
