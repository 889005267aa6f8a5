// Linear least squares, shared by the tools that fit measurements.
//
// fit_least_squares: y ~ sum_j c_j * x_j for a few regressors (bsproute fits
// the laws of Juurlink and Wijshoff, "Experiences with a model for parallel
// computation", 1993, r(n,h) = a*h + b*n and d(n,h) = (c + e*n)*h, and
// transputer times T(h) = a*h + b this way).
// fit_line: y ~ slope * x + intercept (bspprobe fits T(h) = g*h + l, as in
// Hill et al., "BSPlib: The BSP Programming Library", 1998, section 5.1).
//
// Both solve by Householder QR of the regressor matrix, never forming the
// normal equations, so that h in the millions beside times in microseconds
// loses no precision.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace toolkit {

struct LinearFit {
  std::vector<double> coefficients;
  std::vector<double> residuals;  // y[i] - predicted[i]
  double r2 = 0;                  // 1 - SS_res / SS_tot (about the mean of y); 1 when y is constant
  double rms_residual = 0;        // in units of y
  double max_relative_residual = 0;  // max |residual| / |y| over points with y != 0
};

// rows[i] holds the regressors of observation i, y[i] its value. Throws
// std::invalid_argument when the sizes differ, there are fewer observations
// than coefficients, or the regressors are linearly dependent.
LinearFit fit_least_squares(const std::vector<std::vector<double>>& rows,
                            const std::vector<double>& y);

// y = slope * x + intercept, with the quality of the fit.
struct LineFit {
  double slope = 0;
  double intercept = 0;
  double r2 = 0;                  // coefficient of determination; 1 for a perfect fit
  double rms_residual = 0;        // root mean square of the residuals, in units of y
  std::vector<double> residuals;  // y[i] - (slope * x[i] + intercept)

  double at(double x) const { return slope * x + intercept; }
};

// Throws std::invalid_argument when the spans differ in length, hold fewer
// than two points, or all x are equal.
LineFit fit_line(std::span<const double> x, std::span<const double> y);

}  // namespace toolkit
