#include "html.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "svg_plot.hpp"

namespace bspprof {

using toolkit::palette_color;
using toolkit::xml_escape;

namespace {

constexpr const char *kCompute = "#9ecae1", *kWait = "#fdae6b", *kMove = "#31a354";

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// Lanes of rectangles: per process, its computation, waiting and moving in
// every superstep, on one time axis; dashed lines where supersteps end.
std::string timeline(const Assessment& a) {
  const Profile& prof = *a.profile;
  const double left = 70, right = 20, lane = 26, top = 30, width = 1100;
  double t0 = prof.steps.front().procs.front().begin, t1 = 0;
  for (const ProcessStep& p : prof.steps.front().procs) t0 = std::min(t0, p.begin);
  for (const ProcessStep& p : prof.steps.back().procs) t1 = std::max(t1, p.leave);
  const double span = std::max(t1 - t0, 1e-9);
  auto x = [&](double t) { return left + (t - t0) / span * (width - left - right); };
  const double height = top + lane * prof.nprocs + 40;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  for (int q = 0; q < prof.nprocs; ++q)
    svg << "<text x=\"" << left - 8 << "\" y=\"" << num(top + lane * q + lane * 0.65)
        << "\" text-anchor=\"end\">pid " << q << "</text>\n";
  for (std::size_t s = 0; s < prof.steps.size(); ++s) {
    double end = 0;
    for (int q = 0; q < prof.nprocs; ++q) {
      const ProcessStep& p = prof.steps[s].procs[q];
      end = std::max(end, p.leave);
      const double y = top + lane * q + 3;
      const std::pair<double, double> parts[3] = {
          {p.begin, p.enter}, {p.enter, p.arrive}, {p.arrive, p.leave}};
      const char* colors[3] = {kCompute, kWait, kMove};
      for (int k = 0; k < 3; ++k) {
        const double w = std::max(x(parts[k].second) - x(parts[k].first), 0.0);
        if (w <= 0) continue;
        svg << "<rect x=\"" << num(x(parts[k].first)) << "\" y=\"" << num(y) << "\" width=\""
            << num(w) << "\" height=\"" << lane - 6 << "\" fill=\"" << colors[k]
            << "\"><title>superstep " << s << ", pid " << q << "</title></rect>\n";
      }
    }
    svg << "<line x1=\"" << num(x(end)) << "\" x2=\"" << num(x(end)) << "\" y1=\"" << top - 4
        << "\" y2=\"" << num(top + lane * prof.nprocs)
        << "\" stroke=\"#555\" stroke-dasharray=\"3,3\"/>\n";
  }
  const double ly = top + lane * prof.nprocs + 22;
  svg << "<text x=\"" << left << "\" y=\"20\">0 s</text><text x=\"" << width - right
      << "\" y=\"20\" text-anchor=\"end\">" << num(span * 1e3) << " ms</text>\n";
  const char* names[3] = {"computing (w)", "waiting in bsp_sync", "moving data"};
  const char* colors[3] = {kCompute, kWait, kMove};
  for (int k = 0; k < 3; ++k)
    svg << "<rect x=\"" << left + 190 * k << "\" y=\"" << ly - 11
        << "\" width=\"14\" height=\"14\" fill=\"" << colors[k] << "\"/><text x=\""
        << left + 190 * k + 20 << "\" y=\"" << ly << "\">" << names[k] << "</text>\n";
  svg << "</svg>\n";
  return svg.str();
}

// Oxford-style strata: per superstep a column, bytes out stacked by process
// above the axis, bytes in below it, one colour per process.
std::string strata(const Assessment& a) {
  const Profile& prof = *a.profile;
  const double left = 70, top = 30, half = 150, width = 1100;
  const std::size_t n = prof.steps.size();
  double most = 1;
  for (const Superstep& step : prof.steps) {
    double out = 0, in = 0;
    for (const ProcessStep& p : step.procs) {
      out += p.out_total();
      in += p.in_total();
    }
    most = std::max({most, out, in});
  }
  const double col = (width - left - 20) / static_cast<double>(n);
  const double axis = top + half;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\""
      << axis + half + 50 << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"8\" y=\"" << top + 10 << "\">bytes out</text><text x=\"8\" y=\"" << axis + half
      << "\">bytes in</text>\n"
      << "<text x=\"" << left << "\" y=\"20\">tallest column: " << num(most) << " bytes</text>\n";
  for (std::size_t s = 0; s < n; ++s) {
    double up = axis, down = axis;
    const double x = left + col * static_cast<double>(s);
    for (int q = 0; q < prof.nprocs; ++q) {
      const ProcessStep& p = prof.steps[s].procs[q];
      const double ho = p.out_total() / most * half, hi = p.in_total() / most * half;
      const std::string tip = "<title>superstep " + std::to_string(s) + ", pid " +
                              std::to_string(q) + ": " + num(p.out_total()) + " bytes out, " +
                              num(p.in_total()) + " bytes in</title>";
      if (ho > 0) {
        up -= ho;
        svg << "<rect x=\"" << num(x) << "\" y=\"" << num(up) << "\" width=\""
            << num(std::max(col * 0.9, 0.5)) << "\" height=\"" << num(ho) << "\" fill=\""
            << palette_color(q) << "\">" << tip << "</rect>\n";
      }
      if (hi > 0) {
        svg << "<rect x=\"" << num(x) << "\" y=\"" << num(down) << "\" width=\""
            << num(std::max(col * 0.9, 0.5)) << "\" height=\"" << num(hi) << "\" fill=\""
            << palette_color(q) << "\" opacity=\"0.6\">" << tip << "</rect>\n";
        down += hi;
      }
    }
  }
  svg << "<line x1=\"" << left << "\" x2=\"" << width - 20 << "\" y1=\"" << axis << "\" y2=\""
      << axis << "\" stroke=\"black\"/>\n";
  for (int q = 0; q < prof.nprocs && q < 16; ++q)
    svg << "<rect x=\"" << left + 80 * q << "\" y=\"" << axis + half + 25
        << "\" width=\"12\" height=\"12\" fill=\"" << palette_color(q) << "\"/><text x=\""
        << left + 80 * q + 16 << "\" y=\"" << axis + half + 36 << "\">pid " << q << "</text>\n";
  svg << "</svg>\n";
  return svg.str();
}

std::string predicted_vs_measured(const Assessment& a) {
  toolkit::PlotPanel panel;
  panel.title = "time per superstep";
  panel.x_label = "superstep";
  panel.y_label = "seconds";
  panel.log_y = true;
  const Prediction& pr = a.prediction;
  const char* names[4] = {"measured", "BSP", "BSPWB", "MPM"};
  for (int m = 0; m < (a.params ? 4 : 1); ++m) {
    toolkit::PlotSeries series;
    series.label = names[m];
    series.color = palette_color(m);
    series.dashed = m > 0;
    for (std::size_t s = 0; s < pr.steps.size(); ++s) {
      const double v = m == 0 ? pr.steps[s].measured : model_step(pr.steps[s], m - 1);
      toolkit::PlotPoint point{static_cast<double>(s), v, 0, 0};
      (m == 0 ? series.points : series.line).push_back(point);
    }
    panel.series.push_back(series);
  }
  toolkit::PlotLayout layout;
  layout.columns = 1;
  layout.panel_width = 1100;
  layout.panel_height = 420;
  std::string svg = toolkit::render_svg({panel}, layout);
  // Inline in HTML, the XML declaration is not wanted.
  if (svg.rfind("<?xml", 0) == 0) svg.erase(0, svg.find('\n') + 1);
  return svg;
}

}  // namespace

std::string render_html(const Assessment& a, const std::string& report_text) {
  const Profile& prof = *a.profile;
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
       << "<title>bspprof: " << xml_escape(prof.program) << "</title>\n"
       << "<style>body{font-family:Helvetica,Arial,sans-serif;margin:20px;}"
          "pre{background:#f6f6f6;padding:10px;overflow-x:auto;}"
          ".incomplete{background:#fdd;border:1px solid #c00;padding:8px;}</style>\n"
       << "</head><body>\n<h1>bspprof: " << xml_escape(prof.program) << "</h1>\n";
  if (!prof.complete)
    html << "<p class=\"incomplete\">Incomplete profile: the program stopped before bsp_end. "
            "Only the supersteps every process recorded are shown.</p>\n";
  html << "<h2>Timeline</h2>\n"
       << timeline(a) << "<h2>Strata: bytes out and in</h2>\n"
       << strata(a) << "<h2>Predicted and measured</h2>\n"
       << predicted_vs_measured(a) << "<h2>Report</h2>\n<pre>" << xml_escape(report_text)
       << "</pre>\n</body></html>\n";
  return html.str();
}

}  // namespace bspprof
