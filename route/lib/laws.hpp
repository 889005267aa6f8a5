// Juurlink and Wijshoff's (1993) laws fitted to simulated runs over a grid of n and h:
// r(n,h) = a h + b n and d(n,h) = (c + e n) h, the forms of section 2.1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "campaign.hpp"
#include "least_squares.hpp"

namespace bsproute {

struct GridSpec {
  Scenario base;  // topology, routing, pattern and node model; n and h are set per point
  std::vector<int> ns;
  std::vector<int> hs;
  int runs = 5;
  std::uint64_t seed = 1;
};

// Mean over a point's runs.
struct GridPoint {
  int n = 0;
  int h = 0;
  Spread steps;
  Spread busiest_node;
  Spread max_queue;
  Spread link_utilisation;
};

struct LawFit {
  double steps_per_h = 0;     // a in r = a h + b n
  double steps_per_n = 0;     // b
  double busiest_per_h = 0;   // c in d = (c + e n) h
  double busiest_per_nh = 0;  // e
  toolkit::LinearFit steps_fit;
  toolkit::LinearFit busiest_fit;
};

struct GridResult {
  GridSpec spec;
  std::vector<GridPoint> points;
  LawFit laws;
};

// Fits the laws to the points' means. Throws std::invalid_argument when the
// points cannot determine the coefficients (fewer than two distinct n or h).
LawFit fit_laws(const std::vector<GridPoint>& points);

// Runs every (n, h) of the grid (point (n, h) seeded with
// Rng::derive(seed, n * 65536 + h)) and fits the laws.
GridResult run_grid(const GridSpec& spec);

}  // namespace bsproute
