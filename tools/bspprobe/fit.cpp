#include "fit.hpp"

#include <map>
#include <stdexcept>

namespace bspprobe {

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
  result.line = fit_line_relative(result.h, result.t);
  return result;
}

}  // namespace bspprobe
