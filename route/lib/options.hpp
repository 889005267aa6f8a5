// bsproute's command line: a command and its options.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "campaign.hpp"
#include "command_line.hpp"
#include "routing.hpp"
#include "simulator.hpp"
#include "workload.hpp"

namespace bsproute {

enum class Command { run, fit, transputer, efficiency };

struct Options {
  Command command = Command::run;
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
  std::optional<toolkit::Stop> stop;  // what to print and the exit status, instead of running
};

// Options a program adds beside bsproute's own (bsproute_bsp: --procs, --check).
using MoreOptions = std::function<void(CLI::App&)>;

// Parses argv[1..]: a command word (default run), then options as "--name value" or
// "--name=value". Every value is checked here (n >= 1, h >= 0, a known topology, routing
// and pattern, m > 0, ...), so the simulator only sees good input, and an option the
// command does not use is refused ("option '--svg' is for fit and efficiency, not run").
// tool and help name the program, more adds its own options.
ParsedOptions parse_options(const std::vector<std::string>& args,
                            const std::string& tool = "bsproute", const std::string& help = "",
                            const MoreOptions& more = {});

// The machine and traffic that run simulates.
Scenario scenario_of(const Options& o);

// The --help text, laid out to be turned into a manual page.
std::string usage_text();

}  // namespace bsproute
