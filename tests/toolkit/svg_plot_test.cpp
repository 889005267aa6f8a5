// The plain SVG writer produces a well-formed document with what it was given.
#include "svg_plot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "svg_axis.hpp"
#include "xml_balance.hpp"

namespace toolkit {
namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

PlotPanel sample_panel(bool log) {
  PlotPanel panel;
  panel.title = "p = 2 <E & PP>";
  panel.x_label = "h";
  panel.y_label = "time (us)";
  panel.log_x = panel.log_y = log;
  PlotSeries a;
  a.label = "E";
  a.color = palette_color(0);
  a.points = {{10, 1, 0.9, 1.1}, {100, 5, 4, 6}, {1000, 50, 49, 51}};
  a.line = {{10, 1.2, 0, 0}, {1000, 49, 0, 0}};
  PlotSeries b;
  b.label = "fit";
  b.color = "#000";
  b.dashed = true;
  b.line = {{10, 2, 0, 0}, {1000, 60, 0, 0}};
  panel.series = {a, b};
  return panel;
}

TEST(SvgPlot, WritesWellFormedDocumentWithEscapedText) {
  PlotLayout layout;
  layout.title = "bspprobe & friends";
  const std::string svg = render_svg({sample_panel(true), sample_panel(false)}, layout);
  EXPECT_EQ(testing::xml_balance_problem(svg), "");
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("p = 2 &lt;E &amp; PP&gt;"), std::string::npos);
  EXPECT_NE(svg.find("bspprobe &amp; friends"), std::string::npos);
  EXPECT_EQ(count(svg, "<circle"), 2 * (3 + 1));  // 3 markers + 1 legend marker per panel
  EXPECT_EQ(count(svg, "<polyline"), 4);
  EXPECT_EQ(count(svg, "stroke-dasharray"), 4);  // dashed line and its legend, per panel
}

TEST(SvgPlot, LogAxesLeaveOutValuesTheyCannotShow) {
  PlotPanel panel = sample_panel(true);
  panel.series[0].points.push_back({-1, 5, 0, 0});
  panel.series[0].points.push_back({100, 0, 0, 0});
  const std::string svg = render_svg({panel}, PlotLayout{});
  EXPECT_EQ(testing::xml_balance_problem(svg), "");
  EXPECT_EQ(count(svg, "<circle"), 3 + 1);
}

TEST(SvgPlot, PanelWithoutDataSaysSo) {
  PlotPanel panel;
  panel.title = "empty";
  const std::string svg = render_svg({panel}, PlotLayout{});
  EXPECT_EQ(testing::xml_balance_problem(svg), "");
  EXPECT_NE(svg.find("no data"), std::string::npos);
}

// The text of the legend entry of series `label`.
std::string legend_entry(const std::string& svg, const std::string& label) {
  const std::size_t at = svg.find("<g data-legend=\"" + label + "\">");
  return at == std::string::npos ? "" : svg.substr(at, svg.find("</g>", at) - at);
}

TEST(SvgPlot, LegendShowsEachSeriesTheWayItIsDrawn) {
  PlotPanel panel;
  PlotSeries dots, line, both;
  dots.label = "dots";
  dots.points = {{1, 1, 0, 0}, {2, 2, 0, 0}};
  line.label = "line";
  line.line = {{1, 2, 0, 0}, {2, 3, 0, 0}};
  line.dotted = true;
  both.label = "both";
  both.line = line.line;
  both.marker = Marker::kTriangle;
  both.line_markers = true;
  panel.series = {dots, line, both};
  const std::string svg = render_svg({panel}, PlotLayout{});
  EXPECT_EQ(testing::xml_balance_problem(svg), "");
  EXPECT_NE(legend_entry(svg, "dots").find("<circle"), std::string::npos);
  EXPECT_EQ(legend_entry(svg, "dots").find("<line"), std::string::npos);
  EXPECT_NE(legend_entry(svg, "line").find("<line"), std::string::npos);
  EXPECT_NE(legend_entry(svg, "line").find("stroke-dasharray=\"1.5,3\""), std::string::npos);
  EXPECT_EQ(legend_entry(svg, "line").find("<circle"), std::string::npos);
  EXPECT_NE(legend_entry(svg, "both").find("<polygon"), std::string::npos);
  EXPECT_NE(legend_entry(svg, "both").find("<line"), std::string::npos);
  EXPECT_EQ(count(svg, "<polygon"), 2 + 1);  // a triangle per vertex, one in the legend
  EXPECT_EQ(count(svg, "data-series=\"dots\""), 2);
}

