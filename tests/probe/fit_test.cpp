// Formula 11 of Roda et al. recovers the common line of several patterns's timings.
#include "fit.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace bspprobe {
namespace {

PatternCurve curve(const std::string& pattern, int p, double g, double l,
                   const std::vector<double>& h) {
  PatternCurve c{pattern, p, h, {}};
  for (double x : h) c.t.push_back(g * x + l);
  return c;
}

TEST(Formula11, RecoversCommonLineDespiteDifferentRoundingOfH) {
  // Every curve lies on the same line, but whole-word message sizes make the
  // realised h differ a little between patterns.
  const double g = 2e-9, l = 1e-5;
  const std::vector<PatternCurve> curves = {
      curve("E", 2, g, l, {1000, 4000, 16000}), curve("PP", 2, g, l, {1000, 4000, 16000}),
      curve("E", 4, g, l, {1000, 4000, 16000}), curve("OA", 4, g, l, {999, 3999, 15999}),
      curve("AO", 8, g, l, {994, 3997, 15995}), curve("AA", 8, g, l, {994, 3990, 15988}),
  };
  const AveragedFit fit = fit_formula11(curves);
  EXPECT_NEAR(fit.line.slope, g, g * 1e-9);
  EXPECT_NEAR(fit.line.intercept, l, l * 1e-6);
  EXPECT_NEAR(fit.line.r2, 1, 1e-12);
  ASSERT_EQ(fit.h.size(), 3u);
}

TEST(Formula11, AveragesOverProcessCountsThenOverPatterns) {
  // Pattern A: g = 1 at p = 2 and g = 3 at p = 4, average 2. Pattern B: g = 5 at
  // p = 4. Formula 11 weighs patterns equally: (2 + 5) / 2 = 3.5, not (1+3+5)/3.
  const std::vector<double> h = {10, 20, 30};
  const std::vector<PatternCurve> curves = {curve("A", 2, 1, 0, h), curve("A", 4, 3, 0, h),
                                            curve("B", 4, 5, 0, h)};
  const AveragedFit fit = fit_formula11(curves);
  EXPECT_DOUBLE_EQ(fit.line.slope, 3.5);
  EXPECT_NEAR(fit.line.intercept, 0, 1e-12);
  EXPECT_DOUBLE_EQ(fit.t[0], 35);
}

TEST(Formula11, RejectsMismatchedCurves) {
  EXPECT_THROW(fit_formula11({}), std::invalid_argument);
  const std::vector<PatternCurve> uneven = {curve("E", 2, 1, 0, {1, 2, 3}),
                                            curve("PP", 2, 1, 0, {1, 2})};
  EXPECT_THROW(fit_formula11(uneven), std::invalid_argument);
}

}  // namespace
}  // namespace bspprobe
