// Repeated seeded runs of one configuration, and their means and spreads.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "simulator.hpp"

namespace bsproute {

// One machine and one kind of traffic.
struct Scenario {
  std::string topology = "hypercube";
  int n = 3;
  int h = 1;
  Routing routing = Routing::paper;
  Pattern pattern = Pattern::random;
  NodeModel model;
};

// Mean, sample standard deviation and range of a sample.
struct Spread {
  double mean = 0;
  double stddev = 0;  // 0 for fewer than two values
  double min = 0;
  double max = 0;
};
Spread spread_of(std::span<const double> values);

struct CampaignResult {
  Scenario scenario;
  std::uint64_t seed = 0;
  std::vector<RunStats> runs;
  Spread steps, busiest_node, max_queue, link_utilisation, mean_hops;
};

// Run i uses the run seed Rng::derive(seed, i): its traffic comes from the
// run seed's stream ~0, node v's routing choices from stream v, so the same
// seed gives the same result. Throws std::invalid_argument on a bad scenario or runs < 1.
CampaignResult run_campaign(const Scenario& scenario, int runs, std::uint64_t seed);

// The same with another implementation of simulate() (the BSP program's).
using Simulator = std::function<RunStats(const Topology&, Routing, const NodeModel&,
                                         const Workload&, std::uint64_t)>;
CampaignResult run_campaign(const Scenario& scenario, int runs, std::uint64_t seed,
                            const Simulator& simulator);

}  // namespace bsproute
