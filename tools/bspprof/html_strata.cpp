// The strata chart: bytes out (up) and in (down) per process per superstep.
#include <algorithm>
#include <array>
#include <sstream>

#include "html_parts.hpp"
#include "html_svg.hpp"
#include "svg_axis.hpp"
#include "svg_plot.hpp"
#include "units.hpp"

namespace bspprof {

using toolkit::palette_color;
using toolkit::svg_num;

namespace {

constexpr double kWidth = 1100, kLeft = 120, kRight = 24, kTop = 16, kHalf = 140;
constexpr double kInOpacity = 0.45;

std::string series_name(int q, bool out) {
  return "process " + std::to_string(q) + (out ? ": bytes out" : ": bytes in");
}

double tallest_column(const Profile& prof) {
  double most = 0;
  for (const Superstep& step : prof.steps) {
    double out = 0, in = 0;
    for (const ProcessStep& p : step.procs) {
      out += p.out_total();
      in += p.in_total();
    }
    most = std::max({most, out, in});
  }
  return most;
}

// The byte axis: ticks in one human unit, mirrored above (out) and below (in) the middle.
std::string byte_axis(double most, double scale_px) {
  const double axis = kTop + kHalf;
  const Unit unit = byte_unit(most);
  std::ostringstream svg;
  for (double v : toolkit::linear_ticks(0, most / unit.scale, 2, unit.scale == 1))
    for (int side : {-1, 1}) {
      if (v == 0 && side == 1) continue;
      const double y = axis + side * v * unit.scale * scale_px;
      svg << "<line x1=\"" << kLeft - 5 << "\" x2=\"" << kWidth - kRight << "\" y1=\"" << svg_num(y)
          << "\" y2=\"" << svg_num(y) << "\" stroke=\"" << (v == 0 ? "#333" : "#e4e4e4")
          << "\"/><text class=\"tick\" x=\"" << kLeft - 8 << "\" y=\"" << svg_num(y + 4)
          << "\" text-anchor=\"end\">" << toolkit::tick_label(v) << " " << unit.name << "</text>\n";
    }
  svg << "<text transform=\"translate(16," << svg_num(kTop + kHalf / 2)
      << ") rotate(-90)\" text-anchor=\"middle\" font-style=\"italic\">bytes out</text>"
      << "<text transform=\"translate(16," << svg_num(axis + kHalf / 2)
      << ") rotate(-90)\" text-anchor=\"middle\" font-style=\"italic\">bytes in</text>\n";
  return svg.str();
}

// One superstep's column: a process's bytes out stacked upwards, its bytes in downwards.
std::string column(const Profile& prof, std::size_t s, double x, double width, double scale_px,
                   std::vector<std::array<bool, 2>>& drawn) {
  std::ostringstream svg;
  double up = kTop + kHalf, down = up;
  for (int q = 0; q < prof.nprocs; ++q) {
    const ProcessStep& p = prof.steps[s].procs[q];
    const double amount[2] = {p.out_total(), p.in_total()};
    for (int k = 0; k < 2; ++k) {
      const double h = amount[k] * scale_px;
      if (!(h > 0)) continue;
      drawn[q][k] = true;
      if (k == 0) up -= h;
      svg << "<rect data-series=\"" << series_name(q, k == 0) << "\" x=\"" << svg_num(x)
          << "\" y=\"" << svg_num(k == 0 ? up : down) << "\" width=\"" << svg_num(width)
          << "\" height=\"" << svg_num(h) << "\" fill=\"" << palette_color(q)
          << "\" fill-opacity=\"" << (k == 0 ? 1.0 : kInOpacity) << "\"><title>superstep " << s
          << ", process " << q << ": " << human_bytes(amount[k]) << (k == 0 ? " out" : " in")
          << "</title></rect>\n";
      if (k == 1) down += h;
    }
  }
  return svg.str();
}

}  // namespace

std::string strata_svg(const Profile& prof) {
  const std::size_t n = prof.steps.size();
  const double tallest = tallest_column(prof), most = std::max(tallest, 4.0);
  const double col = (kWidth - kLeft - kRight) / static_cast<double>(n);
  const double scale_px = kHalf / (most * 1.05);
  std::vector<std::array<bool, 2>> drawn(prof.nprocs, {false, false});
  std::string columns;
  std::vector<StepMark> marks;
  for (std::size_t s = 0; s < n; ++s) {
    const double x = kLeft + col * static_cast<double>(s);
    columns += column(prof, s, x + col * 0.1, std::max(col * 0.8, 0.5), scale_px, drawn);
    const double centre = x + col / 2;
    marks.push_back(
        {centre, s, site_text(s, prof.steps[s].procs[0], marks.empty() ? centre : marks[0].x)});
  }
  const double numbers_y = kTop + 2 * kHalf + 18, sites_y = numbers_y + 22;
  Legend legend(kLeft, kWidth - kRight, sites_y + site_depth(marks) + 12);
  for (int q = 0; q < prof.nprocs; ++q)
    for (int k = 0; k < 2; ++k)
      if (drawn[q][k])
        legend.add(palette_color(q), k == 0 ? 1 : kInOpacity, false, series_name(q, k == 0));
  std::ostringstream svg;
  svg << svg_open(kWidth, legend.bottom(), "strata") << byte_axis(most, scale_px) << columns
      << "<text x=\"" << kLeft - 8 << "\" y=\"" << svg_num(numbers_y)
      << "\" text-anchor=\"end\" font-style=\"italic\">superstep</text>\n"
      << step_labels(marks, numbers_y, sites_y) << legend.svg();
  if (tallest == 0)
    svg << "<text x=\"" << svg_num((kLeft + kWidth - kRight) / 2) << "\" y=\""
        << svg_num(kTop + kHalf - 8) << "\" text-anchor=\"middle\" fill=\"#666\">"
        << "no process sent or received data</text>\n";
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace bspprof
