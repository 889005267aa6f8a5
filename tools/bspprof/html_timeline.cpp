// The timeline: one lane per process on a common time axis.
#include <algorithm>
#include <sstream>

#include "html_parts.hpp"
#include "html_svg.hpp"
#include "svg_axis.hpp"
#include "svg_plot.hpp"
#include "units.hpp"

namespace bspprof {

using toolkit::svg_num;

namespace {

constexpr double kWidth = 1100, kLeft = 120, kRight = 24, kTop = 40;

struct Phase {
  const char* name;
  const char* color;
};
constexpr Phase kPhases[3] = {{"computing", "#9ecae1"},
                              {"waiting in bsp_sync for the others", "#fdae6b"},
                              {"moving data", "#31a354"}};
constexpr const char* kBoundary = "superstep ends (the last process leaves bsp_sync)";

struct Frame {
  double t0 = 0, span = 1, lane = 26;
  double x(double t) const { return kLeft + (t - t0) / span * (kWidth - kLeft - kRight); }
};

// The lanes' rectangles; records which phases were drawn.
std::string lanes(const Profile& prof, const Frame& f, bool drawn[3]) {
  std::ostringstream svg;
  for (std::size_t s = 0; s < prof.steps.size(); ++s)
    for (int q = 0; q < prof.nprocs; ++q) {
      const ProcessStep& p = prof.steps[s].procs[q];
      const double parts[3][2] = {{p.begin, p.enter}, {p.enter, p.arrive}, {p.arrive, p.leave}};
      for (int k = 0; k < 3; ++k) {
        const double w = f.x(parts[k][1]) - f.x(parts[k][0]);
        if (!(w > 0)) continue;
        drawn[k] = true;
        svg << "<rect data-series=\"" << kPhases[k].name << "\" x=\"" << svg_num(f.x(parts[k][0]))
            << "\" y=\"" << svg_num(kTop + f.lane * q + 2) << "\" width=\"" << svg_num(w)
            << "\" height=\"" << svg_num(f.lane - 4) << "\" fill=\"" << kPhases[k].color
            << "\"><title>superstep " << s << " (" << toolkit::xml_escape(short_site(p, 60))
            << "), process " << q << ": " << kPhases[k].name << " "
            << human_time(parts[k][1] - parts[k][0]) << "</title></rect>\n";
      }
    }
  return svg.str();
}

// Process names down the left, every one while they fit.
std::string lane_names(const Profile& prof, const Frame& f) {
  std::ostringstream svg;
  const int every = std::max(1, static_cast<int>(14 / f.lane + 0.999));
  for (int q = 0; q < prof.nprocs; q += every)
    svg << "<text x=\"" << kLeft - 8 << "\" y=\"" << svg_num(kTop + f.lane * q + f.lane / 2 + 4)
        << "\" text-anchor=\"end\">process " << q << "</text>\n";
  return svg.str();
}

// The time axis under the lanes: ticks in one human unit.
std::string time_axis(const Frame& f, double y) {
  const Unit unit = time_unit(f.span);
  std::ostringstream svg;
  svg << "<line x1=\"" << kLeft << "\" x2=\"" << kWidth - kRight << "\" y1=\"" << svg_num(y)
      << "\" y2=\"" << svg_num(y) << "\" stroke=\"#333\"/>\n";
  for (double t : toolkit::linear_ticks(0, f.span / unit.scale, 6)) {
    const double x = f.x(f.t0 + t * unit.scale);
    svg << "<line x1=\"" << svg_num(x) << "\" x2=\"" << svg_num(x) << "\" y1=\"" << svg_num(y)
        << "\" y2=\"" << svg_num(y + 5) << "\" stroke=\"#333\"/><text class=\"tick\" x=\""
        << svg_num(x) << "\" y=\"" << svg_num(y + 18) << "\" text-anchor=\"middle\">"
        << toolkit::tick_label(t) << "</text>\n";
  }
  svg << "<text x=\"" << kLeft - 8 << "\" y=\"" << svg_num(y + 18)
      << "\" text-anchor=\"end\" font-style=\"italic\">time (" << unit.name << ")</text>\n";
  return svg.str();
}

}  // namespace

std::string timeline_svg(const Profile& prof) {
  Frame f;
  f.lane = std::clamp(420.0 / prof.nprocs, 6.0, 26.0);
  f.t0 = prof.steps.front().procs.front().begin;
  double t1 = f.t0;
  for (const ProcessStep& p : prof.steps.front().procs) f.t0 = std::min(f.t0, p.begin);
  std::vector<double> ends;
  for (const Superstep& step : prof.steps) {
    double end = 0;
    for (const ProcessStep& p : step.procs) end = std::max(end, p.leave);
    ends.push_back(end);
    t1 = std::max(t1, end);
  }
  f.span = std::max(t1 - f.t0, 1e-9);
  std::vector<StepMark> marks;
  for (std::size_t s = 0; s < prof.steps.size(); ++s) {
    const double x = (f.x(s == 0 ? f.t0 : ends[s - 1]) + f.x(ends[s])) / 2;
    marks.push_back({x, s, site_text(s, prof.steps[s].procs[0], marks.empty() ? x : marks[0].x)});
  }
  const double lanes_bottom = kTop + f.lane * prof.nprocs;
  const double sites_y = lanes_bottom + 44;
  bool drawn[3] = {false, false, false};
  const std::string rects = lanes(prof, f, drawn);
  Legend legend(kLeft, kWidth - kRight, sites_y + site_depth(marks) + 12);
  for (int k = 0; k < 3; ++k)
    if (drawn[k]) legend.add(kPhases[k].color, 1, false, kPhases[k].name);
  legend.add("#555", 1, true, kBoundary);
  std::ostringstream svg;
  svg << svg_open(kWidth, legend.bottom(), "timeline") << rects << lane_names(prof, f);
  for (double end : ends)
    svg << "<line data-series=\"" << kBoundary << "\" x1=\"" << svg_num(f.x(end)) << "\" x2=\""
        << svg_num(f.x(end)) << "\" y1=\"" << kTop - 14 << "\" y2=\"" << svg_num(lanes_bottom)
        << "\" stroke=\"#555\" stroke-dasharray=\"3,3\"/>\n";
  svg << "<text x=\"" << kLeft - 8 << "\" y=\"" << kTop - 12
      << "\" text-anchor=\"end\" font-style=\"italic\">superstep</text>\n"
      << step_labels(marks, kTop - 12, sites_y) << time_axis(f, lanes_bottom + 2);
  svg << legend.svg() << "</svg>\n";
  return svg.str();
}

}  // namespace bspprof
