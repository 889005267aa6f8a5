#include "least_squares.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace toolkit {

namespace {

void check_sizes(const std::vector<std::vector<double>>& rows, const std::vector<double>& y) {
  if (rows.size() != y.size())
    throw std::invalid_argument("least squares: regressor rows and values differ in number");
  if (rows.empty()) throw std::invalid_argument("least squares: no observations");
  const std::size_t k = rows.front().size();
  if (k == 0 || rows.size() < k)
    throw std::invalid_argument("least squares: fewer observations than coefficients");
  for (const auto& row : rows)
    if (row.size() != k) throw std::invalid_argument("least squares: rows differ in length");
}

// Solves min |A c - b| in place by Householder QR: a is n x k, column by
// column (a[j] is column j); b has n entries. Returns c.
std::vector<double> solve_qr(std::vector<std::vector<double>>& a, std::vector<double>& b) {
  const std::size_t n = b.size(), k = a.size();
  std::vector<double> original(k, 0.0);  // each column's norm before any reflection
  for (std::size_t j = 0; j < k; ++j) {
    for (std::size_t i = 0; i < n; ++i) original[j] += a[j][i] * a[j][i];
    original[j] = std::sqrt(original[j]);
  }
  for (std::size_t j = 0; j < k; ++j) {
    double column = 0;
    for (std::size_t i = j; i < n; ++i) column += a[j][i] * a[j][i];
    column = std::sqrt(column);
    // A column that is (nearly) a combination of the ones before it leaves
    // nothing of its own below the diagonal.
    if (original[j] == 0 || column <= 1e-12 * original[j])
      throw std::invalid_argument("least squares: the regressors are linearly dependent");
    const double alpha = a[j][j] > 0 ? -column : column;
    // v = x - alpha e_j, stored in a[j][j..n); H = I - 2 v v^T / (v^T v).
    a[j][j] -= alpha;
    double vv = 0;
    for (std::size_t i = j; i < n; ++i) vv += a[j][i] * a[j][i];
    auto reflect = [&](std::vector<double>& x) {
      double dot = 0;
      for (std::size_t i = j; i < n; ++i) dot += a[j][i] * x[i];
      const double f = 2 * dot / vv;
      for (std::size_t i = j; i < n; ++i) x[i] -= f * a[j][i];
    };
    for (std::size_t c = j + 1; c < k; ++c) reflect(a[c]);
    reflect(b);
    a[j][j] = alpha;  // R's diagonal; R lies in a[c][0..c]
  }
  std::vector<double> c(k);
  for (std::size_t j = k; j-- > 0;) {
    double sum = b[j];
    for (std::size_t q = j + 1; q < k; ++q) sum -= a[q][j] * c[q];
    c[j] = sum / a[j][j];
  }
  return c;
}

}  // namespace

LinearFit fit_least_squares(const std::vector<std::vector<double>>& rows,
                            const std::vector<double>& y) {
  check_sizes(rows, y);
  const std::size_t n = rows.size(), k = rows.front().size();
  std::vector<std::vector<double>> columns(k, std::vector<double>(n));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < k; ++j) columns[j][i] = rows[i][j];
  std::vector<double> b = y;
  LinearFit fit;
  fit.coefficients = solve_qr(columns, b);

  double mean = 0;
  for (double v : y) mean += v;
  mean /= static_cast<double>(n);
  double ss_res = 0, ss_tot = 0;
  fit.residuals.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    double predicted = 0;
    for (std::size_t j = 0; j < k; ++j) predicted += fit.coefficients[j] * rows[i][j];
    const double residual = y[i] - predicted;
    fit.residuals.push_back(residual);
    ss_res += residual * residual;
    ss_tot += (y[i] - mean) * (y[i] - mean);
    if (y[i] != 0)
      fit.max_relative_residual = std::max(fit.max_relative_residual, std::fabs(residual / y[i]));
  }
  fit.r2 = ss_tot > 0 ? 1 - ss_res / ss_tot : 1;
  fit.rms_residual = std::sqrt(ss_res / static_cast<double>(n));
  return fit;
}

