// bspprobe's plot on made-up results: fitted lines stay over the h they were
// fitted on and never below the points they summarise (least-squares lines
// with negative intercepts), every panel prints its g and L, the patterns are
// named in words, and only panels with data are laid out.
#include "probe_plot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "synthetic_result.hpp"
#include "xml_balance.hpp"

namespace bspprobe {
namespace {

// t = g h + intercept at h = 16, 256, ..., 2^20, medians a little above it at
// small h (where real machines have a floor the line does not model).
FittedCurve curve(const std::string& name, double g, double intercept) {
  FittedCurve c;
  c.name = name;
  for (double h = 16; h <= (1 << 20); h *= 16) {
    const double t = std::max(g * h + intercept, 2e-6);
    c.points.push_back({h, t, t * 0.95, t * 1.05});
  }
  c.g = g;
  c.intercept = intercept;
  return c;
}

// p = 2 with patterns whose fits have negative intercepts, p = 4 with no
// measurements at all, and the shifts at p = 1 and 2.
ProbePlotData made_up() {
  ProbePlotData d;
  d.machine = "Test CPU";
  d.date = "2000-01-01";
  d.processors = 2;
  PatternsAtP two{2, false, {}};
  const char* names[] = {"exchange", "ping-pong", "one to all", "all to one", "all to all"};
  for (int i = 0; i < 5; ++i) two.patterns.push_back(curve(names[i], (1 + i) * 1e-10, -4e-6));
  d.patterns = {two, PatternsAtP{4, true, {}}};
  ShiftsAtP one{1, curve("shift to the next process", 1e-10, -1e-6), std::nullopt, 3e-8};
  ShiftsAtP pair{2, curve("shift to the next process", 2e-10, -2e-6),
                 curve("total exchange", 3e-10, -3e-6), 2e-6};
  d.shifts = {one, pair};
  d.average_g = 3e-10;
  d.average_L = -5e-6;
  return d;
}

std::vector<std::string> panels_of(const std::string& svg) {
  std::vector<std::string> out;
  const std::string mark = "<g class=\"panel\">";
  for (std::size_t at = svg.find(mark); at != std::string::npos;) {
    const std::size_t next = svg.find(mark, at + 1);
    out.push_back(svg.substr(at, next == std::string::npos ? std::string::npos : next - at));
    at = next;
  }
  return out;
}

// The plotting area of a panel: the nested <svg> that holds the data.
std::string plotting_area(const std::string& panel) {
  const std::size_t begin = panel.find("<svg"), end = panel.find("</svg>");
  return panel.substr(begin, end - begin);
}

// The first group of every match.
std::vector<std::string> matches(const std::string& text, const std::regex& pattern) {
  std::vector<std::string> out;
  for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it)
    out.push_back((*it)[1]);
  return out;
}

std::vector<double> numbers(const std::string& text, const std::regex& pattern) {
  std::vector<double> out;
  for (const std::string& m : matches(text, pattern)) out.push_back(std::stod(m));
  return out;
}

TEST(ProbePlot, FittedLinesNeverGoBelowTheLowestMeasuredPointOfTheirPanel) {
  const std::string svg = render_probe_plot(made_up());
  ASSERT_EQ(toolkit::testing::xml_balance_problem(svg), "");
  for (const std::string& panel : panels_of(svg)) {
    const std::string area = plotting_area(panel);
    // Pixels grow downwards: the lowest point has the largest y.
    const std::vector<double> markers = numbers(area, std::regex("<circle[^>]* cy=\"([-0-9.]+)\""));
    ASSERT_FALSE(markers.empty());
    const double lowest = *std::max_element(markers.begin(), markers.end());
    int lines = 0;
    for (const std::string& points : matches(area, std::regex("<polyline points=\"([^\"]*)\""))) {
      ++lines;
      for (double y : numbers(points, std::regex(",([-0-9.]+)")))
        EXPECT_LE(y, lowest + 0.01) << "a fitted line dives below the measured points";
    }
    EXPECT_GT(lines, 0);
  }
}

TEST(ProbePlot, FittedLinesSpanOnlyTheMeasuredH) {
  const std::string area = plotting_area(panels_of(render_probe_plot(made_up()))[0]);
  const std::regex circle("<circle cx=\"([-0-9.]+)\"[^>]*data-series=\"exchange[^\"a-z]");
  const std::vector<double> xs = numbers(area, circle);
  ASSERT_EQ(xs.size(), 5u);
  const std::vector<std::string> lines =
      matches(area, std::regex("<polyline points=\"([^\"]*)\"[^>]*data-series=\"exchange[^\"a-z]"));
  ASSERT_EQ(lines.size(), 1u);
  for (double x : numbers(lines[0], std::regex("([-0-9.]+),"))) {
    EXPECT_GE(x, *std::min_element(xs.begin(), xs.end()) - 0.01);
    EXPECT_LE(x, *std::max_element(xs.begin(), xs.end()) + 0.01);
  }
}

TEST(ProbePlot, EveryPanelPrintsItsFitsAndOnlyPanelsWithDataAreLaidOut) {
  const std::string svg = render_probe_plot(made_up());
  const std::vector<std::string> panels = panels_of(svg);
  ASSERT_EQ(panels.size(), 2u);  // p = 2 and the shifts; p = 4 measured nothing
  EXPECT_EQ(svg.find("no data"), std::string::npos);
  for (const std::string& panel : panels) {
    EXPECT_NE(panel.find("g = "), std::string::npos);
    EXPECT_NE(panel.find("L = "), std::string::npos);
  }
  EXPECT_NE(panels[0].find("g = 0.1 ns/word, L = -4 µs"), std::string::npos);
  EXPECT_NE(panels[0].find("g = 0.3 ns/word, L = -5 µs"), std::string::npos);  // the average
  EXPECT_NE(panels[1].find("p = 2: l = 2 µs (an empty superstep)"), std::string::npos);
}

TEST(ProbePlot, NamesPatternsInWordsOnARealResult) {
  const std::string svg = render_result_plot(testing::synthetic_result({1, 2, 4}));
  EXPECT_EQ(toolkit::testing::xml_balance_problem(svg), "");
  EXPECT_EQ(panels_of(svg).size(), 3u);
  for (const char* words :
       {"exchange", "ping-pong", "one to all", "all to one", "all to all",
        "least-squares fit over all patterns", "shift to the next process, p = 1",
        "total exchange, p = 4", "p = 4: five patterns at equal h (oversubscribed: 2 processors)"})
    EXPECT_NE(svg.find(words), std::string::npos) << words;
  for (const char* jargon : {"formula 11", "Table 1", ">E<", ">PP<", "(E)", "(PP)", "(OA)", "(AA)"})
    EXPECT_EQ(svg.find(jargon), std::string::npos) << jargon;
}

}  // namespace
}  // namespace bspprobe
