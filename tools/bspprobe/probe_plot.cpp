#include "probe_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "svg_plot.hpp"

namespace bspprobe {

namespace {

constexpr int kLineSamples = 48;
constexpr double kMicro = 1e6;  // the plot's times are in µs

using toolkit::PlotPoint;
using toolkit::PlotSeries;

std::string format(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// "g = 0.134 ns/word, L = 2.6 µs" for a slope in s/word and an intercept in s.
std::string g_and_L(double g, double L) {
  return "g = " + format("%.3g", g * 1e9) + " ns/word, L = " + format("%.3g", L * kMicro) + " µs";
}

// The line y = slope * h + intercept (y in µs) between h_lo and h_hi, sampled
// evenly on a log h axis, from where it reaches `floor` on: empty when it never does.
std::vector<PlotPoint> fitted_line(double slope, double intercept, double h_lo, double h_hi,
                                   double floor) {
  std::vector<PlotPoint> out;
  if (!(h_lo > 0 && h_hi > h_lo) || !std::isfinite(slope) || !std::isfinite(intercept)) return out;
  if (slope * h_lo + intercept < floor) {
    if (!(slope > 0)) return out;
    h_lo = (floor - intercept) / slope;
    if (!(h_lo < h_hi)) return out;
  }
  for (int i = 0; i < kLineSamples; ++i) {
    const double h = h_lo * std::pow(h_hi / h_lo, i / double(kLineSamples - 1));
    out.push_back({h, std::max(slope * h + intercept, floor), 0, 0});
  }
  return out;
}

// The span of h and the smallest time of some measured points.
struct Extent {
  double h_lo = std::numeric_limits<double>::infinity(), h_hi = 0;
  double y_lo = std::numeric_limits<double>::infinity();
  void add(const std::vector<PlotPoint>& points) {
    for (const PlotPoint& p : points) {
      h_lo = std::min(h_lo, p.x);
      h_hi = std::max(h_hi, p.x);
      if (p.y > 0) y_lo = std::min(y_lo, p.y);
    }
  }
};

// A measured curve with its fitted line, labelled with its g and L.
PlotSeries fitted_series(const FittedCurve& c, const std::string& label, int color) {
  PlotSeries s;
  s.color = toolkit::palette_color(color);
  s.label = label;
  for (const FittedCurve::Point& p : c.points)
    s.points.push_back({p.h, p.median * kMicro, p.q1 * kMicro, p.q3 * kMicro});
  if (!std::isfinite(c.g) || !std::isfinite(c.intercept) || s.points.empty()) return s;
  Extent e;
  e.add(s.points);
  s.label += "\n" + g_and_L(c.g, c.intercept);
  s.line = fitted_line(c.g * kMicro, c.intercept * kMicro, e.h_lo, e.h_hi, e.y_lo);
  return s;
}

toolkit::PlotPanel empty_panel(const std::string& title, const std::string& x_label) {
  toolkit::PlotPanel panel;
  panel.title = title;
  panel.x_label = x_label;
  panel.y_label = "time of one superstep (µs)";
  panel.log_x = panel.log_y = true;
  return panel;
}

bool has_points(const toolkit::PlotPanel& panel) {
  return std::any_of(panel.series.begin(), panel.series.end(),
                     [](const PlotSeries& s) { return !s.points.empty(); });
}

// The five patterns at one p, and the least-squares fit over all of them.
toolkit::PlotPanel patterns_panel(const PatternsAtP& at, const ProbePlotData& d) {
  std::string title = "p = " + std::to_string(at.p) + ": " +
                      (at.patterns.size() == 5 ? std::string("five")
                                               : std::to_string(at.patterns.size())) +
                      " patterns at equal h";
  if (at.p == 2) title += " (the other three are these again at p = 2)";
  if (at.oversubscribed)
    title += " (oversubscribed: " + std::to_string(d.processors) + " processors)";
  toolkit::PlotPanel panel = empty_panel(title, "h = most 32-bit words a process sends + receives");
  int color = 0;
  Extent all;
  for (const FittedCurve& c : at.patterns) {
    panel.series.push_back(fitted_series(c, c.name, color++));
    all.add(panel.series.back().points);
  }
  if (std::isfinite(d.average_g) && std::isfinite(d.average_L) && has_points(panel)) {
    PlotSeries fit;
    fit.label = "least-squares fit over all patterns\nand p (Roda et al. 1999)\n" +
                g_and_L(d.average_g, d.average_L);
    fit.color = "#000000";
    fit.dashed = true;
    fit.line_width = 2;
    fit.line =
        fitted_line(d.average_g * kMicro, d.average_L * kMicro, all.h_lo, all.h_hi, all.y_lo);
    panel.series.push_back(std::move(fit));
  }
  return panel;
}

// Table 1 of the BSPlib paper: the shift and the total exchange at every p, and each p's l.
toolkit::PlotPanel shifts_panel(const ProbePlotData& d) {
  toolkit::PlotPanel panel =
      empty_panel("shift to the next process and total exchange (Hill et al. 1998)",
                  "h = most 32-bit words a process sends or receives");
  int color = 0;
  for (const ShiftsAtP& at : d.shifts) {
    const std::string p = ", p = " + std::to_string(at.p);
    if (at.shift) panel.series.push_back(fitted_series(*at.shift, at.shift->name + p, color));
    if (at.exchange) {
      PlotSeries s = fitted_series(*at.exchange, at.exchange->name + p, color);
      s.dashed = true;
      s.marker = toolkit::Marker::kTriangle;
      panel.series.push_back(std::move(s));
    }
    if (std::isfinite(at.l))
      panel.notes.push_back("p = " + std::to_string(at.p) +
                            ": l = " + format("%.3g", at.l * kMicro) + " µs (an empty superstep)");
    ++color;
  }
  return panel;
}

}  // namespace

std::string render_probe_plot(const ProbePlotData& d) {
  std::vector<toolkit::PlotPanel> panels;
  for (const PatternsAtP& at : d.patterns) {
    toolkit::PlotPanel panel = patterns_panel(at, d);
    if (has_points(panel)) panels.push_back(std::move(panel));
  }
  toolkit::PlotPanel shifts = shifts_panel(d);
  if (has_points(shifts)) panels.push_back(std::move(shifts));
  toolkit::PlotLayout layout;
  layout.title = "bspprobe: " + d.machine + ", " + d.date;
  layout.subtitle =
      "dots: median time of a superstep, bars: interquartile range; lines: fits g·h + L "
      "(least relative error, g and L at least 0), drawn over the h they were fitted on";
  layout.columns = panels.size() <= 3 ? std::max(1, static_cast<int>(panels.size())) : 2;
  layout.panel_width = 720;
  layout.panel_height = 400;
  layout.legend_width = 280;
  return toolkit::render_svg(panels, layout);
}

std::string render_result_plot(const superstep::Json& result) {
  return render_probe_plot(plot_data(result));
}

}  // namespace bspprobe
