// A plain SVG writer for small multiples of scatter-and-line charts.
//
// All of the tools' drawing lives here (bspprobe, bsproute): panels laid out in a grid, each with
// axes (linear or logarithmic), tick labels, a legend, measured points drawn as
// markers with optional error bars, and fitted curves drawn as polylines.
#pragma once

#include <string>
#include <vector>

namespace toolkit {

struct PlotPoint {
  double x = 0;
  double y = 0;
  double y_low = 0;  // error bar; ignored unless y_low < y_high
  double y_high = 0;
};

struct PlotSeries {
  std::string label;
  std::string color;              // any SVG colour, e.g. "#1f77b4"
  std::vector<PlotPoint> points;  // markers
  std::vector<PlotPoint> line;    // polyline through (x, y), e.g. a fitted line
  bool dashed = false;
};

struct PlotPanel {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool log_x = false;
  bool log_y = false;
  std::vector<PlotSeries> series;
};

struct PlotLayout {
  std::string title;
  int columns = 2;
  int panel_width = 520;  // pixels
  int panel_height = 380;
};

// A complete SVG document. Non-positive values on a logarithmic axis and
// non-finite values are left out. A panel without drawable data gets its frame
// and a "no data" note.
std::string render_svg(const std::vector<PlotPanel>& panels, const PlotLayout& layout);

// Text made safe for XML and HTML, in elements and attribute values.
std::string xml_escape(const std::string& s);

// The colour for series i of a small fixed palette that reads well on white.
const char* palette_color(int i);

}  // namespace toolkit
