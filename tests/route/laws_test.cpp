// Juurlink and Wijshoff's (1993) laws from our simulation: r(n,h) = a h + b n and
// d(n,h) = (c + e n) h fitted over a grid of n and h, compared with the
// paper's 1.22h + 1.6n and (1.1 + 0.7n)h.
//
// Tolerance: each coefficient within 25% of the paper's. Why that wide: the
// paper gives neither its simulator's step rules nor how it drew its
// "random h-relations", and our model (each node sends and receives exactly
// h, one packet per link per step, application nodes on one link each way)
// lands consistently below the paper's constants: about 1.0h + 1.4n and
// (0.9 + 0.57n)h, i.e. 10-20% lower (docs/bsproute.md discusses why). The
// laws' form is what the paper claims and what must hold: both fits explain
// over 99% of the variance, and r grows as h, not as h log N. A change that
// breaks the router (lost packets, hot spots, a wrong step count) moves the
// coefficients far beyond 25%.
#include "laws.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "paper.hpp"

namespace bsproute {
namespace {

constexpr double kTolerance = 0.25;

void expect_near_paper(const GridResult& g) {
  const LawFit& f = g.laws;
  auto within = [](double got, double paper) {
    return std::fabs(got - paper) <= kTolerance * paper;
  };
  EXPECT_TRUE(within(f.steps_per_h, paper::kStepsPerH)) << f.steps_per_h;
  EXPECT_TRUE(within(f.steps_per_n, paper::kStepsPerN)) << f.steps_per_n;
  EXPECT_TRUE(within(f.busiest_per_h, paper::kBusiestPerH)) << f.busiest_per_h;
  EXPECT_TRUE(within(f.busiest_per_nh, paper::kBusiestPerNH)) << f.busiest_per_nh;
  EXPECT_GT(f.steps_fit.r2, 0.99);
  EXPECT_GT(f.busiest_fit.r2, 0.99);
}

TEST(Laws, SmallGridIsWithinToleranceOfThePaper) {
  GridSpec spec;  // the paper's router, random h-relations, application nodes
  spec.ns = {2, 3, 4, 5, 6};
  spec.hs = {8, 16, 32, 64};
  spec.runs = 4;
  spec.seed = 2024;
  expect_near_paper(run_grid(spec));
}

TEST(SlowLaws, DISABLED_BigGridIsWithinToleranceOfThePaper) {
  GridSpec spec;
  spec.ns = {2, 3, 4, 5, 6, 7, 8, 9, 10};
  spec.hs = {8, 16, 32, 64, 128, 256};
  spec.runs = 20;
  spec.seed = 1;
  expect_near_paper(run_grid(spec));
}

}  // namespace
}  // namespace bsproute
