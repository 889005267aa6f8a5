#include "svg_plot.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "svg_axis.hpp"

namespace toolkit {

namespace {

constexpr double kMarginLeft = 78, kMarginTop = 34, kMarginBottom = 50;
constexpr double kLegendLine = 14;  // pixels per line of legend text

std::string n(double v) { return svg_num(v); }

bool drawable(double v, bool log) { return std::isfinite(v) && (!log || v > 0); }

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  bool empty() const { return !(lo <= hi); }
};

// Widens a range so data does not sit on the frame, and so a single value still spans an axis.
void pad(Range& r, bool log) {
  if (log) {
    r.lo /= 1.25;
    r.hi *= 1.25;
  } else {
    const double extra =
        r.hi > r.lo ? 0.05 * (r.hi - r.lo) : (r.lo == 0 ? 1 : 0.1 * std::fabs(r.lo));
    r.lo -= extra;
    r.hi += extra;
  }
}

// Raises the top of a value axis to its next tick where no tick lies above the largest value,
// so that every value reads against a labelled tick at or above it.
void reach_a_tick_above(Range& r, bool log, double bottom_px, double top_px) {
  const double largest = log ? r.hi / 1.25 : r.hi;  // before pad's widening
  for (int round = 0; round < 3; ++round) {
    const std::vector<double> ticks = Axis(log, r.lo, r.hi, bottom_px, top_px).ticks();
    if (ticks.empty() || ticks.back() >= largest) return;
    double next = 0;  // the tick above the largest value
    if (log) {
      const std::vector<double> above = log_ticks(ticks.back() * 1.0001, ticks.back() * 100);
      if (above.empty()) return;
      const auto it =
          std::find_if(above.begin(), above.end(), [&](double t) { return t >= largest; });
      if (it == above.end()) return;
      next = *it;
      r.hi = next * 1.05;
    } else {
      const double step = ticks.size() >= 2 ? ticks[1] - ticks[0] : std::fabs(ticks.back());
      if (!(step > 0)) return;
      next = ticks.back() + step;
      r.hi = next + 0.02 * (next - r.lo);
    }
  }
}

std::string attr(const std::string& name, const std::string& value) {
  return " " + name + "=\"" + xml_escape(value) + "\"";
}

std::string stroke_style(const PlotSeries& s) {
  std::string out =
      " stroke=\"" + xml_escape(s.color) + "\" stroke-width=\"" + n(s.line_width) + "\"";
  if (s.dotted)
    out += " stroke-dasharray=\"1.5,3\" stroke-linecap=\"round\"";
  else if (s.dashed)
    out += " stroke-dasharray=\"6,4\"";
  return out;
}

// The frame and title of a panel.
void draw_frame(std::ostringstream& svg, const PlotPanel& panel, double left, double right,
                double top, double bottom, double title_y) {
  svg << "<text x=\"" << n((left + right) / 2) << "\" y=\"" << n(title_y)
      << "\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">"
      << xml_escape(panel.title) << "</text>\n";
  svg << "<rect x=\"" << n(left) << "\" y=\"" << n(top) << "\" width=\"" << n(right - left)
      << "\" height=\"" << n(bottom - top) << "\" fill=\"none\" stroke=\"#444\"/>\n";
}

// Grid lines, tick labels and axis titles.
void draw_axes(std::ostringstream& svg, const PlotPanel& panel, const Axis& xa, const Axis& ya,
               const Range& x_data, double left, double right, double top, double bottom) {
  const double x_slack = 1e-9 * (std::fabs(x_data.hi) + std::fabs(x_data.lo) + 1);
  for (double t : xa.ticks(panel.x_intervals, panel.integer_x)) {
    // Ticks over the data only: no superstep -1 before superstep 0.
    if (t < x_data.lo - x_slack || t > x_data.hi + x_slack) continue;
    const double px = xa.pixel(t);
    svg << "<line x1=\"" << n(px) << "\" y1=\"" << n(top) << "\" x2=\"" << n(px) << "\" y2=\""
        << n(bottom) << "\" stroke=\"#e4e4e4\"/>\n"
        << "<text x=\"" << n(px) << "\" y=\"" << n(bottom + 16)
        << "\" text-anchor=\"middle\" font-size=\"11\">"
        << xml_escape(panel.x_format ? panel.x_format(t) : tick_label(t)) << "</text>\n";
  }
  for (double t : ya.ticks()) {
    const double py = ya.pixel(t);
    svg << "<line x1=\"" << n(left) << "\" y1=\"" << n(py) << "\" x2=\"" << n(right) << "\" y2=\""
        << n(py) << "\" stroke=\"#e4e4e4\"/>\n"
        << "<text x=\"" << n(left - 6) << "\" y=\"" << n(py + 4)
        << "\" text-anchor=\"end\" font-size=\"11\">"
        << xml_escape(panel.y_format ? panel.y_format(t) : tick_label(t)) << "</text>\n";
  }
  svg << "<text x=\"" << n((left + right) / 2) << "\" y=\"" << n(bottom + 36)
      << "\" text-anchor=\"middle\" font-size=\"12\">" << xml_escape(panel.x_label) << "</text>\n";
  svg << "<text transform=\"translate(" << n(left - kMarginLeft + 16) << ","
      << n((top + bottom) / 2) << ") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\">"
      << xml_escape(panel.y_label) << "</text>\n";
}

// One series' line, error bars and markers, clipped to the plotting area.
void draw_series(std::ostringstream& svg, const PlotPanel& panel, const PlotSeries& s,
                 const Axis& xa, const Axis& ya) {
  const std::string tag = attr("data-series", s.label);
  std::string polyline;
  std::vector<std::pair<double, double>> vertices;
  for (const PlotPoint& p : s.line) {
    if (!drawable(p.x, panel.log_x) || !drawable(p.y, panel.log_y)) continue;
    polyline += n(xa.pixel(p.x)) + "," + n(ya.pixel(p.y)) + " ";
    vertices.emplace_back(xa.pixel(p.x), ya.pixel(p.y));
  }
  if (!polyline.empty())
    svg << "<polyline points=\"" << polyline << "\" fill=\"none\"" << stroke_style(s) << tag
        << "/>\n";
  if (s.line_markers)
    for (const auto& [px, py] : vertices) svg << marker_svg(s.marker, px, py, s.color, tag);
  for (const PlotPoint& p : s.points) {
    if (!drawable(p.x, panel.log_x) || !drawable(p.y, panel.log_y)) continue;
    const double px = xa.pixel(p.x), py = ya.pixel(p.y);
    if (p.y_low < p.y_high && drawable(p.y_low, panel.log_y) && drawable(p.y_high, panel.log_y))
      svg << "<line x1=\"" << n(px) << "\" y1=\"" << n(ya.pixel(p.y_low)) << "\" x2=\"" << n(px)
          << "\" y2=\"" << n(ya.pixel(p.y_high)) << "\" stroke=\"" << xml_escape(s.color) << "\""
          << tag << "/>\n";
    svg << marker_svg(s.marker, px, py, s.color, tag);
  }
}

bool has_marker(const PlotSeries& s) {
  return s.marker != Marker::kNone && (!s.points.empty() || (s.line_markers && !s.line.empty()));
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The legend: each series drawn the way the plot draws it (a line only for a
// series with a line, a marker only for one with markers), then the notes.
void draw_legend(std::ostringstream& svg, const PlotPanel& panel, double lx, double top) {
  double ly = top + 8;
  for (const PlotSeries& s : panel.series) {
    if (s.points.empty() && s.line.empty()) continue;
    svg << "<g" << attr("data-legend", s.label) << ">";
    if (!s.line.empty())
      svg << "<line x1=\"" << n(lx) << "\" y1=\"" << n(ly) << "\" x2=\"" << n(lx + 24) << "\" y2=\""
          << n(ly) << "\"" << stroke_style(s) << "/>";
    if (has_marker(s)) svg << marker_svg(s.marker, lx + 12, ly, s.color, "");
    double ty = ly + 4;
    for (const std::string& line : lines_of(s.label)) {
      svg << "<text x=\"" << n(lx + 30) << "\" y=\"" << n(ty) << "\" font-size=\"11\">"
          << xml_escape(line) << "</text>";
      ty += kLegendLine;
    }
    svg << "</g>\n";
    ly = ty + 4;
  }
  ly += 6;
  for (const std::string& note : panel.notes) {
    svg << "<text class=\"note\" x=\"" << n(lx) << "\" y=\"" << n(ly)
        << "\" font-size=\"11\" fill=\"#333\">" << xml_escape(note) << "</text>\n";
    ly += kLegendLine;
  }
}

void draw_panel(std::ostringstream& svg, const PlotPanel& panel, double x0, double y0, double w,
                double h, double legend_width) {
  const double left = x0 + kMarginLeft, right = x0 + w - legend_width;
  const double top = y0 + kMarginTop, bottom = y0 + h - kMarginBottom;
  svg << "<g class=\"panel\">\n";
  draw_frame(svg, panel, left, right, top, bottom, y0 + 20);
  Range xr, yr;
  for (const PlotSeries& s : panel.series)
    for (const auto* set : {&s.points, &s.line})
      for (const PlotPoint& p : *set) {
        if (!drawable(p.x, panel.log_x) || !drawable(p.y, panel.log_y)) continue;
        xr.add(p.x);
        yr.add(p.y);
      }
  if (xr.empty() || yr.empty()) {
    svg << "<text x=\"" << n((left + right) / 2) << "\" y=\"" << n((top + bottom) / 2)
        << "\" text-anchor=\"middle\" font-size=\"12\" fill=\"#888\">no data</text>\n</g>\n";
    return;
  }
  if (panel.y_from_zero && !panel.log_y) yr.add(0);
  const Range x_data = xr;
  pad(xr, panel.log_x);
  pad(yr, panel.log_y);
  if (panel.y_from_zero && !panel.log_y && yr.lo < 0) yr.lo = 0;
  reach_a_tick_above(yr, panel.log_y, bottom, top);
  const Axis xa(panel.log_x, xr.lo, xr.hi, left, right);
  const Axis ya(panel.log_y, yr.lo, yr.hi, bottom, top);
  draw_axes(svg, panel, xa, ya, x_data, left, right, top, bottom);
  svg << "<svg x=\"" << n(left) << "\" y=\"" << n(top) << "\" width=\"" << n(right - left)
      << "\" height=\"" << n(bottom - top) << "\" viewBox=\"" << n(left) << " " << n(top) << " "
      << n(right - left) << " " << n(bottom - top) << "\" overflow=\"hidden\">\n";
  for (const PlotSeries& s : panel.series) draw_series(svg, panel, s, xa, ya);
  svg << "</svg>\n";
  draw_legend(svg, panel, right + 12, top);
  svg << "</g>\n";
}

}  // namespace

std::string marker_svg(Marker marker, double x, double y, const std::string& color,
                       const std::string& extra) {
  const std::string fill = "fill=\"" + xml_escape(color) + "\"" + extra;
  std::ostringstream out;
  switch (marker) {
    case Marker::kNone:
      break;
    case Marker::kCircle:
      out << "<circle cx=\"" << n(x) << "\" cy=\"" << n(y) << "\" r=\"3\" " << fill << "/>";
      break;
    case Marker::kSquare:
      out << "<rect x=\"" << n(x - 3.5) << "\" y=\"" << n(y - 3.5)
          << "\" width=\"7\" height=\"7\" fill=\"none\" stroke-width=\"1.5\" stroke=\""
          << xml_escape(color) << "\"" << extra << "/>";
      break;
    case Marker::kTriangle:
      out << "<polygon points=\"" << n(x) << "," << n(y - 4.5) << " " << n(x - 4) << "," << n(y + 3)
          << " " << n(x + 4) << "," << n(y + 3) << "\" " << fill << "/>";
      break;
    case Marker::kDiamond:
      out << "<polygon points=\"" << n(x) << "," << n(y - 3) << " " << n(x + 3) << "," << n(y)
          << " " << n(x) << "," << n(y + 3) << " " << n(x - 3) << "," << n(y)
          << "\" fill=\"white\" stroke-width=\"1.2\" stroke=\"" << xml_escape(color) << "\""
          << extra << "/>";
      break;
  }
  if (marker != Marker::kNone) out << "\n";
  return out.str();
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

const char* palette_color(int i) {
  static const char* const colors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                       "#9467bd", "#8c564b", "#e377c2", "#17becf"};
  constexpr int count = sizeof colors / sizeof colors[0];
  return colors[((i % count) + count) % count];
}

std::string render_inline_svg(const std::vector<PlotPanel>& panels, const PlotLayout& layout) {
  const int columns = std::max(1, std::min(layout.columns, static_cast<int>(panels.size())));
  const int rows = std::max(1, static_cast<int>((panels.size() + columns - 1) / columns));
  const double title_height = (layout.title.empty() ? 0 : 30) + (layout.subtitle.empty() ? 0 : 20);
  const double width = columns * layout.panel_width;
  const double height = title_height + rows * layout.panel_height + 6;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
      << (layout.fluid ? std::string("100%") : n(width)) << "\""
      << (layout.fluid ? std::string() : " height=\"" + n(height) + "\"")
      << (layout.svg_attributes.empty() ? "" : " " + layout.svg_attributes) << " viewBox=\"0 0 "
      << n(width) << " " << n(height) << "\" font-family=\"Helvetica, Arial, sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  if (!layout.title.empty())
    svg << "<text x=\"" << n(width / 2) << "\" y=\"22\" text-anchor=\"middle\" font-size=\"16\">"
        << xml_escape(layout.title) << "</text>\n";
  if (!layout.subtitle.empty())
    svg << "<text x=\"" << n(width / 2) << "\" y=\"" << n(title_height - 8)
        << "\" text-anchor=\"middle\" font-size=\"12\" fill=\"#333\">"
        << xml_escape(layout.subtitle) << "</text>\n";
  const std::size_t full = (panels.size() / columns) * columns;
  const std::size_t last_row = panels.size() - full;  // panels in an incomplete last row
  for (std::size_t i = 0; i < panels.size(); ++i) {
    const double w = i < full ? layout.panel_width : width / static_cast<double>(last_row);
    const double x0 = static_cast<double>(i < full ? i % columns : i - full) * w;
    const double y0 = title_height + static_cast<double>(i / columns) * layout.panel_height;
    draw_panel(svg, panels[i], x0, y0, w, layout.panel_height, layout.legend_width);
  }
  svg << "</svg>\n";
  return svg.str();
}

std::string render_svg(const std::vector<PlotPanel>& panels, const PlotLayout& layout) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + render_inline_svg(panels, layout);
}

}  // namespace toolkit
