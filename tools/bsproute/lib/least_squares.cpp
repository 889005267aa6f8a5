#include "least_squares.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace bsproute {

LinearFit fit_least_squares(const std::vector<std::vector<double>>& rows,
                            const std::vector<double>& y) {
  if (rows.size() != y.size())
    throw std::invalid_argument("least squares: regressor rows and values differ in number");
  if (rows.empty()) throw std::invalid_argument("least squares: no observations");
  const std::size_t k = rows.front().size();
  if (k == 0 || rows.size() < k)
    throw std::invalid_argument("least squares: fewer observations than coefficients");
  for (const auto& row : rows)
    if (row.size() != k) throw std::invalid_argument("least squares: rows differ in length");

  // Normal equations (X^T X) c = X^T y, augmented as one k x (k+1) matrix.
  std::vector<std::vector<double>> a(k, std::vector<double>(k + 1, 0.0));
  double scale = 0;
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t p = 0; p < k; ++p) {
      for (std::size_t q = 0; q < k; ++q) a[p][q] += rows[i][p] * rows[i][q];
      a[p][k] += rows[i][p] * y[i];
    }
  for (std::size_t p = 0; p < k; ++p) scale = std::max(scale, std::fabs(a[p][p]));
  for (std::size_t col = 0; col < k; ++col) {
    std::size_t pivot = col;
    for (std::size_t r = col + 1; r < k; ++r)
      if (std::fabs(a[r][col]) > std::fabs(a[pivot][col])) pivot = r;
    if (std::fabs(a[pivot][col]) <= 1e-12 * scale)
      throw std::invalid_argument("least squares: the regressors are linearly dependent");
    std::swap(a[pivot], a[col]);
    for (std::size_t r = 0; r < k; ++r) {
      if (r == col) continue;
      const double f = a[r][col] / a[col][col];
      for (std::size_t c = col; c <= k; ++c) a[r][c] -= f * a[col][c];
    }
  }
  LinearFit fit;
  for (std::size_t p = 0; p < k; ++p) fit.coefficients.push_back(a[p][k] / a[p][p]);

  double mean = 0;
  for (double v : y) mean += v;
  mean /= static_cast<double>(y.size());
  double ss_res = 0, ss_tot = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    double predicted = 0;
    for (std::size_t p = 0; p < k; ++p) predicted += fit.coefficients[p] * rows[i][p];
    const double residual = y[i] - predicted;
    ss_res += residual * residual;
    ss_tot += (y[i] - mean) * (y[i] - mean);
    if (y[i] != 0)
      fit.max_relative_residual = std::max(fit.max_relative_residual, std::fabs(residual / y[i]));
  }
  fit.r2 = ss_tot > 0 ? 1 - ss_res / ss_tot : 1;
  fit.rms_residual = std::sqrt(ss_res / static_cast<double>(y.size()));
  return fit;
}

}  // namespace bsproute
