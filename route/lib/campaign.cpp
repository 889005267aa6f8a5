#include "campaign.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bsproute {

Spread spread_of(std::span<const double> values) {
  Spread s;
  if (values.empty()) return s;
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / static_cast<double>(values.size());
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  if (values.size() > 1) s.stddev = std::sqrt(squares / static_cast<double>(values.size() - 1));
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  s.min = *lo;
  s.max = *hi;
  return s;
}

namespace {

template <typename Field>
Spread spread_over(const std::vector<RunStats>& runs, Field field) {
  std::vector<double> values;
  values.reserve(runs.size());
  for (const RunStats& r : runs) values.push_back(static_cast<double>(field(r)));
  return spread_of(values);
}

}  // namespace

CampaignResult run_campaign(const Scenario& scenario, int runs, std::uint64_t seed) {
  return run_campaign(scenario, runs, seed, simulate);
}

CampaignResult run_campaign(const Scenario& scenario, int runs, std::uint64_t seed,
                            const Simulator& simulator) {
  if (runs < 1) throw std::invalid_argument("runs must be at least 1, got " + std::to_string(runs));
  const auto topology = make_topology(scenario.topology, scenario.n);
  CampaignResult result;
  result.scenario = scenario;
  result.seed = seed;
  for (int i = 0; i < runs; ++i) {
    const std::uint64_t run_seed = Rng::derive(seed, static_cast<std::uint64_t>(i));
    // Stream 0 of the run's seed draws the traffic, the routers use their own streams.
    Rng traffic(Rng::derive(run_seed, ~std::uint64_t{0}));
    const Workload workload = make_workload(scenario.pattern, scenario.n, scenario.h, traffic);
    result.runs.push_back(
        simulator(*topology, scenario.routing, scenario.model, workload, run_seed));
  }
  const auto& r = result.runs;
  result.steps = spread_over(r, [](const RunStats& s) { return s.steps; });
  result.busiest_node = spread_over(r, [](const RunStats& s) { return s.busiest_node; });
  result.max_queue = spread_over(r, [](const RunStats& s) { return s.max_queue; });
  result.link_utilisation = spread_over(r, [](const RunStats& s) { return s.link_utilisation; });
  result.mean_hops = spread_over(r, [](const RunStats& s) { return s.mean_hops; });
  return result;
}

}  // namespace bsproute
