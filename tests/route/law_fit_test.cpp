// The routing laws fitted to a synthetic grid recover its coefficients.
#include <gtest/gtest.h>

#include <stdexcept>

#include "laws.hpp"
#include "rng.hpp"

namespace bsproute {
namespace {

GridPoint synthetic(int n, int h, double a, double b, double c, double e, double noise) {
  GridPoint p;
  p.n = n;
  p.h = h;
  p.steps.mean = a * h + b * n + noise;
  p.busiest_node.mean = (c + e * n) * h - noise;
  return p;
}

TEST(Laws, FitRecoversTheLawsFromSyntheticGrid) {
  std::vector<GridPoint> points;
  for (int n = 2; n <= 8; ++n)
    for (int h : {4, 16, 64}) points.push_back(synthetic(n, h, 1.3, 2.1, 0.8, 0.45, 0));
  const LawFit f = fit_laws(points);
  EXPECT_NEAR(f.steps_per_h, 1.3, 1e-9);
  EXPECT_NEAR(f.steps_per_n, 2.1, 1e-9);
  EXPECT_NEAR(f.busiest_per_h, 0.8, 1e-9);
  EXPECT_NEAR(f.busiest_per_nh, 0.45, 1e-9);
}

TEST(Laws, FitToleratesSmallZeroMeanNoise) {
  Rng rng(3);
  std::vector<GridPoint> points;
  for (int n = 2; n <= 8; ++n)
    for (int h : {8, 16, 32, 64}) {
      const double noise = (static_cast<double>(rng.below(2001)) - 1000) / 1000;  // +-1
      points.push_back(synthetic(n, h, 1.22, 1.6, 1.1, 0.7, noise));
    }
  const LawFit f = fit_laws(points);
  EXPECT_NEAR(f.steps_per_h, 1.22, 0.03);
  EXPECT_NEAR(f.steps_per_n, 1.6, 0.3);
  EXPECT_NEAR(f.busiest_per_h, 1.1, 0.03);
  EXPECT_NEAR(f.busiest_per_nh, 0.7, 0.01);
}

TEST(Laws, OneValueOfNCannotDetermineTheLaws) {
  std::vector<GridPoint> points{synthetic(3, 4, 1, 1, 1, 1, 0), synthetic(3, 8, 1, 1, 1, 1, 0)};
  EXPECT_THROW(fit_laws(points), std::invalid_argument);
}

}  // namespace
}  // namespace bsproute
