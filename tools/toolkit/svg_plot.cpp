#include "svg_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace toolkit {

namespace {

constexpr double kMarginLeft = 78, kMarginRight = 150, kMarginTop = 34, kMarginBottom = 50;

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// A tick label: short, and in engineering style for large or small values.
std::string tick_label(double v) {
  char buf[32];
  const double a = std::fabs(v);
  if (v == 0) return "0";
  if (a >= 1e4 || a < 1e-2)
    std::snprintf(buf, sizeof buf, "%.0e", v);
  else
    std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// One axis: maps data values to pixels between lo_px and hi_px.
class Axis {
 public:
  Axis(bool log, double lo, double hi, double lo_px, double hi_px)
      : log_(log), lo_(transform(log, lo)), hi_(transform(log, hi)), lo_px_(lo_px), hi_px_(hi_px) {
    if (hi_ <= lo_) hi_ = lo_ + 1;
  }

  static double transform(bool log, double v) { return log ? std::log10(v) : v; }

  double pixel(double v) const {
    return lo_px_ + (transform(log_, v) - lo_) / (hi_ - lo_) * (hi_px_ - lo_px_);
  }

  // Tick positions in data units: decades on a log axis, 1-2-5 steps otherwise.
  std::vector<double> ticks() const {
    std::vector<double> out;
    if (log_) {
      // Decades; on a short axis also 2 and 5 times them, then every digit.
      for (const std::vector<double>& mantissas :
           {std::vector<double>{1}, {1, 2, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9}}) {
        out.clear();
        for (double e = std::floor(lo_); e <= std::ceil(hi_); e += 1)
          for (double m : mantissas) {
            const double v = std::log10(m) + e;
            if (v >= lo_ - 1e-9 && v <= hi_ + 1e-9) out.push_back(m * std::pow(10.0, e));
          }
        if (out.size() >= 3) break;
      }
      return out;
    }
    const double raw = (hi_ - lo_) / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0})
      if (m * magnitude >= raw) {
        step = m * magnitude;
        break;
      }
    for (double v = std::ceil(lo_ / step) * step; v <= hi_ + step * 1e-9; v += step)
      out.push_back(std::fabs(v) < step * 1e-9 ? 0 : v);
    return out;
  }

 private:
  bool log_;
  double lo_, hi_, lo_px_, hi_px_;
};

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

