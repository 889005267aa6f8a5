#include "route_plot.hpp"

#include <cstdio>

#include "paper.hpp"
#include "svg_plot.hpp"

namespace bsproute {

namespace {

std::string label(const char* fmt, double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, fmt, v);
  return buffer;
}

}  // namespace

std::string grid_svg(const GridResult& g) {
  toolkit::PlotPanel steps, busiest;
  steps.title = "routing steps r(n,h)";
  busiest.title = "packets through the busiest node d(n,h)";
  steps.x_label = busiest.x_label = "h";
  steps.y_label = "steps";
  busiest.y_label = "packets";
  const bool hypercube = g.spec.base.topology == "hypercube";
  int colour = 0;
  for (int n : g.spec.ns) {
    toolkit::PlotSeries r, d, r_paper, d_paper;
    r.label = d.label = label("n = %.0f", n);
    r.color = d.color = r_paper.color = d_paper.color = toolkit::palette_color(colour++);
    r_paper.label = d_paper.label = label("Juurlink and Wijshoff (1993), n = %.0f", n);
    r_paper.dashed = d_paper.dashed = true;
    const LawFit& f = g.laws;
    for (const GridPoint& p : g.points) {
      if (p.n != n) continue;
      const double h = p.h;
      r.points.push_back({h, p.steps.mean, p.steps.min, p.steps.max});
      d.points.push_back({h, p.busiest_node.mean, p.busiest_node.min, p.busiest_node.max});
      r.line.push_back({h, f.steps_per_h * h + f.steps_per_n * n, 0, 0});
      d.line.push_back({h, (f.busiest_per_h + f.busiest_per_nh * n) * h, 0, 0});
      r_paper.line.push_back({h, paper::kStepsPerH * h + paper::kStepsPerN * n, 0, 0});
      d_paper.line.push_back({h, (paper::kBusiestPerH + paper::kBusiestPerNH * n) * h, 0, 0});
    }
    steps.series.push_back(r);
    busiest.series.push_back(d);
    if (hypercube) {
      steps.series.push_back(r_paper);
      busiest.series.push_back(d_paper);
    }
  }
  toolkit::PlotLayout layout;
  layout.title = "bsproute: " + g.spec.base.topology + ", routing " +
                 routing_name(g.spec.base.routing) +
                 " (points: simulated mean, bars: range; solid: fitted; dashed: the laws of "
                 "Juurlink and Wijshoff (1993))";
  return toolkit::render_svg({steps, busiest}, layout);
}

std::string efficiency_svg(const std::vector<EfficiencyCurve>& dma,
                           const std::vector<EfficiencyCurve>& crossbar) {
  auto panel = [](const char* title, const std::vector<EfficiencyCurve>& curves) {
    toolkit::PlotPanel p;
    p.title = title;
    p.x_label = "N";
    p.y_label = "C / t_m";
    p.log_x = true;
    int colour = 0;
    for (const auto& c : curves) {
      toolkit::PlotSeries s;
      s.label = label("efficiency %.0f%%", 100 * c.efficiency);
      s.color = toolkit::palette_color(colour++);
      for (std::size_t i = 0; i < c.nodes.size(); ++i) {
        s.points.push_back({c.nodes[i], c.lambda[i], 0, 0});
        s.line.push_back({c.nodes[i], c.lambda[i], 0, 0});
      }
      p.series.push_back(s);
    }
    return p;
  };
  toolkit::PlotLayout layout;
  layout.title =
      "C/t_m a node needs to keep each efficiency, as Juurlink and Wijshoff (1993) model it";
  return toolkit::render_svg(
      {panel("nodes with DMA", dma), panel("nodes joined by a crossbar", crossbar)}, layout);
}

}  // namespace bsproute
