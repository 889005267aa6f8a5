// Least-squares fits recover known g and l from synthetic timings.
#include "fit.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

namespace bspprobe {
namespace {

std::vector<double> geometric_h() {
  std::vector<double> h;
  for (double x = 16; x <= 1 << 20; x *= 2) h.push_back(x);
  return h;
}

TEST(FitLine, RecoversExactLine) {
  const double g = 3.2e-9, l = 5e-6;
  const std::vector<double> h = geometric_h();
  std::vector<double> t;
  for (double x : h) t.push_back(g * x + l);
  const LineFit fit = fit_line(h, t);
  EXPECT_NEAR(fit.slope, g, g * 1e-9);
  EXPECT_NEAR(fit.intercept, l, l * 1e-6);
  EXPECT_NEAR(fit.r2, 1.0, 1e-12);
  ASSERT_EQ(fit.residuals.size(), h.size());
  for (double r : fit.residuals) EXPECT_NEAR(r, 0.0, 1e-15);
  EXPECT_NEAR(fit.rms_residual, 0.0, 1e-15);
}

TEST(FitLine, RecoversLineThroughNoiseWithinTolerance) {
  const double g = 1.5e-9, l = 2e-5;
  std::mt19937 random(12345);
  std::uniform_real_distribution<double> noise(-0.01, 0.01);
  std::vector<double> h, t;
  for (int rep = 0; rep < 20; ++rep)
    for (double x = 1000; x <= 1e6; x += 1000) {
      h.push_back(x);
      t.push_back((g * x + l) * (1 + noise(random)));
    }
  const LineFit fit = fit_line(h, t);
  EXPECT_NEAR(fit.slope, g, g * 0.01);
  EXPECT_NEAR(fit.intercept, l, l * 0.05);
  EXPECT_GT(fit.r2, 0.99);
  EXPECT_LT(fit.r2, 1.0);
}

TEST(FitLine, ResidualsAndR2MatchAHandComputedExample) {
  // Points (0,0), (1,2), (2,1): slope 1/2, intercept 1/2, residuals -1/2, 1, -1/2,
  // residual sum of squares 3/2, total sum of squares 2, so R^2 = 1/4.
  const std::vector<double> x = {0, 1, 2}, y = {0, 2, 1};
  const LineFit fit = fit_line(x, y);
  EXPECT_DOUBLE_EQ(fit.slope, 0.5);
  EXPECT_DOUBLE_EQ(fit.intercept, 0.5);
  EXPECT_DOUBLE_EQ(fit.residuals[0], -0.5);
  EXPECT_DOUBLE_EQ(fit.residuals[1], 1.0);
  EXPECT_DOUBLE_EQ(fit.residuals[2], -0.5);
  EXPECT_DOUBLE_EQ(fit.r2, 0.25);
  EXPECT_DOUBLE_EQ(fit.rms_residual, std::sqrt(0.5));
}

TEST(FitLine, ConstantTimesGiveZeroSlopeAndPerfectFit) {
  const std::vector<double> x = {1, 2, 3}, y = {7, 7, 7};
  const LineFit fit = fit_line(x, y);
  EXPECT_DOUBLE_EQ(fit.slope, 0);
  EXPECT_DOUBLE_EQ(fit.intercept, 7);
  EXPECT_DOUBLE_EQ(fit.r2, 1);
}

TEST(FitLine, RejectsDegenerateInput) {
  const std::vector<double> one = {1}, two = {1, 2}, same = {3, 3}, three = {1, 2, 3};
  EXPECT_THROW(fit_line(one, one), std::invalid_argument);
  EXPECT_THROW(fit_line(same, two), std::invalid_argument);
  EXPECT_THROW(fit_line(two, three), std::invalid_argument);
}

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
