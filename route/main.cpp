// bsproute: the router simulator of Juurlink and Wijshoff, "Experiences with a model for parallel
// computation" (1993), as a command. Everything it computes lives in the library (lib/); this file
// reads the command line, runs one command and writes its outputs.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "efficiency.hpp"
#include "options.hpp"
#include "report.hpp"
#include "route_json.hpp"
#include "route_plot.hpp"

namespace bsproute {
namespace {

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out << text;
  if (!out || !out.flush())
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

// svg: the command's plot; the commands that draw none refuse --svg (options.hpp).
void write_outputs(const Options& o, const Json& json, const std::string& svg) {
  if (!o.json.empty()) write_file(o.json, json.dump(2) + "\n");
  if (!o.svg.empty()) write_file(o.svg, svg);
}

int run_command(const Options& o) {
  switch (o.command) {
    case Command::run: {
      const CampaignResult r = run_campaign(scenario_of(o), o.runs > 0 ? o.runs : 20, o.seed);
      std::cout << run_report(r);
      write_outputs(o, run_json(r), "");
      return 0;
    }
    case Command::fit: {
      GridSpec spec;
      spec.base = scenario_of(o);
      spec.ns = o.ns.empty() ? std::vector<int>{2, 3, 4, 5, 6, 7} : o.ns;
      spec.hs = o.hs.empty() ? std::vector<int>{8, 16, 32, 64} : o.hs;
      spec.runs = o.runs > 0 ? o.runs : 10;
      spec.seed = o.seed;
      const GridResult g = run_grid(spec);
      std::cout << grid_report(g);
      write_outputs(o, grid_json(g), grid_svg(g));
      return 0;
    }
    case Command::transputer: {
      TransputerSpec spec;
      if (!o.hs.empty()) spec.hs = o.hs;
      if (!o.ms.empty()) spec.packet_bytes = o.ms;
      spec.routing = o.routing;
      spec.runs = o.runs > 0 ? o.runs : 20;
      spec.seed = o.seed;
      const auto cases = run_transputer(spec);
      std::cout << transputer_report(cases, spec.bytes_per_microsecond, spec.routing_delay_us);
      write_outputs(o, transputer_json(cases), "");
      return 0;
    }
    case Command::efficiency: {
      EfficiencyModel dma;
      dma.L = o.L;
      dma.td_over_tm = o.td_over_tm;
      EfficiencyModel crossbar = dma;
      crossbar.node = NodeKind::crossbar;
      const std::vector<double> targets{0.2, 0.4, 0.6, 0.8};
      const auto dma_curves = efficiency_curves(dma, targets, o.max_n);
      const auto crossbar_curves = efficiency_curves(crossbar, targets, o.max_n);
      std::cout << efficiency_report(dma_curves, crossbar_curves, dma);
      write_outputs(o, efficiency_json(dma_curves, crossbar_curves, dma),
                    efficiency_svg(dma_curves, crossbar_curves));
      return 0;
    }
  }
  return 1;
}

}  // namespace
}  // namespace bsproute

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const bsproute::ParsedOptions parsed = bsproute::parse_options(args);
  if (parsed.stop) return toolkit::finish(*parsed.stop);
  try {
    return bsproute::run_command(parsed.options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bsproute: %s\n", e.what());
    return 1;
  }
}
