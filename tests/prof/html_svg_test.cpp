// The pieces of bspprof's hand-drawn charts: short call sites, superstep
// labels that never overlap, a legend that wraps inside its chart.
#include "html_svg.hpp"

#include <gtest/gtest.h>

#include "tables.hpp"

namespace bspprof {
namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

ProcessStep at(const std::string& site, const std::string& label = "") {
  ProcessStep p;
  p.site = site;
  p.label = label;
  return p;
}

TEST(HtmlSvg, CallSitesDropTheirFoldersAndAreCutInTheMiddle) {
  EXPECT_EQ(short_site(at("../../examples/put_array.c:22"), 40), "put_array.c:22");
  EXPECT_EQ(short_site(at("main.cpp:9", "phase/one"), 40), "main.cpp:9 [phase/one]");
  EXPECT_EQ(short_site(at(""), 40), "?");
  EXPECT_EQ(short_site(at("a/abcdefgh.c:1"), 12), "abcdefgh.c:1");  // exactly fits
  EXPECT_EQ(short_site(at("a/abcdefgh.c:12"), 12), "abcde…h.c:12");
  EXPECT_EQ(short_site(at("é_long_name.c:1"), 4), "é…:1");
  EXPECT_EQ(short_site(at("ééééé.c:1"), 6), "éé…c:1");  // whole UTF-8 characters
  // The file's name and line stay whole; the label gives way, in its middle.
  EXPECT_EQ(short_site(at("apps/fft/fft.c:126", "apps: timer start"), 24),
            "fft.c:126 [apps:… start]");
}

// In the terminal's tables the folders give way first, then the label.
TEST(Tables, CallSitesKeepTheFileNameAndLine) {
  EXPECT_EQ(cut_site("../../examples/put_array.c:22", 24), "../../e...put_array.c:22");
  EXPECT_EQ(cut_site("../../apps/fft/fft.c:126 [apps: timer start]", 24),
            "fft.c:126 [apps...start]");
  EXPECT_EQ(cut_site("put_array.c:22", 24), "put_array.c:22");
  EXPECT_EQ(cut_site("a/b/c/d/e/f/g/h/i/j/k/l/m/n/a_very_long_file_name.c:1234", 24).size(),
            24u);
}

TEST(HtmlSvg, StepLabelsLeaveOutThoseThatWouldOverlap) {
  std::vector<StepMark> marks;
  for (std::size_t s = 0; s < 10; ++s)
    marks.push_back({100.0 + 5.0 * s, s, std::to_string(s) + ": a.c:1"});
  const std::string crowded = step_labels(marks, 10, 50);
  EXPECT_LT(count(crowded, "class=\"step-number\""), 10);
  EXPECT_GE(count(crowded, "class=\"step-number\""), 2);
  EXPECT_NE(crowded.find("data-step=\"0\""), std::string::npos);  // the first is always shown
  for (StepMark& m : marks) m.x = 100.0 + 40.0 * static_cast<double>(m.step);
  const std::string spaced = step_labels(marks, 10, 50);
  EXPECT_EQ(count(spaced, "class=\"step-number\""), 10);
  EXPECT_EQ(count(spaced, "class=\"step-site\""), 10);
  EXPECT_NE(spaced.find(">9: a.c:1</text>"), std::string::npos);
}

TEST(HtmlSvg, LegendWrapsInsideItsWidth) {
  Legend legend(100, 400, 20);
  for (int i = 0; i < 6; ++i) legend.add("#123456", 1, i == 5, "entry number " + std::to_string(i));
  EXPECT_EQ(count(legend.svg(), "data-legend="), 6);
  EXPECT_GT(legend.bottom(), 20 + 8 + 20);  // more than one row
  EXPECT_EQ(count(legend.svg(), "stroke-dasharray"), 1);
  EXPECT_EQ(legend.svg().find("x=\"4"), std::string::npos);  // nothing starts at x >= 400
}

}  // namespace
}  // namespace bspprof