TEST(SvgPlot, PanelsOfAnIncompleteLastRowShareItsWidth) {
  PlotLayout layout;  // two columns
  const std::string svg =
      render_svg({sample_panel(false), sample_panel(false), sample_panel(false)}, layout);
  std::vector<double> widths;
  for (std::size_t at = svg.find("fill=\"none\" stroke=\"#444\""); at != std::string::npos;
       at = svg.find("fill=\"none\" stroke=\"#444\"", at + 1)) {
    const std::size_t w = svg.rfind("width=\"", at);
    widths.push_back(std::stod(svg.substr(w + 7)));
  }
  ASSERT_EQ(widths.size(), 3u);
  EXPECT_EQ(widths[0], widths[1]);
  EXPECT_EQ(widths[2], widths[0] + layout.panel_width);  // the third spans both columns
}

TEST(SvgAxis, TicksAreNiceAndEnough) {
  EXPECT_EQ(linear_ticks(0, 1, 5), (std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1}));
  EXPECT_EQ(linear_ticks(0, 527, 6),
            (std::vector<double>{0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500}));
  EXPECT_EQ(linear_ticks(-1.5, 1.5, 4), (std::vector<double>{-1.5, -1, -0.5, 0, 0.5, 1, 1.5}));
  EXPECT_EQ(linear_ticks(0, 2, 6, true), (std::vector<double>{0, 1, 2}));
  for (double hi : {1.0, 2.01, 4.99, 7.3, 999.0})
    EXPECT_GE(linear_ticks(0, hi, 4).size(), 5u) << hi;  // at least 4 intervals
  EXPECT_GE(log_ticks(10, 500).size(), 4u);
  EXPECT_EQ(log_ticks(1, 1e6).size(), 7u);
  EXPECT_EQ(tick_label(0.5), "0.5");
  EXPECT_EQ(tick_label(1000), "1000");
  EXPECT_EQ(tick_label(10000), "10k");
  EXPECT_EQ(tick_label(2e6), "2M");
  EXPECT_EQ(tick_label(0), "0");
}

// The tick labels of one axis, read back from the document: the x axis's are centred under the
// frame, the y axis's right-aligned beside it.
std::vector<double> tick_values(const std::string& svg, const std::string& anchor) {
  std::vector<double> out;
  const std::string key = "text-anchor=\"" + anchor + "\" font-size=\"11\">";
  for (std::size_t at = svg.find(key); at != std::string::npos; at = svg.find(key, at + 1)) {
    const std::size_t from = at + key.size();
    out.push_back(std::stod(svg.substr(from, svg.find('<', from) - from)));
  }
  return out;
}

// Supersteps 0..27 with times from 0.5 to 18 (the bspprof page's plot): no tick before the
// first superstep or after the last, and a tick at or above the largest time, linear or log.
TEST(SvgPlot, TicksLieOverTheDataAndReachAboveTheLargestValue) {
  for (const bool log : {false, true}) {
    PlotPanel panel;
    panel.integer_x = true;
    panel.x_intervals = 20;
    panel.log_y = log;
    PlotSeries s;
    s.label = "measured";
    for (int step = 0; step < 28; ++step)
      s.points.push_back({static_cast<double>(step), step == 13 ? 18.0 : 0.5 + step % 3, 0, 0});
    panel.series = {s};
    const std::string svg = render_svg({panel}, PlotLayout{});
    const std::vector<double> x = tick_values(svg, "middle");
    ASSERT_FALSE(x.empty());
    EXPECT_GE(*std::min_element(x.begin(), x.end()), 0) << log;
    EXPECT_LE(*std::max_element(x.begin(), x.end()), 27) << log;
    const std::vector<double> y = tick_values(svg, "end");
    ASSERT_FALSE(y.empty());
    EXPECT_GE(*std::max_element(y.begin(), y.end()), 18) << log;
  }
}

TEST(SvgPlot, BalanceCheckerCatchesBrokenDocuments) {
  EXPECT_NE(testing::xml_balance_problem("<svg><g></svg>"), "");
  EXPECT_NE(testing::xml_balance_problem("<svg>a & b</svg>"), "");
  EXPECT_NE(testing::xml_balance_problem("<svg x=\"1\""), "");
}

}  // namespace
}  // namespace toolkit
