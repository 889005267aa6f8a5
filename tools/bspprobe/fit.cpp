#include "fit.hpp"

#include <cmath>
#include <map>
#include <stdexcept>

namespace bspprobe {

LineFit fit_line(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) throw std::invalid_argument("fit_line: x and y differ in length");
  if (x.size() < 2) throw std::invalid_argument("fit_line: needs at least two points");
  const double n = static_cast<double>(x.size());
  double mean_x = 0, mean_y = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    mean_x += x[i];
    mean_y += y[i];
  }
  mean_x /= n;
  mean_y /= n;
  // Centred sums: numerically stable for x in the millions and y in microseconds.
  double sxx = 0, sxy = 0, syy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double dx = x[i] - mean_x, dy = y[i] - mean_y;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx == 0) throw std::invalid_argument("fit_line: all x are equal");

  LineFit fit;
  fit.slope = sxy / sxx;
  fit.intercept = mean_y - fit.slope * mean_x;
  double ss_res = 0;
  fit.residuals.reserve(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double r = y[i] - fit.at(x[i]);
    fit.residuals.push_back(r);
    ss_res += r * r;
  }
  // All y equal and fitted exactly: the line explains everything there is.
  fit.r2 = syy == 0 ? 1.0 : 1.0 - ss_res / syy;
  fit.rms_residual = std::sqrt(ss_res / n);
  return fit;
}

AveragedFit fit_formula11(const std::vector<PatternCurve>& curves) {
  if (curves.empty()) throw std::invalid_argument("fit_formula11: no curves");
  const std::size_t points = curves.front().h.size();
  std::map<std::string, std::vector<const PatternCurve*>> by_pattern;
  for (const PatternCurve& c : curves) {
    if (c.h.size() != c.t.size())
      throw std::invalid_argument("fit_formula11: curve " + c.pattern +
                                  " has h and t of different length");
    if (c.h.size() != points)
      throw std::invalid_argument("fit_formula11: curves differ in number of points");
    by_pattern[c.pattern].push_back(&c);
  }

  AveragedFit result;
  result.h.assign(points, 0.0);
  result.t.assign(points, 0.0);
  // Every curve of pattern rho weighs 1 / (|H_rho| * |patterns|).
  for (const auto& [pattern, members] : by_pattern) {
    const double weight =
        1.0 / (static_cast<double>(members.size()) * static_cast<double>(by_pattern.size()));
    for (const PatternCurve* c : members) {
      for (std::size_t j = 0; j < points; ++j) {
        result.h[j] += weight * c->h[j];
        result.t[j] += weight * c->t[j];
      }
    }
  }
  result.line = fit_line(result.h, result.t);
  return result;
}

}  // namespace bspprobe
