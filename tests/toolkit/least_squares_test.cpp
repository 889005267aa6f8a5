// Least squares recovers known coefficients and lines, stays exact for h in
// the millions beside times in microseconds, and refuses what has no single fit.
#include "least_squares.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

namespace toolkit {
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
  EXPECT_NEAR(fit.slope, 0, 1e-14);
  EXPECT_NEAR(fit.intercept, 7, 1e-13);
  EXPECT_DOUBLE_EQ(fit.r2, 1);
}

TEST(FitLine, RejectsDegenerateInput) {
  const std::vector<double> one = {1}, two = {1, 2}, same = {3, 3}, three = {1, 2, 3};
  EXPECT_THROW(fit_line(one, one), std::invalid_argument);
  EXPECT_THROW(fit_line(same, two), std::invalid_argument);
  EXPECT_THROW(fit_line(two, three), std::invalid_argument);
}

TEST(LeastSquares, RecoversExactCoefficients) {
  std::vector<std::vector<double>> rows;
  std::vector<double> y;
  for (double x1 : {1.0, 2.0, 5.0})
    for (double x2 : {0.0, 3.0, 4.0}) {
      rows.push_back({x1, x2, 1.0});
      y.push_back(2.5 * x1 - 0.75 * x2 + 4);
    }
  const LinearFit f = fit_least_squares(rows, y);
  EXPECT_NEAR(f.coefficients[0], 2.5, 1e-12);
  EXPECT_NEAR(f.coefficients[1], -0.75, 1e-12);
  EXPECT_NEAR(f.coefficients[2], 4, 1e-12);
  EXPECT_NEAR(f.r2, 1, 1e-12);
  EXPECT_NEAR(f.rms_residual, 0, 1e-9);
}

TEST(LeastSquares, RefusesUnderdeterminedAndDependentSystems) {
  EXPECT_THROW(fit_least_squares({{1, 2}}, {3}), std::invalid_argument);
  EXPECT_THROW(fit_least_squares({{1, 2}, {2, 4}, {3, 6}}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(fit_least_squares({{1}, {2}}, {1}), std::invalid_argument);
}

TEST(LeastSquares, AgreesWithTheCentredClosedFormOnWidelySpreadX) {
  // h from 1 to 4 Mi words, times around microseconds: the normal equations
  // would square a condition number of about 1e6; QR keeps the digits.
  std::mt19937 random(7);
  std::uniform_real_distribution<double> noise(-0.05, 0.05);
  std::vector<double> x, y;
  for (double h = 1; h <= 4194304; h *= 2) {
    x.push_back(h);
    y.push_back(2.5e-10 * h + 3e-6 * (1 + noise(random)));
  }
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i], my += y[i];
  mx /= static_cast<double>(x.size());
  my /= static_cast<double>(y.size());
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    sxx += (x[i] - mx) * (x[i] - mx), sxy += (x[i] - mx) * (y[i] - my);
  const LineFit fit = fit_line(x, y);
  EXPECT_NEAR(fit.slope, sxy / sxx, 1e-12 * std::fabs(sxy / sxx));
  EXPECT_NEAR(fit.intercept, my - sxy / sxx * mx, 1e-9 * std::fabs(my - sxy / sxx * mx));
}

TEST(LeastSquares, ReportsResidualsAndTheWorstRelativeOne) {
  // Through the origin: c = sum(x y) / sum(x^2) = (1 + 4 + 17.6) / 21.
  const std::vector<double> x = {1, 2, 4}, y = {1, 2, 4.4};
  const LinearFit f = fit_least_squares({{x[0]}, {x[1]}, {x[2]}}, y);
  const double c = 22.6 / 21;
  EXPECT_NEAR(f.coefficients[0], c, 1e-12);
  ASSERT_EQ(f.residuals.size(), 3u);
  double ss = 0, worst = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_NEAR(f.residuals[i], y[i] - c * x[i], 1e-12);
    ss += f.residuals[i] * f.residuals[i];
    worst = std::max(worst, std::fabs(f.residuals[i] / y[i]));
  }
  EXPECT_NEAR(f.rms_residual, std::sqrt(ss / 3), 1e-12);
  EXPECT_NEAR(f.max_relative_residual, worst, 1e-12);
}

// The relative fit recovers an exact line, describes a curve whose cost per word grows past a
// cache (where the ordinary fit's intercept goes below 0) within a small factor at every h, and
// never returns a negative slope or intercept.
TEST(FitLineRelative, RecoversExactLine) {
  const double g = 0.4e-9, l = 1e-6;
  const std::vector<double> h = geometric_h();
  std::vector<double> t;
  for (double x : h) t.push_back(g * x + l);
  const LineFit fit = fit_line_relative(h, t);
  EXPECT_NEAR(fit.slope, g, g * 1e-9);
  EXPECT_NEAR(fit.intercept, l, l * 1e-9);
  EXPECT_NEAR(fit.worst_ratio, 1.0, 1e-9);
  EXPECT_NEAR(fit.rms_relative, 0.0, 1e-9);
}

TEST(FitLineRelative, DescribesEveryPointWhereTheOrdinaryFitGoesNegative) {
  std::vector<double> h, t;
  for (double x = 16; x <= 4 << 20; x *= 2) {
    h.push_back(x);
    t.push_back(1e-6 + (x <= 65536 ? 0.1e-9 : 0.3e-9) * x);  // three times the cost past a cache
  }
  ASSERT_LT(fit_line(h, t).intercept, 0);  // the ordinary fit starts below nothing
  const LineFit fit = fit_line_relative(h, t);
  EXPECT_GE(fit.intercept, 0);
  EXPECT_GT(fit.slope, 0);
  EXPECT_LT(fit.worst_ratio, 2.0);
  for (std::size_t i = 0; i < h.size(); ++i) {
    const double ratio = fit.at(h[i]) / t[i];
    EXPECT_LE(std::max(ratio, 1 / ratio), fit.worst_ratio * (1 + 1e-12)) << h[i];
  }
}

TEST(FitLineRelative, KeepsSlopeAndInterceptAtLeastZero) {
  // Times that fall with h: the best line that does not fall is flat.
  const std::vector<double> x = {1, 2, 3, 4}, falling = {4, 3, 2, 1};
  const LineFit flat = fit_line_relative(x, falling);
  EXPECT_EQ(flat.slope, 0);
  EXPECT_GT(flat.intercept, 0);
  // Times proportional to h, plus a little less: the best line is through the origin.
  const std::vector<double> proportional = {0.9, 1.9, 2.9, 3.9};
  const LineFit origin = fit_line_relative(x, proportional);
  EXPECT_EQ(origin.intercept, 0);
  EXPECT_GT(origin.slope, 0);
}

TEST(FitLineRelative, NamesAPointTheLineCannotDescribe) {
  // Flat near 1 us with one sample 80 times higher: the line stays with the many points and
  // says how far off the one is.
  std::vector<double> h = geometric_h(), t(h.size(), 1e-6);
  t.back() = 80e-6;
  const LineFit fit = fit_line_relative(h, t);
  EXPECT_LT(fit.at(h.front()), 1.5e-6);
  EXPECT_GT(fit.worst_ratio, 2.0);
}

TEST(FitLineRelative, RefusesTimesOfZero) {
  const std::vector<double> x = {1, 2}, y = {0, 1};
  EXPECT_THROW(fit_line_relative(x, y), std::invalid_argument);
}

}  // namespace
}  // namespace toolkit
