// Juurlink and Wijshoff (1993), section 3: how fast the network must be, relative to the
// processor, to keep a BSP computer's efficiency E as N grows.
//
// A superstep of L instructions sends an h = kappa L relation, kappa = 0.32 *
// (2 * 0.75 + 0.25) = 0.56 (loads send two packets, stores one). Charging
// (h + log N) t_m + (1/2) h log N t_d for it (DMA nodes):
//   E = (1 + kappa/lambda + (kappa/2) log N (t_d/t_m)/lambda + log N/(lambda L))^-1
// and with a log N x log N crossbar in each node the t_d term goes:
//   E = (1 + kappa/lambda + log N/(lambda L))^-1,
// where lambda = C/t_m (C: average instruction time, t_m: packet time).
#pragma once

#include <vector>

namespace bsproute {

enum class NodeKind { dma, crossbar };

struct EfficiencyModel {
  NodeKind node = NodeKind::dma;
  double L = 20;          // instructions per superstep
  double td_over_tm = 1;  // t_d / t_m
  double data_fraction = 0.32;
  double load_fraction = 0.75;
  double packets_per_instruction() const;  // kappa
};

// E for a machine of N nodes at lambda = C/t_m.
double efficiency(const EfficiencyModel& model, double nodes, double lambda);

// The lambda = C/t_m at which the efficiency is exactly E (0 < E < 1).
// Throws std::invalid_argument otherwise.
double lambda_for_efficiency(const EfficiencyModel& model, double nodes, double target);

// One curve of Figure 4 or 5: lambda against N for one E.
struct EfficiencyCurve {
  double efficiency = 0;
  std::vector<double> nodes;
  std::vector<double> lambda;
};

// N = 2, 4, ... 2^max_n for each E.
std::vector<EfficiencyCurve> efficiency_curves(const EfficiencyModel& model,
                                               const std::vector<double>& targets, int max_n);

}  // namespace bsproute
