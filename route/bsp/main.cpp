// bsproute_bsp: `bsproute run` as a BSP program on Superstep (docs/bsproute.md).
// Every process simulates a block of the nodes, one superstep per routing
// step; process 0 prints the same report as `bsproute run`, and with --check
// runs the sequential simulator too and says whether the statistics are equal.
#include <bsp.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <optional>
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
    "  -h, --help        print this text\n"
    "  -V, --version     print the version and exit\n"
    "\n"
    "RUN OPTIONS are those of `bsproute run` but --json (bsproute --help).\n";

struct BspOptions {
  bsproute::Options run;
  int procs = 0;  // 0: bsp_nprocs()
  bool check = false;
};

// bsproute's run options (bsproute::parse_options) and bsproute_bsp's own.
std::optional<toolkit::Stop> parse(const std::vector<std::string>& args, BspOptions& o) {
  std::vector<std::string> run_args{"run"};
  run_args.insert(run_args.end(), args.begin(), args.end());
  const auto more = [&o](CLI::App& app) {
    app.add_flag("--check", o.check);
    app.add_option_function<std::string>("-p,--procs", [&o](const std::string& value) {
      const std::optional<long long> p = toolkit::whole_number(value);
      if (!p || *p < 1 || *p > 4096)
        throw toolkit::UsageError("--procs wants a number of processes from 1 to 4096, got '" +
                                  value + "'");
      o.procs = static_cast<int>(*p);
    });
  };
  bsproute::ParsedOptions parsed = bsproute::parse_options(run_args, "bsproute_bsp", kUsage, more);
  if (parsed.stop) return parsed.stop;
  o.run = parsed.options;
  if (!o.run.json.empty())
    return toolkit::Stop{
        toolkit::kExitUsage,
        toolkit::usage_error_line("bsproute_bsp",
                                  "--json is for bsproute; bsproute_bsp prints its report") +
            "\n"};
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  BspOptions o;
  if (const auto stop = parse(std::vector<std::string>(argv + 1, argv + argc), o))
    return toolkit::finish(*stop);
  const bsproute::Scenario scenario = bsproute::scenario_of(o.run);
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
