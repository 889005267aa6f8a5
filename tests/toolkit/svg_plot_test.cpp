// The plain SVG writer produces a well-formed document with what it was given.
#include "svg_plot.hpp"

#include <gtest/gtest.h>

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

TEST(SvgPlot, BalanceCheckerCatchesBrokenDocuments) {
  EXPECT_NE(testing::xml_balance_problem("<svg><g></svg>"), "");
  EXPECT_NE(testing::xml_balance_problem("<svg>a & b</svg>"), "");
  EXPECT_NE(testing::xml_balance_problem("<svg x=\"1\""), "");
}

}  // namespace
}  // namespace toolkit
