// A plain SVG writer for small multiples of scatter-and-line charts.
//
// All of the tools' charts of data against data live here (bspprobe, bspprof,
// bsproute): panels laid out in a grid, each with axes (linear or
// logarithmic), tick labels, a legend that shows each series the way it is
// drawn, measured points drawn as markers with optional error bars, and
// fitted curves drawn as polylines. Every mark of a series carries
// data-series="LABEL" and every legend entry data-legend="LABEL", so that a
// test can hold the legend against what was drawn.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace toolkit {

struct PlotPoint {
  double x = 0;
  double y = 0;
  double y_low = 0;  // error bar; ignored unless y_low < y_high
  double y_high = 0;
};

enum class Marker { kNone, kCircle, kSquare, kTriangle, kDiamond };

struct PlotSeries {
  std::string label;              // the legend's text; '\n' starts another line
  std::string color;              // any SVG colour, e.g. "#1f77b4"
  std::vector<PlotPoint> points;  // markers
  std::vector<PlotPoint> line;    // polyline through (x, y), e.g. a fitted line
  bool dashed = false;
  bool dotted = false;  // a dotted line (wins over dashed)
  double line_width = 1.5;
  Marker marker = Marker::kCircle;  // the points' marker
  bool line_markers = false;        // also a marker at every vertex of the line
};

struct PlotPanel {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool log_x = false;
  bool log_y = false;
  bool integer_x = false;    // x ticks at whole numbers only (e.g. superstep numbers)
  int x_intervals = 4;       // at least this many between x ticks on a linear axis
  bool y_from_zero = false;  // a linear y axis that starts at 0
  std::vector<PlotSeries> series;
  std::vector<std::string> notes;  // lines of text under the legend
  // Tick labels, e.g. with a unit each ("10 µs", "1 ms"); empty: tick_label (svg_axis.hpp).
  std::function<std::string(double)> x_format, y_format;
};

struct PlotLayout {
  std::string title;
  std::string subtitle;  // a second, smaller line under the title
  int columns = 2;
  int panel_width = 520;  // pixels
  int panel_height = 380;
  int legend_width = 150;      // to the right of each panel's frame
  bool fluid = false;          // as wide as its container (width 100%) rather than fixed pixels
  std::string svg_attributes;  // added to the <svg> element, e.g. class="chart"
};

// A complete SVG document. Non-positive values on a logarithmic axis and
// non-finite values are left out. A panel without drawable data gets its frame
// and a "no data" note. The panels of an incomplete last row share its whole
// width, so the grid has no empty cell.
std::string render_svg(const std::vector<PlotPanel>& panels, const PlotLayout& layout);

// The same without the XML declaration, for inlining in HTML.
std::string render_inline_svg(const std::vector<PlotPanel>& panels, const PlotLayout& layout);

// Text made safe for XML and HTML, in elements and attribute values.
std::string xml_escape(const std::string& s);

// The colour for series i of a small fixed palette that reads well on white.
const char* palette_color(int i);

// An SVG marker centred on (x, y), with the attributes `extra` (e.g. data-series) added.
std::string marker_svg(Marker marker, double x, double y, const std::string& color,
                       const std::string& extra);

}  // namespace toolkit
