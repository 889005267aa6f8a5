#include "svg_axis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace toolkit {

std::string svg_num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::vector<double> linear_ticks(double lo, double hi, int target, bool integers) {
  std::vector<double> out;
  if (!(hi >= lo) || !std::isfinite(lo) || !std::isfinite(hi)) return out;
  if (hi == lo) return {lo};
  // step = mantissa * 10^exponent, and tick k = k * mantissa * 10^exponent, formed so that
  // 0.6 comes out as the double nearest 0.6 and not as 3 * 0.2.
  const double raw = (hi - lo) / std::max(target, 1);
  int exponent = static_cast<int>(std::floor(std::log10(raw)));
  double mantissa = 1;  // the largest of 1, 2, 5 times 10^exponent that is at most raw
  for (double m : {2.0, 5.0})
    if (m * std::pow(10.0, exponent) <= raw * (1 + 1e-9)) mantissa = m;
  if (integers && exponent < 0) {
    mantissa = 1;
    exponent = 0;
  }
  const double power = std::pow(10.0, std::abs(exponent));
  auto tick = [&](long long k) {
    const double units = static_cast<double>(k) * mantissa;
    return exponent >= 0 ? units * power : units / power;
  };
  const double step = tick(1);
  for (auto k = static_cast<long long>(std::ceil(lo / step - 1e-9)); tick(k) <= hi + step * 1e-9;
       ++k)
    out.push_back(tick(k));
  return out;
}

std::vector<double> log_ticks(double lo, double hi) {
  std::vector<double> out;
  const double a = std::log10(lo), b = std::log10(hi);
  for (const std::vector<double>& mantissas :
       {std::vector<double>{1}, {1, 2, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9}}) {
    out.clear();
    for (double e = std::floor(a); e <= std::ceil(b); e += 1)
      for (double m : mantissas) {
        const double v = std::log10(m) + e;
        if (v >= a - 1e-9 && v <= b + 1e-9) out.push_back(m * std::pow(10.0, e));
      }
    if (out.size() >= 4) break;
  }
  return out;
}

std::string tick_label(double v) {
  char buf[32];
  const double a = std::fabs(v);
  if (v == 0) return "0";
  struct Suffix {
    double scale;
    const char* name;
  };
  for (const Suffix s : {Suffix{1e9, "G"}, Suffix{1e6, "M"}, Suffix{1e4, "k"}})
    if (a >= s.scale) {
      const double scale = s.scale == 1e4 ? 1e3 : s.scale;
      std::snprintf(buf, sizeof buf, "%g%s", v / scale, s.name);
      return buf;
    }
  std::snprintf(buf, sizeof buf, a < 1e-3 ? "%.0e" : "%g", v);
  return buf;
}

Axis::Axis(bool log, double lo, double hi, double lo_px, double hi_px)
    : log_(log),
      lo_(log ? std::log10(lo) : lo),
      hi_(log ? std::log10(hi) : hi),
      lo_px_(lo_px),
      hi_px_(hi_px) {
  if (hi_ <= lo_) hi_ = lo_ + 1;
}

double Axis::pixel(double v) const {
  const double t = log_ ? std::log10(v) : v;
  return lo_px_ + (t - lo_) / (hi_ - lo_) * (hi_px_ - lo_px_);
}

std::vector<double> Axis::ticks(int intervals, bool integers) const {
  if (log_) return log_ticks(std::pow(10.0, lo_), std::pow(10.0, hi_));
  return linear_ticks(lo_, hi_, intervals, integers);
}

}  // namespace toolkit
