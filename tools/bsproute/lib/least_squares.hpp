// Linear least squares with a few regressors: y ~ sum_j c_j * x_j.
//
// Juurlink and Wijshoff's (1993) laws are linear in their coefficients: r(n,h) = a*h + b*n has
// regressors (h, n), d(n,h) = (c + e*n)*h has regressors (h, n*h), and
// T(h) = a*h + b for fixed n and m has regressors (h, 1).
#pragma once

#include <vector>

namespace bsproute {

struct LinearFit {
  std::vector<double> coefficients;
  double r2 = 0;                     // 1 - SS_res / SS_tot (about the mean of y)
  double rms_residual = 0;           // in units of y
  double max_relative_residual = 0;  // max |residual| / |y| over points with y != 0
};

// rows[i] holds the regressors of observation i, y[i] its value. Solves the
// normal equations by Gaussian elimination with partial pivoting. Throws
// std::invalid_argument when the sizes differ, there are fewer observations
// than coefficients, or the regressors are linearly dependent.
LinearFit fit_least_squares(const std::vector<std::vector<double>>& rows,
                            const std::vector<double>& y);

}  // namespace bsproute
