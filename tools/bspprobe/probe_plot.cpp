#include "probe_plot.hpp"

#include <algorithm>
#include <cmath>

#include "svg_plot.hpp"

namespace bspprobe {

namespace {

constexpr int kLineSamples = 48;

// Measured points in microseconds, with their interquartile range.
std::vector<toolkit::PlotPoint> measured(const Json& fit) {
  std::vector<toolkit::PlotPoint> out;
  for (const Json& p : fit.at("points"))
    out.push_back({p.at("h").get<double>(), p.at("median").get<double>() * 1e6,
                   p.at("q1").get<double>() * 1e6, p.at("q3").get<double>() * 1e6});
  return out;
}

// The fitted line t = slope * h + intercept, sampled evenly on a log h axis.
std::vector<toolkit::PlotPoint> line(double slope, double intercept, double h_lo, double h_hi) {
  std::vector<toolkit::PlotPoint> out;
  if (!(h_lo > 0 && h_hi > h_lo)) return out;
  for (int i = 0; i < kLineSamples; ++i) {
    const double h = h_lo * std::pow(h_hi / h_lo, i / double(kLineSamples - 1));
    out.push_back({h, (slope * h + intercept) * 1e6, 0, 0});
  }
  return out;
}

std::pair<double, double> h_range(const std::vector<toolkit::PlotPoint>& points) {
  double lo = INFINITY, hi = 0;
  for (const toolkit::PlotPoint& p : points) {
    lo = std::min(lo, p.x);
    hi = std::max(hi, p.x);
  }
  return {lo, hi};
}

toolkit::PlotSeries fitted_series(const Json& fit, const std::string& label, const char* slope_key,
                                  const char* intercept_key, const char* color, bool dashed) {
  toolkit::PlotSeries s;
  s.label = label;
  s.color = color;
  s.dashed = dashed;
  s.points = measured(fit);
  const auto [lo, hi] = h_range(s.points);
  const Json& slope = fit.at(slope_key);
  const Json& intercept = fit.at(intercept_key);
  if (slope.is_number() && intercept.is_number())
    s.line = line(slope.get<double>(), intercept.get<double>(), lo, hi);
  return s;
}

toolkit::PlotPanel empty_panel(const std::string& title) {
  toolkit::PlotPanel panel;
  panel.title = title;
  panel.x_label = "h (32-bit words)";
  panel.y_label = "time per superstep (us)";
  panel.log_x = panel.log_y = true;
  return panel;
}

}  // namespace

std::string render_result_plot(const Json& r) {
  std::vector<toolkit::PlotPanel> panels;
  const Json& f11 = r.at("formula11");
  for (const Json& e : r.at("per_p")) {
    const int p = static_cast<int>(e.at("p").get<double>());
    if (p < 2) continue;
    toolkit::PlotPanel panel =
        empty_panel("p = " + std::to_string(p) + ": patterns at equal h = in + out" +
                    (e.at("oversubscribed").get<bool>() ? " (oversubscribed)" : ""));
    int color = 0;
    double lo = INFINITY, hi = 0;
    for (const auto& item : e.at("patterns").items()) {
      const std::string& name = item.key();
      const Json& fit = item.value();
      toolkit::PlotSeries s =
          fitted_series(fit, name, "g", "L", toolkit::palette_color(color++), false);
      const auto [a, b] = h_range(s.points);
      lo = std::min(lo, a);
      hi = std::max(hi, b);
      panel.series.push_back(std::move(s));
    }
    if (!f11.is_null()) {
      toolkit::PlotSeries avg;
      avg.label = "formula 11";
      avg.color = "#000000";
      avg.dashed = true;
      avg.line = line(f11.at("g").get<double>(), f11.at("L").get<double>(), lo, hi);
      panel.series.push_back(std::move(avg));
    }
    panels.push_back(std::move(panel));
  }

  toolkit::PlotPanel table1 =
      empty_panel("Table 1: local (solid), global (dashed); h = max(in, out)");
  int color = 0;
  for (const Json& e : r.at("per_p")) {
    const std::string p = std::to_string(static_cast<int>(e.at("p").get<double>()));
    const char* c = toolkit::palette_color(color++);
    for (const char* key : {"g_local", "g_global"}) {
      const Json& fit = e.at(key);
      if (fit.is_null()) continue;
      const bool global = std::string(key) == "g_global";
      table1.series.push_back(fitted_series(fit, (global ? "global p=" : "local p=") + p, "slope",
                                            "intercept", c, global));
    }
  }
  panels.push_back(std::move(table1));

  toolkit::PlotLayout layout;
  layout.title = "bspprobe: " + r.at("machine").get<std::string>() + " (" +
                 r.at("date").get<std::string>() +
                 "); points: median and interquartile range; lines: least-squares fits";
  layout.columns = panels.size() == 1 ? 1 : 2;
  return toolkit::render_svg(panels, layout);
}

}  // namespace bspprobe
