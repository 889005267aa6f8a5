// Measured time per superstep against each model's prediction.
#include <algorithm>
#include <cmath>

#include "html_parts.hpp"
#include "svg_plot.hpp"
#include "units.hpp"

namespace bspprof {

namespace {

struct ModelStyle {
  const char* label;
  const char* color;
  toolkit::Marker marker;
};

// Each model with its own marker (an open square, a triangle, an open diamond), so that
// coinciding predictions stay visible one over another.
constexpr ModelStyle kModels[3] = {
    {"BSP: w + g·h + l", "#6baed6", toolkit::Marker::kSquare},
    {"BSPWB: BSP without barriers", "#e6550d", toolkit::Marker::kTriangle},
    {"MPM: message passing machine", "#31a354", toolkit::Marker::kDiamond}};

// Whether two models predict the same for every superstep (to a part in 10^6).
bool same(const Prediction& pr, int a, int b) {
  return std::all_of(pr.steps.begin(), pr.steps.end(), [&](const StepPrediction& sp) {
    const double x = model_step(sp, a), y = model_step(sp, b);
    return std::fabs(x - y) <= 1e-6 * std::max(std::fabs(x), std::fabs(y));
  });
}

}  // namespace

std::string prediction_svg(const Assessment& a) {
  const Prediction& pr = a.prediction;
  const bool models = a.params.has_value();
  toolkit::PlotPanel panel;
  panel.x_label = "superstep";
  panel.y_label = "time of the superstep";
  panel.integer_x = true;
  panel.x_intervals = std::clamp(static_cast<int>(pr.steps.size()) - 1, 1, 20);
  panel.y_format = [](double seconds) { return seconds == 0 ? "0" : human_time(seconds); };
  toolkit::PlotSeries measured;
  measured.label = "measured";
  measured.color = "#111111";
  double lo = INFINITY, hi = 0;
  for (std::size_t s = 0; s < pr.steps.size(); ++s) {
    const double v = pr.steps[s].measured;
    measured.points.push_back({static_cast<double>(s), v, 0, 0});
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  panel.series.push_back(measured);
  for (int m = 0; m < (models ? 3 : 0); ++m) {
    const ModelStyle& style = kModels[m];
    toolkit::PlotSeries s;
    s.label = style.label;
    s.color = style.color;
    s.marker = style.marker;
    // Markers only: each superstep is predicted on its own, and a line between two would
    // draw values for the time between them that no model gives.
    for (std::size_t k = 0; k < pr.steps.size(); ++k) {
      const double v = model_step(pr.steps[k], m);
      s.points.push_back({static_cast<double>(k), v, 0, 0});
      if (v > 0) lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    panel.series.push_back(s);
  }
  // A logarithmic axis where times differ by more than 20 times, so that the short supersteps show.
  panel.log_y = lo > 0 && hi / lo > 20;
  panel.y_from_zero = !panel.log_y;
  if (panel.log_y) panel.notes.push_back("logarithmic time axis");
  if (models && same(pr, 1, 2)) panel.notes.push_back("BSPWB and MPM predict the same here");
  if (models && same(pr, 0, 1)) panel.notes.push_back("BSP and BSPWB predict the same here");
  toolkit::PlotLayout layout;
  layout.columns = 1;
  layout.panel_width = 1100;
  layout.panel_height = 400;
  layout.legend_width = 250;
  layout.fluid = true;
  layout.svg_attributes = "class=\"chart\" data-chart=\"prediction\"";
  return toolkit::render_inline_svg({panel}, layout);
}

}  // namespace bspprof
