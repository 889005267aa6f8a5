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
  // How far the line strays from its points, as a factor: the largest over the points of
  // the line's value over the point's, or the point's over the line's, whichever is larger
  // (1 when the line passes through every point; infinite where it reaches 0 under a point
  // above 0). Computed by fit_line_relative; 0 where not computed.
  double worst_ratio = 0;
  double rms_relative = 0;  // root mean square of residual / y; 0 where not computed

  double at(double x) const { return slope * x + intercept; }
};

// Throws std::invalid_argument when the spans differ in length, hold fewer
// than two points, or all x are equal.
LineFit fit_line(std::span<const double> x, std::span<const double> y);

// The line through points whose y span orders of magnitude (a superstep's time against h from
// tens of words to millions), fitted so that it describes every point: the sum of the squared
// *relative* residuals, ((slope * x + intercept) - y) / y, is least, so a point at small x
// weighs as much as one at large x, and slope and intercept are both at least 0 (a time
// neither shrinks as h grows nor starts below nothing). Where the best unconstrained line has
// a negative part, the best line with that part 0 is taken. Sets worst_ratio and
// rms_relative. Throws std::invalid_argument where fit_line would, or where a y is not above 0.
LineFit fit_line_relative(std::span<const double> x, std::span<const double> y);

}  // namespace toolkit
