#include "laws.hpp"

#include <stdexcept>

namespace bsproute {

LawFit fit_laws(const std::vector<GridPoint>& points) {
  std::vector<std::vector<double>> steps_rows, busiest_rows;
  std::vector<double> steps, busiest;
  for (const GridPoint& p : points) {
    const double n = p.n, h = p.h;
    steps_rows.push_back({h, n});
    steps.push_back(p.steps.mean);
    busiest_rows.push_back({h, n * h});
    busiest.push_back(p.busiest_node.mean);
  }
  LawFit fit;
  try {
    fit.steps_fit = toolkit::fit_least_squares(steps_rows, steps);
    fit.busiest_fit = toolkit::fit_least_squares(busiest_rows, busiest);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument("the grid needs at least two values of n and of h to fit the laws");
  }
  fit.steps_per_h = fit.steps_fit.coefficients[0];
  fit.steps_per_n = fit.steps_fit.coefficients[1];
  fit.busiest_per_h = fit.busiest_fit.coefficients[0];
  fit.busiest_per_nh = fit.busiest_fit.coefficients[1];
  return fit;
}

GridResult run_grid(const GridSpec& spec) {
  GridResult result;
  result.spec = spec;
  for (int n : spec.ns)
    for (int h : spec.hs) {
      Scenario s = spec.base;
      s.n = n;
      s.h = h;
      const auto point_seed = static_cast<std::uint64_t>(n) * 65536 + static_cast<std::uint64_t>(h);
      const CampaignResult c = run_campaign(s, spec.runs, Rng::derive(spec.seed, point_seed));
      result.points.push_back({n, h, c.steps, c.busiest_node, c.max_queue, c.link_utilisation});
    }
  result.laws = fit_laws(result.points);
  return result;
}

}  // namespace bsproute
