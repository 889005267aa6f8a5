#include "efficiency.hpp"

#include <cmath>
#include <stdexcept>

namespace bsproute {

double EfficiencyModel::packets_per_instruction() const {
  return data_fraction * (2 * load_fraction + (1 - load_fraction));
}

namespace {

// E = (1 + overhead / lambda)^-1: everything the network adds per instruction,
// in units of t_m.
double overhead(const EfficiencyModel& m, double nodes) {
  const double kappa = m.packets_per_instruction();
  const double log_n = std::log2(nodes);
  double o = kappa + log_n / m.L;
  if (m.node == NodeKind::dma) o += 0.5 * kappa * log_n * m.td_over_tm;
  return o;
}

}  // namespace

double efficiency(const EfficiencyModel& model, double nodes, double lambda) {
  return 1 / (1 + overhead(model, nodes) / lambda);
}

double lambda_for_efficiency(const EfficiencyModel& model, double nodes, double target) {
  if (!(target > 0 && target < 1))
    throw std::invalid_argument("an efficiency must lie strictly between 0 and 1");
  if (!(nodes >= 1)) throw std::invalid_argument("N must be at least 1");
  return overhead(model, nodes) / (1 / target - 1);
}

std::vector<EfficiencyCurve> efficiency_curves(const EfficiencyModel& model,
                                               const std::vector<double>& targets, int max_n) {
  if (max_n < 1 || max_n > 30) throw std::invalid_argument("the largest n must be in 1..30");
  std::vector<EfficiencyCurve> out;
  for (double e : targets) {
    EfficiencyCurve c;
    c.efficiency = e;
    for (int n = 1; n <= max_n; ++n) {
      const double nodes = std::ldexp(1.0, n);
      c.nodes.push_back(nodes);
      c.lambda.push_back(lambda_for_efficiency(model, nodes, e));
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace bsproute