void draw_panel(std::ostringstream& svg, const PlotPanel& panel, double x0, double y0, double w,
                double h) {
  const double left = x0 + kMarginLeft, right = x0 + w - kMarginRight;
  const double top = y0 + kMarginTop, bottom = y0 + h - kMarginBottom;

  svg << "<g>\n<text x=\"" << num((left + right) / 2) << "\" y=\"" << num(y0 + 20)
      << "\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">"
      << xml_escape(panel.title) << "</text>\n";
  svg << "<rect x=\"" << num(left) << "\" y=\"" << num(top) << "\" width=\"" << num(right - left)
      << "\" height=\"" << num(bottom - top) << "\" fill=\"none\" stroke=\"#444\"/>\n";

  Range xr, yr;
  for (const PlotSeries& s : panel.series) {
    for (const auto* set : {&s.points, &s.line}) {
      for (const PlotPoint& p : *set) {
        if (!drawable(p.x, panel.log_x) || !drawable(p.y, panel.log_y)) continue;
        xr.add(p.x);
        yr.add(p.y);
      }
    }
  }
  if (xr.empty() || yr.empty()) {
    svg << "<text x=\"" << num((left + right) / 2) << "\" y=\"" << num((top + bottom) / 2)
        << "\" text-anchor=\"middle\" font-size=\"12\" fill=\"#888\">no data</text>\n</g>\n";
    return;
  }
  pad(xr, panel.log_x);
  pad(yr, panel.log_y);
  const Axis xa(panel.log_x, xr.lo, xr.hi, left, right);
  const Axis ya(panel.log_y, yr.lo, yr.hi, bottom, top);

  for (double t : xa.ticks()) {
    const double px = xa.pixel(t);
    svg << "<line x1=\"" << num(px) << "\" y1=\"" << num(top) << "\" x2=\"" << num(px) << "\" y2=\""
        << num(bottom) << "\" stroke=\"#e4e4e4\"/>\n";
    svg << "<text x=\"" << num(px) << "\" y=\"" << num(bottom + 16)
        << "\" text-anchor=\"middle\" font-size=\"11\">" << xml_escape(tick_label(t))
        << "</text>\n";
  }
  for (double t : ya.ticks()) {
    const double py = ya.pixel(t);
    svg << "<line x1=\"" << num(left) << "\" y1=\"" << num(py) << "\" x2=\"" << num(right)
        << "\" y2=\"" << num(py) << "\" stroke=\"#e4e4e4\"/>\n";
    svg << "<text x=\"" << num(left - 6) << "\" y=\"" << num(py + 4)
        << "\" text-anchor=\"end\" font-size=\"11\">" << xml_escape(tick_label(t)) << "</text>\n";
  }
  svg << "<text x=\"" << num((left + right) / 2) << "\" y=\"" << num(bottom + 36)
      << "\" text-anchor=\"middle\" font-size=\"12\">" << xml_escape(panel.x_label) << "</text>\n";
  svg << "<text transform=\"translate(" << num(x0 + 16) << "," << num((top + bottom) / 2)
      << ") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\">" << xml_escape(panel.y_label)
      << "</text>\n";

  svg << "<svg x=\"" << num(left) << "\" y=\"" << num(top) << "\" width=\"" << num(right - left)
      << "\" height=\"" << num(bottom - top) << "\" viewBox=\"" << num(left) << " " << num(top)
      << " " << num(right - left) << " " << num(bottom - top) << "\" overflow=\"hidden\">\n";
  for (const PlotSeries& s : panel.series) {
    const std::string color = xml_escape(s.color);
    std::string polyline;
    for (const PlotPoint& p : s.line) {
      if (!drawable(p.x, panel.log_x) || !drawable(p.y, panel.log_y)) continue;
      polyline += num(xa.pixel(p.x)) + "," + num(ya.pixel(p.y)) + " ";
    }
    if (!polyline.empty())
      svg << "<polyline points=\"" << polyline << "\" fill=\"none\" stroke=\"" << color
          << "\" stroke-width=\"1.5\"" << (s.dashed ? " stroke-dasharray=\"6,4\"" : "") << "/>\n";
    for (const PlotPoint& p : s.points) {
      if (!drawable(p.x, panel.log_x) || !drawable(p.y, panel.log_y)) continue;
      const double px = xa.pixel(p.x), py = ya.pixel(p.y);
      if (p.y_low < p.y_high && drawable(p.y_low, panel.log_y) && drawable(p.y_high, panel.log_y))
        svg << "<line x1=\"" << num(px) << "\" y1=\"" << num(ya.pixel(p.y_low)) << "\" x2=\""
            << num(px) << "\" y2=\"" << num(ya.pixel(p.y_high)) << "\" stroke=\"" << color
            << "\"/>\n";
      svg << "<circle cx=\"" << num(px) << "\" cy=\"" << num(py) << "\" r=\"3\" fill=\"" << color
          << "\"/>\n";
    }
  }
  svg << "</svg>\n";

  double ly = top + 8;
  for (const PlotSeries& s : panel.series) {
    const double lx = right + 12;
    svg << "<line x1=\"" << num(lx) << "\" y1=\"" << num(ly) << "\" x2=\"" << num(lx + 22)
        << "\" y2=\"" << num(ly) << "\" stroke=\"" << xml_escape(s.color) << "\" stroke-width=\"2\""
        << (s.dashed ? " stroke-dasharray=\"6,4\"" : "") << "/>\n";
    if (!s.points.empty())
      svg << "<circle cx=\"" << num(lx + 11) << "\" cy=\"" << num(ly) << "\" r=\"3\" fill=\""
          << xml_escape(s.color) << "\"/>\n";
    svg << "<text x=\"" << num(lx + 28) << "\" y=\"" << num(ly + 4) << "\" font-size=\"11\">"
        << xml_escape(s.label) << "</text>\n";
    ly += 17;
  }
  svg << "</g>\n";
}

}  // namespace

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
  constexpr int n = sizeof colors / sizeof colors[0];
  return colors[((i % n) + n) % n];
}

std::string render_svg(const std::vector<PlotPanel>& panels, const PlotLayout& layout) {
  const int columns = std::max(1, layout.columns);
  const int rows = std::max(1, static_cast<int>((panels.size() + columns - 1) / columns));
  const double title_height = layout.title.empty() ? 0 : 36;
  const double width = columns * layout.panel_width;
  const double height = title_height + rows * layout.panel_height;

  std::ostringstream svg;
  svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\""
      << num(height) << "\" viewBox=\"0 0 " << num(width) << " " << num(height)
      << "\" font-family=\"Helvetica, Arial, sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  if (!layout.title.empty())
    svg << "<text x=\"" << num(width / 2) << "\" y=\"24\" text-anchor=\"middle\" font-size=\"16\">"
        << xml_escape(layout.title) << "</text>\n";
  for (std::size_t i = 0; i < panels.size(); ++i) {
    const double x0 = static_cast<double>(i % columns) * layout.panel_width;
    const double y0 = title_height + static_cast<double>(i / columns) * layout.panel_height;
    draw_panel(svg, panels[i], x0, y0, layout.panel_width, layout.panel_height);
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace toolkit