LineFit fit_line(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) throw std::invalid_argument("fit_line: x and y differ in length");
  if (x.size() < 2) throw std::invalid_argument("fit_line: needs at least two points");
  if (std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); }))
    throw std::invalid_argument("fit_line: all x are equal");
  std::vector<std::vector<double>> rows;
  rows.reserve(x.size());
  for (double v : x) rows.push_back({v, 1.0});
  const LinearFit general = fit_least_squares(rows, std::vector<double>(y.begin(), y.end()));
  LineFit fit;
  fit.slope = general.coefficients[0];
  fit.intercept = general.coefficients[1];
  fit.r2 = general.r2;
  fit.rms_residual = general.rms_residual;
  fit.residuals = general.residuals;
  return fit;
}

namespace {

// The sum of squared relative residuals of the line a x + b.
double relative_cost(std::span<const double> x, std::span<const double> y, double a, double b) {
  double cost = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double r = (a * x[i] + b - y[i]) / y[i];
    cost += r * r;
  }
  return cost;
}

// The line's quality over the points: residuals, R^2 and rms in units of y, and the relative
// measures.
LineFit describe(std::span<const double> x, std::span<const double> y, double a, double b) {
  LineFit fit;
  fit.slope = a;
  fit.intercept = b;
  double mean = 0;
  for (double v : y) mean += v;
  mean /= static_cast<double>(y.size());
  double ss_res = 0, ss_tot = 0, ss_rel = 0;
  fit.worst_ratio = 1;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double predicted = a * x[i] + b;
    const double residual = y[i] - predicted;
    fit.residuals.push_back(residual);
    ss_res += residual * residual;
    ss_tot += (y[i] - mean) * (y[i] - mean);
    ss_rel += (residual / y[i]) * (residual / y[i]);
    const double ratio = predicted > 0 ? std::max(predicted / y[i], y[i] / predicted)
                                       : std::numeric_limits<double>::infinity();
    fit.worst_ratio = std::max(fit.worst_ratio, ratio);
  }
  fit.r2 = ss_tot > 0 ? 1 - ss_res / ss_tot : 1;
  fit.rms_residual = std::sqrt(ss_res / static_cast<double>(y.size()));
  fit.rms_relative = std::sqrt(ss_rel / static_cast<double>(y.size()));
  return fit;
}

}  // namespace

LineFit fit_line_relative(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) throw std::invalid_argument("fit_line: x and y differ in length");
  if (x.size() < 2) throw std::invalid_argument("fit_line: needs at least two points");
  if (std::all_of(x.begin(), x.end(), [&](double v) { return v == x.front(); }))
    throw std::invalid_argument("fit_line: all x are equal");
  if (std::any_of(y.begin(), y.end(), [](double v) { return !(v > 0); }))
    throw std::invalid_argument("fit_line_relative: every y must be above 0");
  // Dividing every row by its y turns the relative residuals into ordinary ones:
  // minimise |a (x / y) + b (1 / y) - 1|.
  std::vector<std::vector<double>> rows;
  rows.reserve(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) rows.push_back({x[i] / y[i], 1 / y[i]});
  double a = 0, b = 0;
  try {
    const LinearFit free = fit_least_squares(rows, std::vector<double>(x.size(), 1.0));
    a = free.coefficients[0];
    b = free.coefficients[1];
  } catch (const std::invalid_argument&) {
    a = b = -1;  // x proportional to y: one of the lines below fits
  }
  if (a < 0 || b < 0) {
    // The best line with b = 0 (through the origin) and the best with a = 0 (flat): each
    // minimises sum (c u_i - 1)^2, so c = sum u / sum u^2 with u = x / y or 1 / y.
    double su = 0, suu = 0, sv = 0, svv = 0;
    for (const auto& row : rows) {
      su += row[0];
      suu += row[0] * row[0];
      sv += row[1];
      svv += row[1] * row[1];
    }
    const double through_origin = suu > 0 ? su / suu : 0;
    const double flat = sv / svv;
    if (suu > 0 && relative_cost(x, y, through_origin, 0) < relative_cost(x, y, 0, flat)) {
      a = through_origin;
      b = 0;
    } else {
      a = 0;
      b = flat;
    }
  }
  return describe(x, y, a, b);
}

}  // namespace toolkit
