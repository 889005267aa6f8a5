// The transputer experiment of Juurlink and Wijshoff (1993), sections 2.2-2.3, simulated.
//
// Application nodes hang off a shadow hypercube of router nodes (external
// links on). A routing step lasts one packet transmission time t_m = m / B;
// a router makes one routing decision per t_d, so its service rate is
// t_m / t_d decisions per step. The simulated completion time of a random
// h-relation is steps * t_m; a straight line T = a h + b through it over a
// range of h is set beside the paper's prediction and measured fit.
#pragma once

#include <cstdint>
#include <vector>

#include "least_squares.hpp"
#include "routing.hpp"

namespace bsproute {

struct TransputerSpec {
  std::vector<int> ns{2, 3};
  std::vector<int> packet_bytes{8, 16, 32, 64};
  std::vector<int> hs{10, 20, 40, 60, 80, 100};
  double bytes_per_microsecond = 0.625;  // B
  double routing_delay_us = 14.5;        // t_d
  Routing routing = Routing::paper;
  int runs = 20;  // the paper averages twenty repetitions
  std::uint64_t seed = 1;
};

struct TransputerCase {
  int n = 0;
  int m = 0;
  std::vector<double> h;
  std::vector<double> microseconds;  // mean simulated completion time per h
  double a = 0;                      // fitted T = a h + b, microseconds
  double b = 0;
  double r2 = 0;
};

// The paper's T(n,m,h) = (1.22h + 1.6n) m/B + (1.1 + 0.7n) h t_d as a + b h.
struct TimeLine {
  double a = 0;
  double b = 0;
  double at(double h) const { return a * h + b; }
};
TimeLine paper_prediction(int n, double m, double bytes_per_microsecond, double routing_delay_us);

// The same cost with other constants in r(n,h) = a h + b n and
// d(n,h) = (c + e n) h, as `bsproute fit` prints them.
struct RoutingLaws {
  double steps_per_h = 1.22;    // a
  double steps_per_n = 1.6;     // b
  double busiest_per_h = 1.1;   // c
  double busiest_per_nh = 0.7;  // e
};
TimeLine law_prediction(const RoutingLaws& laws, int n, double m, double bytes_per_microsecond,
                        double routing_delay_us);

// Effective transfer rate on an external link, Juurlink and Wijshoff (1993): rho = m h / T, in
// bytes per second for T in microseconds.
double effective_rate(double m, double h, double microseconds);

// Throws std::invalid_argument on an empty or bad spec (B, t_d, m <= 0).
std::vector<TransputerCase> run_transputer(const TransputerSpec& spec);

}  // namespace bsproute
