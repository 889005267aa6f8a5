// Pieces the page's hand-drawn charts (timeline, strata) share: the SVG
// element, superstep numbers and call sites along an axis, legend swatches.
// Marks carry data-series="NAME" and legend entries data-legend="NAME" (as in
// toolkit's svg_plot), so that a test can hold the legend against the marks.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "profile.hpp"

namespace bspprof {

// The chart font's average character width at 11 px, a little generous.
constexpr double kCharWidth = 6.6;

// An <svg> that scales to its container's width, drawn in a width x height box.
std::string svg_open(double width, double height, const std::string& chart);

// A superstep's call site for a chart: the file's name without its folders,
// the line and any label, cut to at most max_chars (keeping the end).
std::string short_site(const ProcessStep& p, std::size_t max_chars);

struct StepMark {
  double x = 0;  // the superstep's centre
  std::size_t step = 0;
  std::string site;  // the slanted text, e.g. "3: put_array.c:29"
};

// The slanted text of superstep `step` of a chart whose first mark is at
// x_first: "3: put_array.c:29", short enough to stay inside the chart.
std::string site_text(std::size_t step, const ProcessStep& p, double x_first);

// The vertical room the rotated sites need.
double site_depth(const std::vector<StepMark>& marks);

// The superstep numbers along y_numbers (bold, centred) and the call sites
// below y_sites, slanted at 45 degrees; labels that would overlap their left
// neighbour are left out (the page's table lists every superstep).
std::string step_labels(const std::vector<StepMark>& marks, double y_numbers, double y_sites);

// A legend in rows between x_min and x_max, starting at y. Each entry is a
// square of colour (at the opacity the chart uses) or, dashed, a dashed line,
// then its name.
class Legend {
 public:
  Legend(double x_min, double x_max, double y) : x_min_(x_min), x_max_(x_max), x_(x_min), y_(y) {}
  void add(const std::string& color, double opacity, bool dashed, const std::string& name);
  const std::string& svg() const { return svg_; }
  double bottom() const { return y_ + 8; }  // below the last row

 private:
  double x_min_, x_max_, x_, y_;
  std::string svg_;
};

}  // namespace bspprof
