// bsproute_bsp: `bsproute run` as a BSP program on Superstep (docs/bsproute.md).
// Every process simulates a block of the nodes, one superstep per routing
// step; process 0 prints the same report as `bsproute run`, and with --check
// runs the sequential simulator too and says whether the statistics are equal.
#include <bsp.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "bsp_simulate.hpp"
#include "campaign.hpp"
#include "options.hpp"
#include "report.hpp"

namespace {

const char* const kUsage =
    "Usage: bsproute_bsp [--procs P] [--check] [RUN OPTIONS]\n"
    "\n"
    "Runs `bsproute run` as a BSP program: P processes (default: bsp_nprocs()),\n"
    "each simulating a block of the nodes, one superstep per routing step.\n"
    "Prints the same report as `bsproute run` with the same options.\n"
    "\n"
    "  --procs P, -p P   BSP processes\n"
    "  --check           also run the sequential simulator and check that every\n"
    "                    run's statistics are equal (exit status 1 if not)\n"
    "\n"
    "RUN OPTIONS are those of `bsproute run` but --json and --svg (bsproute --help).\n";

struct BspOptions {
  bsproute::Options run;
  int procs = 0;  // 0: bsp_nprocs()
  bool check = false;
  bool help = false;
};

[[noreturn]] void bad_usage(const std::string& message) {
  std::fprintf(stderr, "bsproute_bsp: %s\n", message.c_str());
  std::exit(2);
}

BspOptions parse(const std::vector<std::string>& args) {
  BspOptions o;
  std::vector<std::string> rest{"run"};
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--check") {
      o.check = true;
    } else if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--procs" || a == "-p" || a.rfind("--procs=", 0) == 0) {
      std::string value = a.size() > 8 && a[7] == '=' ? a.substr(8) : "";
      if (value.empty()) {
        if (i + 1 == args.size()) bad_usage(a + " needs a value");
        value = args[++i];
      }
      char* end = nullptr;
      const long p = std::strtol(value.c_str(), &end, 10);
      if (*end != '\0' || p < 1 || p > 4096)
        bad_usage("--procs wants a number of processes from 1, got '" + value + "'");
      o.procs = static_cast<int>(p);
    } else {
      rest.push_back(a);
    }
  }
  if (o.help) return o;
  const bsproute::ParsedOptions parsed = bsproute::parse_options(rest);
  if (!parsed.error.empty()) bad_usage(parsed.error);
  o.run = parsed.options;
  if (!o.run.json.empty() || !o.run.svg.empty())
    bad_usage("--json and --svg are for bsproute; bsproute_bsp prints its report");
  return o;
}

bsproute::Scenario scenario_of(const bsproute::Options& o) {
  bsproute::Scenario s;
  s.topology = o.topology;
  s.n = o.n;
  s.h = o.h;
  s.routing = o.routing;
  s.pattern = o.pattern;
  s.model = o.model;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const BspOptions o = parse(std::vector<std::string>(argv + 1, argv + argc));
  if (o.help) {
    std::cout << kUsage;
    return 0;
  }
  const bsproute::Scenario scenario = scenario_of(o.run);
  const int runs = o.run.runs > 0 ? o.run.runs : 20;
  bsp_begin(o.procs > 0 ? o.procs : bsp_nprocs());
  bsproute::CampaignResult result;
  try {
    result = bsproute::run_campaign(scenario, runs, o.run.seed, bsproute::bsp_simulate);
  } catch (const std::exception& e) {
    bsp_abort("bsproute_bsp: %s\n", e.what());
  }
  const int pid = bsp_pid(), p = bsp_nprocs();
  bsp_end();
  if (pid != 0) return 0;
  std::cout << bsproute::run_report(result);
  if (!o.check) return 0;
  const bsproute::CampaignResult sequential = bsproute::run_campaign(scenario, runs, o.run.seed);
  const bool equal = sequential.runs == result.runs;
  std::cout << "\ncheck: " << runs << " runs at p = " << p
            << ", statistics equal the sequential run's: " << (equal ? "PASS" : "FAIL") << "\n";
  return equal ? 0 : 1;
}
