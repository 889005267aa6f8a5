// Axes for the SVG charts: where the ticks go and how their labels read.
#pragma once

#include <string>
#include <vector>

namespace toolkit {

// A number for an SVG attribute: two decimals, no exponent.
std::string svg_num(double v);

// Ticks between lo and hi at multiples of 1, 2 or 5 times a power of ten:
// at least `target` intervals, and at most 2.5 times as many (whole numbers
// only when `integers`); empty when hi < lo.
std::vector<double> linear_ticks(double lo, double hi, int target, bool integers = false);

// Ticks on a logarithmic axis: decades, or 1-2-5 and then every digit of a
// decade when the axis is too short for four decades. lo and hi are > 0.
std::vector<double> log_ticks(double lo, double hi);

// A short tick label: "0.5", "20", "10k", "2.5M"; "1e-05" for the very small.
std::string tick_label(double v);

// One axis: maps data values (> 0 on a logarithmic axis) to pixels between lo_px and hi_px.
class Axis {
 public:
  Axis(bool log, double lo, double hi, double lo_px, double hi_px);
  double pixel(double v) const;
  // On a linear axis, at least `intervals` between ticks (linear_ticks).
  std::vector<double> ticks(int intervals = 4, bool integers = false) const;

 private:
  bool log_;
  double lo_, hi_, lo_px_, hi_px_;  // lo_ and hi_ transformed (log10 on a log axis)
};

}  // namespace toolkit
